"""The import rules of the code's shape (STYLE.md): `scoring` is pure Python and never imports
Django or the app; views never import `scoring` (they call services and selectors, which do);
the draw methods and ranking metrics are pure (no ORM, no models).

Read from the source with `ast`, so that a rule broken in any module, imported or not by the
tests, fails here."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(path: Path) -> set[str]:
    """The absolute names of what `path` imports (relative imports resolved)."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def sources(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def offending(folder: str, forbidden: tuple[str, ...]) -> dict[str, list[str]]:
    found = {}
    for path in sources(folder):
        bad = sorted(name for name in imported_modules(path)
                     if any(name == prefix or name.startswith(prefix + ".")
                            for prefix in forbidden))
        if bad:
            found[str(path.relative_to(ROOT))] = bad
    return found


def test_the_rule_finder_sees_relative_and_absolute_imports():
    # The checker itself must be able to fail: a module of a view importing scoring, in each
    # spelling, is found.
    views = ROOT / "tournament" / "views"
    probe = views / "_import_rule_probe.py"
    probe.write_text("from scoring import Side\nimport scoring.game\nfrom .. import models\n")
    try:
        names = imported_modules(probe)
    finally:
        probe.unlink()
    assert {"scoring", "scoring.Side", "scoring.game", "tournament", "tournament.models"} <= names


def test_scoring_never_imports_django_or_the_app():
    assert offending("scoring", ("django", "tournament", "config")) == {}


def test_views_never_import_scoring():
    assert offending("tournament/views", ("scoring",)) == {}


@pytest.mark.parametrize("folder", ["tournament/draw", "tournament/ranking"])
def test_draw_methods_and_ranking_metrics_are_pure(folder):
    assert sources(folder), f"{folder} has no module"
    assert offending(folder, ("django.db", "tournament.models", "tournament.services",
                              "tournament.selectors")) == {}
