"""Build the wheel `make dist` ships: dist/belote_concours-<version>-py3-none-any.whl.

The packages are copied to a staging folder with the project's templates, static files,
compiled catalogue and demo fixture inside `config/share/` (where settings.SHARE_DIR finds
them once installed), and pip builds the wheel there: the checkout gets no build/ nor
.egg-info, and nothing that git does not track (a local database, var/) can slip in.

    python scripts/build_wheel.py [OUTPUT_DIR]      (dist/ by default)
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ["scoring", "tournament", "config", "circuit"]
SHARED = ["templates", "static", "locale", "fixtures"]
IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", "share")


def main() -> int:
    output = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else ROOT / "dist"
    catalogue = ROOT / "locale" / "fr" / "LC_MESSAGES" / "django.mo"
    if not catalogue.exists():
        print(f"{catalogue} manque : `make dist` le compile d'abord.", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="belote-wheel-") as folder:
        stage = Path(folder)
        for package in PACKAGES:
            shutil.copytree(ROOT / package, stage / package, ignore=IGNORE)
        for name in SHARED:
            # axe-core (static/vendor/axe-core) is the accessibility test's, never a page's.
            shutil.copytree(ROOT / name, stage / "config" / "share" / name,
                            ignore=shutil.ignore_patterns("*.po", "*~", "axe-core"))
        for name in ["pyproject.toml", "requirements.txt", "README.md"]:
            shutil.copy2(ROOT / name, stage / name)
        output.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                        "--wheel-dir", str(output), str(stage)], check=True)
    for wheel in sorted(output.glob("belote_concours-*.whl")):
        print(wheel)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
