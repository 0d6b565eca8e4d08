"""Windows has no `fcntl` (nor pwd, grp, termios, resource…): the whole project imports, and
SQLite's writers still queue, in a process where those modules cannot be imported."""

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Python's "Unix specific services" (its library reference), made unimportable before anything
# else is imported.
PROBE = r'''
import sys
for name in ("fcntl", "pwd", "grp", "termios", "tty", "pty", "resource", "syslog"):
    sys.modules[name] = None  # `import name` now raises ImportError
import importlib, pkgutil, threading, time
import django
django.setup()
failed = []
for package in ("scoring", "config", "tournament"):
    for info in pkgutil.walk_packages(importlib.import_module(package).__path__,
                                      package + "."):
        if info.name.endswith(".__main__"):  # a program (`python -m`), not a module to import
            continue
        try:
            importlib.import_module(info.name)
        except Exception as error:
            failed.append(f"{info.name}: {error!r}")
print("failed:", failed)

from config.sqlite import base
print("between processes:", base.BETWEEN_PROCESSES)
# The queue between this process's threads still holds: a second writer waits for the first.
lock = base.writer_lock(sys.argv[1])
assert lock.acquire(timeout=1)
got = []
def second():
    if base.writer_lock(sys.argv[1]).acquire(timeout=30):
        got.append(time.monotonic())
        base.writer_lock(sys.argv[1]).release()
thread = threading.Thread(target=second)
thread.start()
time.sleep(0.3)
print("waited:", got == [])
released = time.monotonic()
lock.release()
thread.join(30)
print("went after:", len(got) == 1 and got[0] >= released)
'''


def test_every_module_imports_and_writers_queue_without_unix_only_modules(tmp_path):
    result = subprocess.run(
        [sys.executable, "-c", PROBE, str(tmp_path / "db.sqlite3")], cwd=ROOT,
        capture_output=True, text=True, timeout=120,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "PYTHONPATH": str(ROOT),
             "DJANGO_VAR_DIR": str(tmp_path / "var"),
             "DJANGO_SQLITE_PATH": str(tmp_path / "settings.sqlite3")})
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "failed: []", "between processes: none", "waited: True", "went after: True"]


@pytest.mark.parametrize("where", ["no fork", "frozen"])
def test_long_documents_render_in_the_server_process_without_fork_or_frozen(monkeypatch,
                                                                           where):
    from pypdf import PdfReader

    from tournament.exports import weasy

    if where == "no fork":  # Windows
        monkeypatch.delattr(os, "fork")
    else:  # a PyInstaller executable: sys.executable is the application, not a Python
        monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(weasy, "renderer", lambda: pytest.fail("no renderer without fork"))
    pdf = weasy.htmls_to_pdf(["<p>un</p>", "<p>deux</p>"])
    pages = PdfReader(io.BytesIO(pdf)).pages
    assert [page.extract_text().strip() for page in pages] == ["un", "deux"]
