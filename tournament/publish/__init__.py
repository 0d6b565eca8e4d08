"""The laptop's side of publishing to a results server (issue 36; the server's contract is
circuit/README.md): what a push carries (`content`), how it travels (`client`), the outbox
that keeps pushing each published concours until the server confirms it (`outbox`), and the
desk's words for where it stands (`status`). `circuit/` reads what this sends; nothing here
imports `circuit/`."""
