"""The system tests' shared pieces: the wheel `make dist` builds, installed once a session
into a new virtual environment outside the checkout (the wheel's own test and the evening's
both run the installed command; building and installing cost most of a minute)."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.system.launcher import ROOT


@dataclass(frozen=True)
class Installed:
    wheel: Path
    venv: Path

    @property
    def command(self) -> Path:
        return self.venv / "bin" / "concours-belote"


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """`concours-belote` as an organiser gets it: the wheel built, then installed by pip
    (which brings every dependency, from its cache or the registry) into its own venv."""
    folder = tmp_path_factory.mktemp("installed")
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build_wheel.py"),
                    str(folder / "dist")], check=True, capture_output=True, timeout=300)
    [wheel] = (folder / "dist").glob("belote_concours-*-py3-none-any.whl")
    venv = folder / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    subprocess.run([venv / "bin" / "python", "-m", "pip", "install", "--quiet", str(wheel)],
                   check=True, capture_output=True, timeout=600)
    return Installed(wheel, venv)
