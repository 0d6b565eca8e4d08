import os
from pathlib import Path

import pytest
from hypothesis import settings

# CI machines are small and shared: judge properties by their examples, not by timing.
# HYPOTHESIS_PROFILE names the profile (.ci/run sets "ci"); CI=true alone also selects it.
settings.register_profile("ci", deadline=None, max_examples=300, derandomize=True)
settings.register_profile("dev", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI")
                                                               else "dev"))

# The fixtures that give a test the database (pytest-django's), and the marker of a test whose
# outcome depends on the database without them (a server in a subprocess on DATABASE_URL).
DATABASE_FIXTURES = {"db", "transactional_db", "django_db_reset_sequences",
                     "django_db_serialized_rollback", "live_server"}
BROWSER_TESTS = Path(__file__).parent / "browser"


def uses_database(item: pytest.Item) -> bool:
    if item.get_closest_marker("django_db") or item.get_closest_marker("database"):
        return True
    return bool(DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())))


def pytest_collection_modifyitems(config, items):
    """`make test-postgres` (BELOTE_DATABASE_TESTS_ONLY=1) runs again only what the database
    can change: a test that touches no database (scoring, draw, ranking, season arithmetic,
    amounts, most forms) has run once already in `make test`, and so have the browser tests
    (their live server shares the test's SQLite connection; the load test covers a real server
    on PostgreSQL)."""
    if not os.environ.get("BELOTE_DATABASE_TESTS_ONLY"):
        return
    kept, deselected = [], []
    for item in items:
        browser = BROWSER_TESTS in Path(item.fspath).parents
        once = item.get_closest_marker("once") is not None
        (kept if uses_database(item) and not browser and not once else deselected).append(item)
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = kept


def pytest_configure(config):
    # Each test's client loads the middleware again: WhiteNoise's indexes the static files
    # once a process instead of at each (tests/static_files.py).
    from django.conf import settings as django_settings

    from tests.static_files import indexed_once

    django_settings.MIDDLEWARE = indexed_once(django_settings.MIDDLEWARE)
    config.addinivalue_line(
        "markers", "database: the outcome depends on the database although the test asks no "
        "database fixture (a server in a subprocess on DATABASE_URL): run on PostgreSQL too")
    config.addinivalue_line(
        "markers", "once: reads the database the same way on both (the role matrix's GETs): "
        "runs in `make test` only")


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    # Real hashing costs most of a second per account; tests check roles, not hashing.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _documents_cache(settings, tmp_path):
    """Each test starts with no document kept and no download counted (exports.cache), in a
    folder of its own, not the project's var/."""
    settings.CACHES = {**settings.CACHES, "documents": {
        **settings.CACHES["documents"], "LOCATION": tmp_path / "documents"}}


@pytest.fixture
def owner(db, request):
    """The concours' organiser: an account named by the test module's OWNER where what the
    test reads writes that name (the journal's "par …"), "proprietaire" otherwise."""
    from tests.builders import organiser  # the models, once Django is set up

    return organiser(getattr(request.module, "OWNER", "proprietaire"))


@pytest.fixture
def concours(owner, request):
    """The owner's concours with partie 1 drawn, shaped by the test module's CONCOURS (the
    arguments of builders.drawn: four teams, slug "concours", seed 5 unless it says). A module
    whose concours is more than that builds its own."""
    from tests.builders import drawn

    return drawn(owner=owner, **getattr(request.module, "CONCOURS", {}))
