"""The tests' WhiteNoise (tests/static_files.py) indexes the static files once a process and
serves them as production's middleware does."""

from django.conf import settings
from django.http import HttpResponse
from django.test import RequestFactory
from whitenoise.middleware import WhiteNoiseMiddleware

from tests.static_files import WhiteNoiseIndexedOnce


def _page(request):
    return HttpResponse("page")


def test_whitenoise_indexes_once_and_serves_as_in_production():
    assert "tests.static_files.WhiteNoiseIndexedOnce" in settings.MIDDLEWARE
    production = WhiteNoiseMiddleware(_page)
    first, second = WhiteNoiseIndexedOnce(_page), WhiteNoiseIndexedOnce(_page)
    assert first.files.keys() == production.files.keys()
    assert "/static/tournament/site.css" in second.files
    assert all(second.files[url] is found for url, found in first.files.items())
    request = RequestFactory().get("/static/tournament/site.css")
    served, expected = second(request), production(request)
    assert served.status_code == expected.status_code == 200
    assert dict(served.headers) == dict(expected.headers)
    assert b"".join(served.streaming_content) == b"".join(expected.streaming_content)
    assert second(RequestFactory().get("/aide/")).content == b"page"
