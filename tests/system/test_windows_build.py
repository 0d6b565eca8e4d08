"""The Windows build's inputs, quickly (the build itself: test_windows_installer.py)."""

import importlib.util
import re

from tests.system.launcher import ROOT

_spec = importlib.util.spec_from_file_location("build_windows",
                                               ROOT / "scripts" / "build_windows.py")
assert _spec is not None and _spec.loader is not None
build_windows = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_windows)


def _pins(text: str) -> dict[str, str]:
    return {name.lower().replace("_", "-"): version
            for name, version in re.findall(r"^([A-Za-z0-9_.-]+)(?:\[\w+\])?==(\S+)", text, re.M)}


def test_the_windows_wheels_are_requirements_pins_each_with_its_hash():
    windows = (ROOT / "scripts" / "windows" / "requirements.txt").read_text(encoding="utf-8")
    runtime = _pins((ROOT / "requirements.txt").read_text(encoding="utf-8"))
    pinned = _pins(windows)
    # requirements.txt changed without the Windows list: `make windows` would ship the old.
    assert {name: pinned.get(name) for name in runtime} == runtime
    assert "tzdata" in pinned  # win32 only marker: Django and psycopg need it on Windows
    entries = re.findall(r"^\S+==\S+ \\\n    --hash=sha256:([0-9a-f]{64})$", windows, re.M)
    assert len(entries) == len(pinned)


def test_the_installer_lists_its_files_in_one_order_and_removes_only_its_folders(tmp_path):
    for name in ["python/python.exe", "app/b.py", "app/a/z.py", "gtk/pango-1.0-0.dll"]:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(b"")
    install, removal = build_windows._nsis_files(tmp_path)
    files = re.findall(r'^File "(.+)"$', install, re.M)
    assert files == [str(tmp_path / name) for name in
                     ["app/a/z.py", "app/b.py", "gtk/pango-1.0-0.dll", "python/python.exe"]]
    assert removal.splitlines() == [f'RMDir /r "$INSTDIR\\{name}"'
                                    for name in ["app", "gtk", "python"]]
