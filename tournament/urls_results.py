"""Addresses of results (issue 13): prizes, the palmarès, the final pack, paper totals and
confirmations."""

from django.urls import path  # noqa: F401  (the results helpers add their patterns here)

urlpatterns: list = []
