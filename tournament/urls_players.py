"""Addresses of a mêlée's players (registration, import, a player's page)."""

from django.urls import path  # noqa: F401  (the players' helper adds its patterns here)

urlpatterns: list = []
