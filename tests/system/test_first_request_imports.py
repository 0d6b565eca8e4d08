"""Loading the URLs (what every server does before its first page) imports none of the
heavy libraries a page never needs: WeasyPrint and pypdf come with the first PDF, networkx
with the first draw, openpyxl with the first workbook or imported file
(bench/bench_structure.py: the first request after start). In a fresh interpreter, since this
one has imported them all."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("weasyprint", "pypdf", "networkx", "openpyxl")

LOAD_URLS = f"""
import sys
import django
django.setup()
from django.urls import get_resolver
assert get_resolver().url_patterns
print(" ".join(name for name in {HEAVY!r} if name in sys.modules))
"""


@pytest.mark.slow
def test_loading_the_urls_imports_no_pdf_workbook_or_graph_library(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "config.settings",
           "DJANGO_SQLITE_PATH": str(tmp_path / "db.sqlite3"),
           "DJANGO_VAR_DIR": str(tmp_path / "var")}
    done = subprocess.run([sys.executable, "-c", LOAD_URLS], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.split() == []
