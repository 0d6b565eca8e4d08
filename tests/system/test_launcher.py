"""The command's own parts, quickly: its French help, a port already taken, the data folder."""

import io
import os
import socket
import subprocess
import sys

import pytest

from tests.system.launcher import ROOT, clean_environment, free_port
from tournament.launcher import bundle, cli, data, network


def run_command(*arguments: str, cwd, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tournament.launcher", *arguments], cwd=cwd,
                          env=clean_environment(PYTHONPATH=str(ROOT)), capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=timeout)


def test_the_help_and_the_version_speak_french(tmp_path):
    shown = run_command("--help", cwd=tmp_path)
    assert shown.returncode == 0
    assert shown.stdout.startswith("utilisation : concours-belote")
    for words in ("afficher cette aide et quitter", "--no-browser", "--local", "--port",
                  "dossier de données", "afficher la version"):
        assert words in shown.stdout
    version = run_command("--version", cwd=tmp_path)
    assert version.stdout.strip() == "concours-belote 0.1.0"
    wrong = run_command("--port", "80", cwd=tmp_path)
    assert wrong.returncode == 2
    assert "erreur : argument --port : le port doit être entre 1024 et 65535" in wrong.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_port_taken_is_said_in_french_with_the_next_free_one(tmp_path):
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", free_port()))
        taken.listen()
        port = taken.getsockname()[1]
        result = run_command("--data", str(tmp_path / "d"), "--port", str(port),
                             "--no-browser", cwd=tmp_path)
    assert result.returncode == 2
    assert f"Le port {port} est déjà utilisé sur cet ordinateur" in result.stdout
    offered = int(result.stdout.split("concours-belote --port ")[1].split()[0])
    assert offered > port
    assert not (tmp_path / "d" / "concours.sqlite3").exists()  # nothing started


class Console(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("answer", "started"), [("\n", True), ("o\n", True), ("n\n", False)])
def test_in_a_console_the_next_free_port_is_offered_as_a_question(monkeypatch, answer,
                                                                  started):
    monkeypatch.setattr("sys.stdin", Console(answer))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", free_port()))
        taken.listen()
        port = taken.getsockname()[1]
        out = io.StringIO()
        chosen = cli.choose_port("127.0.0.1", port, out=out, stdin=sys.stdin)
    assert (chosen is not None and chosen > port) is started
    assert "déjà utilisé" in out.getvalue()


def test_a_free_port_is_kept_without_a_word():
    out = io.StringIO()
    port = free_port()
    assert cli.choose_port("127.0.0.1", port, out=out, stdin=io.StringIO()) == port
    assert out.getvalue() == ""


def test_the_data_folder_is_the_platforms_user_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    assert data.default_folder() == tmp_path / "share" / "concours-belote"
    variables = data.environment(tmp_path, public_url="http://192.168.1.2:8000",
                                 allowed_hosts=["127.0.0.1"])
    assert variables["DJANGO_SQLITE_PATH"] == str(tmp_path / "concours.sqlite3")
    assert variables["DJANGO_VAR_DIR"] == str(tmp_path)


def test_the_phones_qr_code_is_an_inline_svg():
    svg = network.qr_svg("http://192.168.1.2:8000/")
    assert svg.startswith("<svg") and "<script" not in svg


@pytest.mark.parametrize(("display", "wayland", "opened"), [
    (None, None, False), (":0", None, True), (None, "wayland-0", True)])
def test_on_linux_the_browser_opens_only_in_a_graphical_session(monkeypatch, display, wayland,
                                                                opened):
    monkeypatch.setattr("sys.platform", "linux")
    for name, value in (("DISPLAY", display), ("WAYLAND_DISPLAY", wayland)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    assert cli.has_screen() is opened


class NoRoute:
    """A UDP socket on a computer without a default route."""

    def __init__(self, *args):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *args):
        return False

    def connect(self, address):
        raise OSError(101, "Network is unreachable")


def test_without_a_route_the_phones_address_is_one_of_this_computers_own(monkeypatch):
    monkeypatch.setattr(network.socket, "socket", NoRoute)
    monkeypatch.setattr(network.socket, "getaddrinfo", lambda *args: [
        (2, 2, 17, "", ("127.0.1.1", 0)), (2, 2, 17, "", ("192.168.137.1", 0))])
    assert network.lan_address() == "192.168.137.1"
    monkeypatch.setattr(network.socket, "getaddrinfo", lambda *args: [
        (2, 2, 17, "", ("127.0.1.1", 0))])
    assert network.lan_address() is None  # this computer only


def test_a_data_folder_that_cannot_be_made_is_said_in_french(tmp_path):
    (tmp_path / "fichier").write_text("pas un dossier")
    result = run_command("--data", str(tmp_path / "fichier" / "données"), "--no-browser",
                         cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.startswith("Dossier de données impossible : ")
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(("version", "refused"), [((3, 11), True), ((2, 7), True),
                                                   ((3, 12), False), ((3, 14), False)])
def test_a_python_older_than_3_12_is_refused_in_french(version, refused):
    refusal = cli.python_too_old(version)
    assert (refusal is not None) is refused
    if refused:
        assert refusal.startswith("Python 3.12 ou plus récent est nécessaire")
        assert f"Python {version[0]}.{version[1]})" in refusal


def test_the_windows_installers_pango_and_fonts_are_found_beside_its_python(tmp_path):
    executable = tmp_path / "python" / "concours-belote.exe"
    executable.parent.mkdir()
    executable.write_bytes(b"")
    assert bundle.libraries_folder(str(executable)) is None  # a wheel: the system's Pango
    gtk = tmp_path / "gtk"
    gtk.mkdir()
    (gtk / "pango-1.0-0.dll").write_bytes(b"")
    assert bundle.libraries_folder(str(executable)) == gtk
    variables = bundle.environment(gtk, "/usr/bin")
    # WeasyPrint needs the folder both on PATH (the DLLs find each other) and in its own list.
    assert variables["PATH"].split(os.pathsep) == [str(gtk), "/usr/bin"]
    assert variables["WEASYPRINT_DLL_DIRECTORIES"] == str(gtk)
    assert variables["FONTCONFIG_FILE"] == str(gtk / "etc" / "fonts" / "fonts.conf")
    assert bundle.environment(gtk, "")["PATH"] == str(gtk)


def test_the_installers_fontconfig_reads_only_the_fonts_it_ships():
    conf = (ROOT / "scripts" / "windows" / "fonts.conf").read_text(encoding="utf-8")
    assert '<dir prefix="relative">../../fonts</dir>' in conf
    assert "WINDOWSFONTDIR" not in conf and conf.count("<dir") == 1
