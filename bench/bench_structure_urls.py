"""The app's URLs and one more for bench_structure.py: the plain rows of a partie served as a
page behind the login (its floor, for reference). Never loaded by the app itself."""

from bench_structure import PLAIN_ROWS
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.template import Context, Engine
from django.urls import path

from config.urls import urlpatterns as app_urls
from tournament.models import Game

_TEMPLATE = Engine().from_string(PLAIN_ROWS)


@login_required
def plain_rows(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    games = list(Game.objects.filter(round__tournament__slug=slug, round__number=number)
                 .select_related("team_ns", "team_ew").order_by("table"))
    return HttpResponse(_TEMPLATE.render(Context({"games": games})))


urlpatterns = [path("plain-rows/<slug:slug>/<int:number>/", plain_rows), *app_urls]
