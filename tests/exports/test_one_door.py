"""Documents go through one door (exports.serve): the cache of rendered documents and the
background jobs (exports.cache, exports.progress) are read by serve only, and the views that
were its parts (views.documents, views.progress.start) are gone. Read from the source."""

import re

from tests.test_import_rules import ROOT, imported_modules, module_name

DOOR = "tournament.exports.serve"
BEHIND = ("tournament.exports.cache", "tournament.exports.progress")
# The results server's circuit documents take the public render slots: another app, which
# serves no concours' document (circuit/views.py).
ELSEWHERE = {"circuit.views"}
# An import statement (with its parenthesised names): the files where none names them are
# not parsed (parsing every file takes seconds).
IMPORT = re.compile(r"^[ \t]*(?:from|import)[ \t][^(\n]*(?:\([^)]*\))?", re.MULTILINE)
NAMED = re.compile(r"\b(?:cache|progress)\b")


def readers() -> set[str]:
    found = set()
    for package in ("tournament", "circuit", "config"):
        for path in (ROOT / package).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            if not any(NAMED.search(match.group()) for match in IMPORT.finditer(text)):
                continue
            if any(name == behind or name.startswith(f"{behind}.")
                   for name in imported_modules(path) for behind in BEHIND):
                found.add(module_name(path))
    return found


def test_only_serve_reads_the_cache_and_the_jobs():
    found = readers()
    assert DOOR in found  # the finder sees it
    assert found - {DOOR, *BEHIND} - ELSEWHERE == set()
    assert not (ROOT / "tournament" / "views" / "documents.py").exists()
