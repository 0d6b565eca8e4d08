"""The help page: how an evening goes, in French, for the organiser and the tables."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def help_page(request: HttpRequest) -> HttpResponse:
    return render(request, "help/aide.html")
