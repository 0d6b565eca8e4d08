"""The import rules of the code's shape (STYLE.md): `scoring` is pure Python and never imports
Django or the app; views never import `scoring` (they call services and selectors, which do);
the draw methods and ranking metrics are pure (no ORM, no models); product modules form no
import cycle, and the read side (selectors, exports) imports no service.

Read from the source with `ast`, so that a rule broken in any module, imported or not by the
tests, fails here."""

from __future__ import annotations

import ast
import re
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


@pytest.mark.parametrize("folder", ["tournament/draw", "tournament/ranking",
                                    "tournament/season", "tournament/formats",
                                    "tournament/brackets"])
def test_draw_methods_and_ranking_metrics_are_pure(folder):
    assert sources(folder), f"{folder} has no module"
    assert offending(folder, ("django.db", "tournament.models", "tournament.services",
                              "tournament.selectors")) == {}


# --- One direction (issue 19): no import cycle; the read side imports no service ----------

PRODUCT = ("scoring", "tournament", "config", "circuit")

# Cycles allowed: none (the journal's, through tournament/audit.py, went with the journal's
# package). A cycle that must stay a while is named here with why.
KNOWN_CYCLES: list[set[str]] = []


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def product_modules() -> dict[str, Path]:
    return {module_name(path): path for package in PRODUCT for path in sources(package)
            if "migrations" not in path.parts}


def import_graph() -> dict[str, set[str]]:
    """Each product module -> the product modules it imports, anywhere in its text (an import
    inside a function is a dependency too). A name imported from a module (`from .x import
    f`) counts as that module; the packages a module sits in are not counted (Python runs a
    package's __init__ before its modules, but the package gathering its own modules is no
    cycle)."""
    modules = product_modules()

    def owner(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        owners = {owner(imported) for imported in imported_modules(path)}
        graph[name] = {found for found in owners if found and found != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The import cycles of `graph`: its strongly connected components of two modules or
    more, and any module importing itself (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1 or node in graph.get(node, ()):
                    found.append(component)
    return found


def test_the_cycle_finder_finds_cycles():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}, "f": {"d"}}
    assert sorted(map(sorted, cycles(graph))) == [["a", "b", "c"], ["e"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_import_graph_sees_imports_inside_functions_and_of_packages():
    graph = import_graph()
    assert "tournament.exports.fetcher" in graph["tournament.exports.weasy"]  # in a function
    assert "tournament.services.rounds" in graph["tournament.services"]  # the package's list
    assert "tournament.selectors.rounds" in graph["tournament.services.rounds"]


def test_no_import_cycle_among_product_modules():
    unknown = [cycle for cycle in cycles(import_graph()) if cycle not in KNOWN_CYCLES]
    assert unknown == []


def test_the_laptop_side_never_imports_the_results_server():
    # STYLE.md: circuit/ reads what the laptop's publishing sends, never the other way.
    assert sources("circuit"), "circuit has no module"
    assert offending("tournament", ("circuit",)) == {}
    assert offending("circuit", ("tournament.views", "config")) == {}


@pytest.mark.parametrize("folder", ["tournament/selectors", "tournament/exports"])
def test_the_read_side_imports_no_service(folder):
    assert sources(folder), f"{folder} has no module"
    assert offending(folder, ("tournament.services",)) == {}


def package_names(package: str) -> dict[str, set[str]]:
    """Each module of a package -> the public names its `__all__` lists (as text)."""
    found = {}
    for path in sources(package):
        if path.name == "__init__.py":
            continue
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if (isinstance(node, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)):
                found[path.stem] = set(ast.literal_eval(node.value))
    return found


def test_services_and_selectors_name_each_public_name_once():
    # A name is a service (a write) or a selector (a read), listed once, in its module's
    # __all__; the packages gather these lists (no second list to keep in step).
    from tournament import selectors, services

    reads = package_names("tournament/selectors")
    assert set().union(*reads.values()) <= set(dir(selectors))
    writes = package_names("tournament/services")
    assert set().union(*writes.values()) <= set(dir(services))
    assert not set().union(*reads.values()) & set().union(*writes.values())
    assert not hasattr(services, "round_teams") and not hasattr(services, "UserError")


# --- Exports only render (issue 19): their rows come from selectors -------------------------

# The ORM's reading methods. Those that also exist on plain values are counted only where a
# plain value would not use them: `.count()`, `.first()`, `.last()`, `.exists()` without an
# argument (a str's or a list's `count` takes one).
QUERY_ATTRIBUTES = {"objects", "filter", "exclude", "select_related", "prefetch_related",
                    "order_by", "values_list", "annotate", "aggregate", "only", "defer",
                    "in_bulk", "raw", "extra", "distinct", "get_or_create", "update_or_create",
                    "bulk_create", "bulk_update"}
QUERY_WITHOUT_ARGUMENTS = {"count", "first", "last", "exists", "latest", "earliest"}


def orm_queries(path: Path) -> list[str]:
    """Where `path` reads the database through the ORM itself ("line: .name")."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr in QUERY_ATTRIBUTES:
            found.append(f"{node.lineno}: .{node.attr}")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr in QUERY_WITHOUT_ARGUMENTS
              and not node.args and not node.keywords):
            found.append(f"{node.lineno}: .{node.func.attr}()")
    return sorted(found)


def test_the_query_finder_sees_the_orm_in_every_spelling(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("a = Game.objects.all()\nb = round_.games.filter(table=1)\n"
                     "c = tournament.rounds.count()\nd = 'a-b'.count('-') + [1].count(1)\n"
                     "e = {}.get('x')\n")
    assert orm_queries(probe) == ["1: .objects", "2: .filter", "3: .count()"]


def test_exports_run_no_query_of_their_own():
    # An export lays out rows a selector read (selectors/documents.py and the others): a query
    # written in tournament/exports/ is a read the selectors' query counts do not see.
    assert sources("tournament/exports"), "tournament/exports has no module"
    found = {str(path.relative_to(ROOT)): queries for path in sources("tournament/exports")
             if (queries := orm_queries(path))}
    assert found == {}


# --- The format is data (issue 33): its key is compared only inside the registry ----------

# `format == "melee"`, `t.format != x`, `"doublettes" == …`, in Python and in templates.
FORMAT_TEST = re.compile(
    r"""\bformat\s*(?:==|!=)|(?:==|!=)\s*["'](?:melee|doublettes)["']"""
    r"""|["'](?:melee|doublettes)["']\s*(?:==|!=)""")


def format_tests(path: Path) -> list[str]:
    return [f"{number}: {line.strip()}"
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if FORMAT_TEST.search(line)]


def test_the_format_test_finder_sees_every_spelling(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text('a = t.format == "melee"\nb = format != x\nc = "doublettes" == d\n'
                     "e = {% if tournament.format == 'melee' %}\nf = t.by_player\n"
                     'g = "{:>3}".format(x) == y\n')
    assert [line.split(":")[0] for line in format_tests(probe)] == ["1", "2", "3", "4"]


def test_the_format_is_compared_only_inside_its_registry():
    # Elsewhere a page, service or document asks the format (`format_of(t).by_player`,
    # `tournament.by_player`): a new format is one module of tournament/formats/.
    outside = [path for folder in ("tournament", "templates", "scoring", "config")
               for path in sorted((ROOT / folder).rglob("*"))
               if path.suffix in {".py", ".html", ".txt", ".xml"} and path.is_file()
               and "migrations" not in path.parts
               and not path.is_relative_to(ROOT / "tournament" / "formats")]
    assert len(outside) > 100
    found = {str(path.relative_to(ROOT)): lines for path in outside
             if (lines := format_tests(path))}
    assert found == {}
