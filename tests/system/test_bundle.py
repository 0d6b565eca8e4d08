"""The self-contained Linux bundle (scripts/build_linux_bundle.py): its own Python, started
with an empty environment (no Python on the PATH), serves the demo and stops on SIGTERM."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.system import launcher

pytestmark = pytest.mark.slow


@pytest.mark.skipif(sys.platform != "linux", reason="the bundle is Linux's")
def test_the_linux_bundle_runs_with_its_own_python(tmp_path):
    subprocess.run([sys.executable, str(launcher.ROOT / "scripts" / "build_linux_bundle.py"),
                    "--no-archive", str(tmp_path / "dist")], check=True, capture_output=True,
                   timeout=900)
    [bundle] = (tmp_path / "dist").iterdir()
    assert {path.name for path in bundle.iterdir()} == {"app", "python", "concours-belote"}
    work = tmp_path / "work"
    work.mkdir()
    port = launcher.free_port()
    server = subprocess.Popen(
        [str(bundle / "concours-belote"), "--data", str(tmp_path / "data"), "--port",
         str(port), "--no-browser"], cwd=work, stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path / "home"), "LANG": "C.UTF-8"})
    try:
        launcher.wait_for_home(server, port)
        launcher.publish_demo(tmp_path / "data")
        maps = Path(f"/proc/{server.pid}/maps").read_text()  # exec: the same pid
        libpython = {line.split()[-1] for line in maps.splitlines() if "libpython" in line}
        assert libpython and all(path.startswith(str(bundle)) for path in libpython)
        status, _kind, body = launcher.fetch(f"http://127.0.0.1:{port}/t/demo/standings.pdf")
        assert status == 200 and body.startswith(b"%PDF")
        server.send_signal(signal.SIGTERM)
        out = launcher.stop(server)
    finally:
        server.kill()
    assert server.returncode == 0 and "Concours arrêté" in out, out
    assert os.listdir(work) == []
    assert (tmp_path / "data" / "concours.sqlite3").exists()
