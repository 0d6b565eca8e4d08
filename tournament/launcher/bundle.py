"""The Windows installer's folder (scripts/build_windows.py): python\\ holds the interpreter
that runs the command, gtk\\ beside it Pango's DLLs, the fontconfig setup and the fonts. The
variables here point WeasyPrint and fontconfig at them before anything loads Pango."""

from __future__ import annotations

import os
from pathlib import Path

MARKER = "pango-1.0-0.dll"


def libraries_folder(executable: str) -> Path | None:
    """The installer's gtk folder beside the interpreter's, or None (a wheel, a checkout)."""
    folder = Path(executable).resolve().parent.parent / "gtk"
    return folder if (folder / MARKER).is_file() else None


def environment(folder: Path, path: str) -> dict[str, str]:
    """WeasyPrint loads Pango with LOAD_LIBRARY_SEARCH_DEFAULT_DIRS from the folders of
    WEASYPRINT_DLL_DIRECTORIES, and Pango's DLLs find each other on PATH: both are needed."""
    fonts = folder / "etc" / "fonts"
    return {
        "PATH": os.pathsep.join([str(folder), path]) if path else str(folder),
        "WEASYPRINT_DLL_DIRECTORIES": str(folder),
        "FONTCONFIG_FILE": str(fonts / "fonts.conf"),
        "FONTCONFIG_PATH": str(fonts),
    }
