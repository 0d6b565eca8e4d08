import os

import pytest
from hypothesis import settings

# CI machines are small and shared: judge properties by their examples, not by timing.
settings.register_profile("ci", deadline=None, max_examples=300, derandomize=True)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


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
