"""A real browser: Debian's Chromium driven by Playwright, against a live test server."""

import os
import tempfile
import threading
from pathlib import Path

import pytest
from django.core.handlers.wsgi import WSGIHandler
from playwright.sync_api import sync_playwright

# Playwright's sync API keeps an event loop in the test thread, which Django takes for an
# async context; the ORM calls the tests make (building data, checking it) are synchronous.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
# Without these, Chromium keeps trying to reach Google's hosts on this closed network.
FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def pytest_collection_modifyitems(config, items):
    # Every browser test starts Chromium and a live server: slow, skipped by make test-fast.
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session", autouse=True)
def one_request_at_a_time():
    """The live server answers one request at a time. Its threads share the test database's
    one SQLite connection (an in-memory database is not opened twice: Django hands the test's
    connection to the server), and two requests at once used it together: a type-ahead's
    suggestions asked while a form was posted failed with « bad parameter or other API
    misuse », now and then. The server the app ships gives each thread its own connection."""
    lock = threading.Lock()
    answer = WSGIHandler.__call__

    def serialised(self, environ, start_response):
        with lock:
            return answer(self, environ, start_response)

    WSGIHandler.__call__ = serialised
    yield
    WSGIHandler.__call__ = answer


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=FLAGS, headless=True,
        )
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    with tempfile.TemporaryDirectory():
        context = browser.new_context(viewport={"width": 1400, "height": 900}, locale="fr-FR")
        page = context.new_page()
        page.set_default_timeout(10_000)
        yield page
        context.close()



DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


@pytest.fixture
def screenshots(tmp_path) -> Path:
    """Where the key pages' screenshots go: docs/screenshots/ with `make screenshots`
    (SAVE_SCREENSHOTS=1), else a temporary folder, so a test run leaves the tree clean."""
    return DOCS if os.environ.get("SAVE_SCREENSHOTS") else tmp_path


@pytest.fixture
def shot(screenshots):
    """shot(page, name): a full-page screenshot of a key page, checked to be a real image."""

    def take(page, name: str) -> None:
        path = screenshots / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        assert path.stat().st_size > 10_000

    return take
