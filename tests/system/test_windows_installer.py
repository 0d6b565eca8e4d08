"""The Windows installer (scripts/build_windows.py), end to end under wine in a throwaway
prefix: built, installed silently, started on a new data folder (the home page and the demo's
standings PDF), stopped by Ctrl+C, upgraded by a newer build (the data kept and served by it),
then uninstalled (the data kept). Debian's wine, nsis and fonts come from scripts/ensure-wine:
where they are missing and cannot be installed, the test fails under CI and is skipped
elsewhere. Nothing is downloaded but PyPI's pinned files."""

from __future__ import annotations

import io
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.system import launcher

pytestmark = pytest.mark.slow

ROOT = launcher.ROOT
PROGRAM = "users/{user}/AppData/Local/Programs/concours-belote"
DATA = "users/{user}/AppData/Local/concours-belote"
UNINSTALL_KEY = r"[Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\concours-belote]"


def _tools() -> None:
    result = subprocess.run([str(ROOT / "scripts" / "ensure-wine")], capture_output=True,
                            text=True, timeout=600)
    if result.returncode != 0:
        message = f"wine, nsis: {result.stderr.strip()}"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)


def _build(checkout: Path, output: Path, cache: Path, *options: str) -> subprocess.Popen:
    env = launcher.clean_environment(BELOTE_BUILD_CACHE=str(cache))
    return subprocess.Popen([sys.executable, str(checkout / "scripts" / "build_windows.py"),
                             *options, str(output)], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)


def _built(build: subprocess.Popen) -> Path:
    out = build.communicate(timeout=900)[0]
    assert build.returncode == 0, out
    line = out.strip().splitlines()[-1]
    print(f"\n{line}")  # size, time and sha256, for the report
    return Path(line.split("  (")[0])


def _newer_copy(tmp: Path) -> Path:
    """The checkout's tracked files (and its compiled catalogue), one version further."""
    copy = tmp / "newer"
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                           check=True).stdout.decode().split("\0")
    for name in [*filter(None, files), "locale/fr/LC_MESSAGES/django.mo"]:
        source = ROOT / name
        if source.is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy / name)
    version = copy / "tournament" / "launcher" / "__init__.py"
    text = version.read_text(encoding="utf-8")
    old = text.split('__version__ = "')[1].split('"')[0]
    major, minor, patch = old.split(".")
    new = f"{major}.{minor}.{int(patch) + 1}"
    version.write_text(text.replace(f'"{old}"', f'"{new}"'), encoding="utf-8")
    return copy


class Wine:
    """A throwaway prefix; wine through pipes (it waits on a console otherwise), without
    HOME nor the host's font folders (nothing of this machine's may get in)."""

    def __init__(self, prefix: Path):
        self.prefix = prefix
        self.env = {key: value for key, value in launcher.clean_environment().items()
                    if key not in {"HOME", "DISPLAY", "WAYLAND_DISPLAY"}}
        self.env.update(WINEPREFIX=str(prefix), WINEARCH="win64", WINEDEBUG="-all",
                        XDG_DATA_DIRS="", WINEDLLOVERRIDES="mscoree,mshtml=")

    def run(self, *command: str, timeout: float = 300) -> str:
        result = subprocess.run(["wine", *command], env=self.env, stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                timeout=timeout)
        assert result.returncode == 0, result.stdout
        return result.stdout.decode(errors="replace")

    def wait(self) -> None:
        """Until every program of the prefix has ended (an uninstaller runs from a copy)."""
        subprocess.run(["wineserver", "-w"], env=self.env, timeout=300, check=True)

    def start(self, exe: str, *arguments: str) -> subprocess.Popen:
        return subprocess.Popen(["wine", exe, *arguments], env=self.env,
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT)

    def windows_pid(self, exe_name: str) -> int:
        """The Linux pid of this prefix's Windows program `exe_name` (never another's)."""
        wanted = f"WINEPREFIX={self.prefix}".encode()
        for proc in Path("/proc").iterdir():
            try:
                command = (proc / "cmdline").read_bytes()
                environ = (proc / "environ").read_bytes().split(b"\0")
            except OSError:
                continue
            if exe_name.encode() in command.split(b"\0")[0] and wanted in environ:
                return int(proc.name)
        raise AssertionError(f"{exe_name} is not running in {self.prefix}")

    def user(self) -> str:
        [user] = [path.name for path in (self.prefix / "drive_c" / "users").iterdir()
                  if path.name != "Public"]
        return user

    def registry(self) -> str:
        return (self.prefix / "user.reg").read_text(encoding="utf-8", errors="replace")

    def close(self) -> None:
        subprocess.run(["wineserver", "-k"], env=self.env, timeout=60, check=False)


def _serve(wine: Wine, program: Path, user: str) -> tuple[str, float, float, bytes]:
    """Start the installed app, fetch its home page and the demo's standings PDF, stop it
    with Ctrl+C: its console's words, start and stop times, and the PDF."""
    port = launcher.free_port()
    exe = f"C:\\users\\{user}\\AppData\\Local\\Programs\\concours-belote\\python\\" \
          "concours-belote.exe"
    assert (program / "python" / "concours-belote.exe").is_file()
    server = wine.start(exe, "-X", "utf8", "-m", "tournament.launcher", "--port", str(port),
                        "--no-browser")
    try:
        started = launcher.wait_for_home(server, port, timeout=240)  # type: ignore[arg-type]
        launcher.publish_demo(wine.prefix / "drive_c" / DATA.format(user=user))
        status, kind, pdf = launcher.fetch(f"http://127.0.0.1:{port}/t/demo/standings.pdf",
                                           timeout=120)
        assert status == 200 and kind == "application/pdf" and pdf.startswith(b"%PDF"), pdf
        clock = time.monotonic()
        os.kill(wine.windows_pid("concours-belote.exe"), signal.SIGINT)  # Ctrl+C
        out = server.communicate(timeout=60)[0].decode("utf-8", errors="replace")
        stopped = time.monotonic() - clock
    finally:
        server.kill()
    assert server.returncode == 0, out
    return out, started, stopped, pdf


def test_the_windows_installer_installs_runs_upgrades_and_uninstalls(tmp_path):
    _tools()
    figures: dict[str, str] = {}
    clock = time.monotonic()
    cache = Path(os.environ.get("BELOTE_BUILD_CACHE")
                 or Path.home() / ".cache" / "concours-belote-build")
    first = _built(_build(ROOT, tmp_path / "dist", cache))
    figures["build"] = f"{time.monotonic() - clock:.0f} s, {first.stat().st_size / 1e6:.1f} MB"
    # The newer version builds while wine works on the first (two cores); only to upgrade
    # with, so compressed quickly (the same files, a larger setup.exe).
    second_build = _build(_newer_copy(tmp_path), tmp_path / "dist-newer", cache, "--quick")

    wine = Wine(tmp_path / "prefix")
    try:
        clock = time.monotonic()
        wine.run("wineboot", "-i")
        wine.wait()
        figures["prefix"] = f"{time.monotonic() - clock:.0f} s"
        clock = time.monotonic()
        wine.run(str(first), "/S")
        figures["install"] = f"{time.monotonic() - clock:.0f} s"
        user = wine.user()
        drive = wine.prefix / "drive_c"
        program, data = drive / PROGRAM.format(user=user), drive / DATA.format(user=user)
        start_menu = drive / f"users/{user}/AppData/Roaming/Microsoft/Windows/Start Menu/Programs"
        shortcuts = [start_menu / "Concours de belote.lnk",
                     drive / f"users/{user}/Desktop/Concours de belote.lnk"]
        assert all(shortcut.is_file() for shortcut in shortcuts)
        assert (program / "desinstaller.exe").is_file() and not data.exists()
        registry = wine.registry()
        assert UNINSTALL_KEY in registry
        assert '"DisplayName"="Concours de belote"' in registry
        # Wine 8 aborts in Python's `platform` through _wmi (waitress imports it): moved
        # aside in this throwaway install only; Windows has WMI.
        (program / "python" / "_wmi.pyd").rename(program / "python" / "_wmi.pyd.wine")

        out, started, stopped, pdf = _serve(wine, program, user)
        figures["first start"] = f"{started:.1f} s to the home page"
        figures["stop"] = f"{stopped:.1f} s"
        assert "Concours de belote 0.1.0 ouvert : http://127.0.0.1:" in out, out
        assert "fermez cette fenêtre pour arrêter" in out
        assert "AppData\\Local\\concours-belote" in out and "Premier démarrage" in out
        assert "Concours arrêté ; données enregistrées." in out
        fonts = {str(font.get_object()["/BaseFont"]) for page in PdfReader(io.BytesIO(pdf)).pages
                 for font in page["/Resources"]["/Font"].values()}
        assert fonts and all("DejaVu" in font for font in fonts), fonts  # its own, only
        database = data / "concours.sqlite3"
        with sqlite3.connect(database) as connection:
            tournaments = connection.execute("SELECT name FROM tournament_tournament").fetchall()
        assert tournaments
        secret = (data / "secret_key").read_bytes()

        newer = _built(second_build)
        clock = time.monotonic()
        wine.run(str(newer), "/S")
        figures["upgrade"] = f"{time.monotonic() - clock:.0f} s"
        assert '"DisplayVersion"="0.1.1"' in wine.registry()
        assert (data / "secret_key").read_bytes() == secret
        (program / "python" / "_wmi.pyd").rename(program / "python" / "_wmi.pyd.wine")
        out, started, stopped, _pdf = _serve(wine, program, user)
        figures["start after upgrade"] = f"{started:.1f} s"
        assert "Concours de belote 0.1.1 ouvert" in out, out
        with sqlite3.connect(database) as connection:
            kept = connection.execute("SELECT name FROM tournament_tournament").fetchall()
        assert kept == tournaments

        clock = time.monotonic()
        wine.run(str(program / "desinstaller.exe"), "/S")
        wine.wait()  # the uninstaller runs on from a copy of itself
        figures["uninstall"] = f"{time.monotonic() - clock:.0f} s"
        assert not program.exists()
        assert not any(shortcut.exists() for shortcut in shortcuts)
        assert UNINSTALL_KEY not in wine.registry()
        assert database.is_file() and (data / "secret_key").read_bytes() == secret
    finally:
        second_build.kill()
        wine.close()
    print("\nWindows installer under wine:", "; ".join(f"{k} {v}" for k, v in figures.items()))
