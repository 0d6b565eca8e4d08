"""Build the command as a PyInstaller one-folder application: dist/pyinstaller/concours-belote/
with its executable `concours-belote` (`.exe` on Windows), the base of a Windows installer
(docs/packaging.md). Built and run here on Linux; on Windows, MSYS2's Pango DLLs must be
added beside the executable (--add-binary), which this script does not do yet.

    python scripts/build_pyinstaller.py [OUTPUT_DIR]      (dist/pyinstaller by default)

A throwaway virtual environment gets PyInstaller and the wheel (`scripts/build_wheel.py`)
with its dependencies; PyInstaller then collects the Django apps whole (Django finds their
templates, migrations, template tags and static files by name, which an import graph misses).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYINSTALLER = "pyinstaller==6.22.3"
COLLECTED = ["django", "tournament", "config", "scoring", "circuit", "axes", "django_tables2",
             "django_htmx", "whitenoise", "weasyprint", "pyphen", "tinycss2", "waitress",
             "pikepdf", "django_tasks_db"]
ENTRY = "from tournament.launcher.cli import main\n\nraise SystemExit(main())\n"


def main() -> int:
    output = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else ROOT / "dist" / "pyinstaller"
    with tempfile.TemporaryDirectory(prefix="belote-pyinstaller-") as folder:
        work = Path(folder)
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build_wheel.py"), str(work)],
                       check=True, stdout=subprocess.DEVNULL)
        [wheel] = work.glob("belote_concours-*.whl")
        subprocess.run([sys.executable, "-m", "venv", str(work / "venv")], check=True)
        python = work / "venv" / ("Scripts/python.exe" if sys.platform == "win32"
                                  else "bin/python")
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", PYINSTALLER,
                        str(wheel)], check=True)
        (work / "concours_belote.py").write_text(ENTRY, encoding="utf-8")
        collect = [option for name in COLLECTED for option in ("--collect-all", name)]
        # Run from the throwaway folder: `python -m` puts the working folder first on the
        # path, and from a checkout PyInstaller collected its `config` and `tournament`,
        # without the wheel's share folder (templates, static files, demo): the build
        # failed at its first start, the demo not found.
        subprocess.run([str(python), "-m", "PyInstaller", "--noconfirm", "--onedir",
                        "--name", "concours-belote", "--log-level", "WARN",
                        "--distpath", str(output), "--workpath", str(work / "build"),
                        "--specpath", str(work), *collect, "--collect-submodules", "segno",
                        str(work / "concours_belote.py")], check=True, cwd=work)
    print(output / "concours-belote")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
