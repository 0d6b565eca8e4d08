"""The installed command, `concours-belote`: one data folder, one server process, the
browser opened on it (docs/packaging.md). Nothing here is imported by the web app's code
except `first_start` (its first-start page) and `network` (the phones' address)."""

__version__ = "0.1.0"
