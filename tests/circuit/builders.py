"""Small builders of the results server's tests: a member club with its token, a push's
content."""

from __future__ import annotations

import json
from typing import Any

from circuit import services


def joined(name: str = "Belote de Auch") -> tuple[Any, str]:
    """A member club that joined with a one-time code, and its token."""
    club = services.member_club_create(name=name)
    return services.club_join(code=services.join_code_create(club=club))


def player(name: str, first_name: str = "Jean", club: str = "Auch",
           licence: str | None = None) -> dict[str, Any]:
    return {"name": name, "first_name": first_name, "club": club, "licence": licence}


def content(club: Any, *, concours: str = "concours-1", version: int = 1,
            date: str = "2026-12-05", circuits: list[str] | None = None,
            standings: list[list[dict[str, Any]]] | None = None) -> dict[str, Any]:
    """A push's content: `standings` the teams best first (places 1, 2, 3…)."""
    teams = standings if standings is not None else [
        [player("Martin", licence="A1"), player("Durand")],
        [player("Petit", "Anne"), player("Roux", "Paul")]]
    return {"club": club.slug, "concours": concours, "version": version,
            "name": "Concours du samedi", "date": date, "format": "doublettes",
            "finished": True, "circuits": circuits or [],
            "standings": [{"place": place, "wins": 4 - place, "score": 3000 - 100 * place,
                           "ranking_points": 0, "players": team}
                          for place, team in enumerate(teams, start=1)]}


def body(data: dict[str, Any]) -> bytes:
    return json.dumps(data, ensure_ascii=False).encode("utf-8")
