"""A published season's standings pushed to the results server, through real HTTP (the
server's own views on a live server): only its published concours count, names as the static
site shows them (an anonymised player stays so, no licence), a new version only when they
changed, at most once a minute."""

from __future__ import annotations

import datetime
import json

import pytest
from django.core.cache import cache
from django.utils import timezone

from circuit import services as server_side
from circuit.models import ReceivedSeason
from tests.builders import drawn, organiser, played, register_linked
from tournament import services
from tournament.models import ClubPlayer, Player, Season
from tournament.publish import outbox
from tournament.publish.status import season_status

pytestmark = pytest.mark.django_db(transaction=True)
DAY = datetime.date(2026, 11, 21)


def test_a_season_goes_up_with_its_published_concours_only(live_server, client):
    owner = organiser("desk")
    shown = drawn(owner=owner, slug="vendredi-1", name="Vendredi 1", date=DAY)
    hidden = drawn(owner=owner, slug="vendredi-2", name="Vendredi 2", date=DAY)
    for t in (shown, hidden):
        register_linked(t)
        played(t)
    Player.objects.filter(tournament=shown).update(licence="0100001")
    services.tournament_publish(tournament=hidden, published=False)
    hidden.refresh_from_db()
    gone = ClubPlayer.objects.get(club=shown.club, name="Joueur 1A")
    services.club_player_anonymise(player=gone)
    season = services.season_create(club=shown.club, name="Challenge d'hiver", start=DAY,
                                    end=DAY, points_table="100,90,80,70", participation=5,
                                    best=None, published=True,
                                    concours=[shown.pk, hidden.pk])
    member = server_side.member_club_create(name="Belote d'Auch")
    outbox.results_server_join(club=shown.club, url=live_server.url,
                               code=server_side.join_code_create(club=member))
    now = timezone.now()
    outbox.publish_due(now=now)
    pushed = season.publication
    assert (pushed.state, pushed.version, pushed.confirmed_version) == ("online", 1, 1)
    client.force_login(owner)
    desk = client.get(f"/clubs/{shown.club.slug}/saisons/{season.pk}/").content.decode()
    assert "Publication en ligne : En ligne : publiée à " in desk and "(version 1)" in desk
    client.logout()
    stored = ReceivedSeason.objects.get(club=member)
    rows = stored.content["rows"]
    assert [item["name"] for item in stored.content["concours"]] == ["Vendredi 1"]
    assert len(rows) == 8 and all(row["played"] == 1 for row in rows)
    names = {row["name"] for row in rows}
    assert f"Joueur n° {gone.pk}" in names and "Joueur 1A" not in names
    assert "0100001" not in json.dumps(stored.content)
    cache.clear()  # the server's pages are cached by address: none of another test's
    page = client.get(f"/circuit/clubs/{member.slug}/saisons/{stored.pk}/").content.decode()
    assert "Challenge d&#x27;hiver" in page and f"Joueur n° {gone.pk}" in page
    # Nothing changed: nothing sent again, even a minute later.
    outbox.publish_due(now=now + datetime.timedelta(seconds=61))
    assert ReceivedSeason.objects.get().version == 1
    # Its second concours published: the next look (a minute on) sends version 2.
    services.tournament_publish(tournament=hidden, published=True)
    outbox.publish_due(now=now + datetime.timedelta(seconds=90))
    assert ReceivedSeason.objects.get().version == 1  # within the minute
    outbox.publish_due(now=now + datetime.timedelta(seconds=125))
    stored.refresh_from_db()
    assert stored.version == 2 and len(stored.content["concours"]) == 2


def test_a_season_unpublished_or_deleted_is_withdrawn_from_the_server(live_server):
    owner = organiser("desk")
    t = drawn(owner=owner, slug="vendredi-1", name="Vendredi 1", date=DAY)
    register_linked(t)
    played(t)
    season = services.season_create(club=t.club, name="Challenge d'hiver", start=DAY,
                                    end=DAY, points_table="100,90,80,70", participation=0,
                                    best=None, published=True, concours=[t.pk])
    member = server_side.member_club_create(name="Belote d'Auch")
    outbox.results_server_join(club=t.club, url=live_server.url,
                               code=server_side.join_code_create(club=member))
    outbox.publish_due()
    Season.objects.filter(pk=season.pk).update(published=False)
    season.refresh_from_db()
    outbox.publish_due()
    stored = ReceivedSeason.objects.get()
    assert stored.withdrawn is not None and stored.version == 2 and stored.content == {}
    assert season_status(season).words.startswith("Retiré du serveur à ")
    Season.objects.filter(pk=season.pk).update(published=True)
    season.refresh_from_db()
    assert outbox.season_push(season=season, force=True).version == 3
    stored.refresh_from_db()
    assert stored.withdrawn is None and stored.version == 3
    season.delete()  # its publication stays, for the withdrawal
    outbox.publish_due()
    stored.refresh_from_db()
    assert stored.withdrawn is not None and stored.version == 4
