"""Documents go through one door (exports.serve): the cache of rendered documents and the
background jobs (exports.cache, exports.progress) are read by serve only, and the views that
were its parts (views.documents, views.progress.start) are gone. Read from the source."""

from tests.test_import_rules import import_graph

DOOR = "tournament.exports.serve"
BEHIND = ("tournament.exports.cache", "tournament.exports.progress")
# The results server's circuit documents take the public render slots: another app, which
# serves no concours' document (circuit/views.py).
ELSEWHERE = {"circuit.views"}


def test_only_serve_reads_the_cache_and_the_jobs():
    graph = import_graph()
    assert DOOR in graph and set(BEHIND) <= graph[DOOR]
    readers = {module for module, imported in graph.items() if imported & set(BEHIND)}
    assert readers - {DOOR, *BEHIND} - ELSEWHERE == set()
    assert "tournament.views.documents" not in graph
