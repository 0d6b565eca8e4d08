"""Build a self-contained Linux bundle of the installed command: one folder (and its .tar.gz)
that runs on a Linux computer with no Python installed — its own CPython, the wheel and every
dependency beside it, and a `concours-belote` script to start it. What it still takes from the
system: the C library and Pango (WeasyPrint's, as for every install; docs/packaging.md).

    python scripts/build_linux_bundle.py [--no-archive] [OUTPUT_DIR]   (dist/ by default)

The interpreter is the one running this script (Python 3.12, the same as the dependencies'
binary wheels), copied without its tests, IDLE, Tk, its static library and its site-packages.
"""

from __future__ import annotations

import platform
import shutil
import stat
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VERSION = f"{sys.version_info.major}.{sys.version_info.minor}"
# What a server never uses, 200 MB of the 300 an interpreter's folder holds.
LEFT_OUT = {"test", "idlelib", "tkinter", "turtledemo", "ensurepip", "lib2to3",
            "site-packages", "__phello__", f"config-{VERSION}-{sys.implementation._multiarch}"}

START = """#!/bin/sh
# Concours de belote: start the application from this folder (its own Python inside).
HERE="$(cd "$(dirname "$0")" && pwd)"
# The bundled libpython, not one the system may have at the build machine's path.
export LD_LIBRARY_PATH="$HERE/python/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
unset PYTHONHOME PYTHONPATH
exec "$HERE/python/bin/python%(version)s" -I -c \
  'import sys; sys.path.insert(0, sys.argv.pop(1)); from tournament.launcher.cli import main; \
sys.exit(main())' "$HERE/app" "$@"
"""


def _runtime(target: Path) -> None:
    prefix = Path(sys.base_prefix)
    library = Path(sysconfig.get_paths(vars={"base": str(prefix)})["stdlib"])

    def ignore(folder: str, names: list[str]) -> set[str]:
        left = {name for name in names if name in LEFT_OUT or name.endswith(".a")}
        if Path(folder) == prefix:
            left |= {name for name in names if name not in {"bin", "lib"}}
        if Path(folder) == library.parent:  # lib/: libpython and python3.12/ only
            left |= {name for name in names if not name.startswith(("libpython", "python"))}
        return left

    shutil.copytree(prefix, target, ignore=ignore, symlinks=True)


def main() -> int:
    arguments = sys.argv[1:]
    archived = "--no-archive" not in arguments
    arguments = [argument for argument in arguments if argument != "--no-archive"]
    output = Path(arguments[0]).resolve() if arguments else ROOT / "dist"
    if sys.platform != "linux":
        print("Ce script construit le paquet Linux (voir docs/packaging.md pour Windows).",
              file=sys.stderr)
        return 1
    from tournament.launcher import __version__

    name = f"concours-belote-{__version__}-linux-{platform.machine()}"
    bundle = output / name
    shutil.rmtree(bundle, ignore_errors=True)
    with tempfile.TemporaryDirectory(prefix="belote-bundle-") as folder:
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build_wheel.py"), folder],
                       check=True, stdout=subprocess.DEVNULL)
        [wheel] = Path(folder).glob("belote_concours-*.whl")
        _runtime(bundle / "python")
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--target",
                        str(bundle / "app"), str(wheel)], check=True)
    shutil.rmtree(bundle / "app" / "bin", ignore_errors=True)  # scripts with this path
    start = bundle / "concours-belote"
    start.write_text(START % {"version": VERSION}, encoding="utf-8")
    start.chmod(start.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    size = sum(path.stat().st_size for path in bundle.rglob("*")
               if path.is_file() and not path.is_symlink())
    print(f"{bundle}  ({size / 1e6:.0f} Mo)")
    if archived:
        archive = output / f"{name}.tar.gz"
        with tarfile.open(archive, "w:gz") as tar:
            tar.add(bundle, arcname=name)
        print(f"{archive}  ({archive.stat().st_size / 1e6:.0f} Mo)")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main())
