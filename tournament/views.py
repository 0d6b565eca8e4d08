from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scoring import PRESETS


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "tournament/home.html", {"presets": PRESETS})
