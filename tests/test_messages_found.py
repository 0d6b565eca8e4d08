"""Every French word the code marks for the catalogue is where makemessages finds it: a
`_("…")` written inside an f-string is invisible to xgettext, and its message silently left
the catalogue (« équipe de la partie », a partie's team in a mêlée, once did)."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARKERS = {"_", "_l", "gettext", "gettext_lazy", "ngettext", "pgettext", "gettext_noop"}


def _marked_inside_f_strings(source: str) -> list[int]:
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr):
            for inner in ast.walk(node):
                if (isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name)
                        and inner.func.id in MARKERS):
                    lines.append(inner.lineno)
    return lines


def test_the_check_finds_a_word_marked_inside_an_f_string():
    assert _marked_inside_f_strings('x = f"{a}, {_(\'fin du chrono\')}"') == [1]
    assert _marked_inside_f_strings('w = _("fin du chrono")\nx = f"{a}, {w}"') == []


def test_no_word_for_the_catalogue_is_marked_inside_an_f_string():
    found = [f"{path.relative_to(ROOT)}:{line}"
             for folder in ("tournament", "circuit", "config")
             for path in sorted((ROOT / folder).rglob("*.py"))
             if "migrations" not in path.parts
             for line in _marked_inside_f_strings(path.read_text(encoding="utf-8"))]
    assert found == []
