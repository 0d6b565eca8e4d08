"""A concours in phases in its backup (version 8, issue 35): the formule, the poules as dealt,
the tableaux and their called matches written and read back exactly; a version 7 file (no
phases) still restored; a crafted file refused in French, nothing changed; a copy keeping
them as it keeps the parties; the restore's confirmation page saying what phases are lost."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.urls import reverse

from tests.backup.test_backup import as_version_7
from tests.backup.test_restore import upload
from tests.builders import play_to_the_end, teams_written, tournament
from tournament import services
from tournament.errors import UserError
from tournament.models import PhasePlan, PouleSeat, Tableau, TableauMatch, Tournament
from tournament.selectors.backup import restore_losses, tournament_contents
from tournament.selectors.phases import phases_standings, tableaux_view
from tournament.services import backup

pytestmark = pytest.mark.django_db

_CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


def won_by_nord_sud(round_) -> None:
    for game in round_.games.filter(team_ew__isnull=False):
        services.game_forfeit(game=game, side="EW")


@pytest.fixture
def in_phases():
    """8 teams in two poules, every place played: the poules played, the principal's
    semi-finals decided (one by its donnes, one by forfeit), its petite finale called
    with no result, the consolante's first semi-final called; the final not called."""
    t = tournament(slug="phases-concours")
    teams_written(t, 8)
    services.phase_plan_set(tournament=t, qualification="poules", placement="complet",
                            tetes=[3])
    services.poules_draw(tournament=t, seed=4)
    for _partie in range(3):
        won_by_nord_sud(services.poule_partie_generate(tournament=t))
    principal, consolante = services.tableaux_draw(tournament=t)
    one = services.tableau_match_call(tableau=principal, round_index=0, index=0)
    play_to_the_end(one.game)
    two = services.tableau_match_call(tableau=principal, round_index=0, index=1)
    services.game_forfeit(game=two.game, side="NS")
    services.tableau_match_call(tableau=principal, low=3, round_index=2, index=0)
    services.tableau_match_call(tableau=consolante, round_index=0, index=0, table=7)
    return t


def _pages(client, t) -> list[str]:
    return [_CSRF.sub("", client.get(reverse(name, args=[t.slug])).content.decode())
            for name in ("tournament:poules", "tournament:tableaux", "tournament:standings")]


def _places(t) -> tuple[str, list[tuple[int, int, str]]]:
    standings = phases_standings(t)
    return standings.waiting, [(row.place, row.team.number, row.tableau)
                               for row in standings.places]


def _finished(t) -> list[tuple[int, int, str]]:
    """`t`'s places once every match left is won by Nord-Sud: each called one decided, each
    one ready called (the restored matches flow on as the original's would)."""
    while True:
        slots = [(view.tableau, slot) for view in tableaux_view(t)
                 for _name, slots in view.rounds + view.placing for slot in slots
                 if slot.state in ("ready", "called")]
        if not slots:
            return _places(t)[1]
        tableau, slot = slots[0]
        if slot.state == "ready":
            match = services.tableau_match_call(tableau=tableau, low=slot.low,
                                                round_index=slot.round_index,
                                                index=slot.index)
        else:
            match = TableauMatch.objects.get(tableau=tableau, low=slot.low,
                                             round_index=slot.round_index, index=slot.index)
        services.game_forfeit(game=match.game, side="EW")


def test_a_concours_in_phases_restored_shows_the_same_poules_tableaux_and_places(client,
                                                                                in_phases):
    client.force_login(in_phases.organiser)
    pages, places = _pages(client, in_phases), _places(in_phases)
    data = json.loads(backup.export_json(in_phases))
    assert data["version"] == backup.VERSION >= 8
    assert data["phases"]["plan"]["tetes"] == [3]
    assert len(data["phases"]["seats"]) == 8
    assert [len(t["matches"]) for t in data["phases"]["tableaux"]] == [3, 1]
    assert [r["phase"] for r in data["rounds"]] == ["poule"] * 3 + [
        "principal", "principal", "consolante"]
    # A twin played on to the end, as the restored concours will be.
    twin = backup.tournament_copy(tournament=in_phases, organiser=in_phases.organiser,
                                  slug="jumeau", name="Jumeau")
    restored = backup.backup_restore(organiser=in_phases.organiser, data=data,
                                     mode="replace", tournament=in_phases)
    assert not Tournament.objects.filter(pk=in_phases.pk).exists()
    assert _pages(client, restored) == pages
    assert _places(restored) == places
    again = backup.export_data(restored)
    assert again["phases"] == data["phases"]
    assert [(r["phase"], r["poule"]) for r in again["rounds"]] == [
        (r["phase"], r["poule"]) for r in data["rounds"]]
    final = _finished(restored)
    assert len(final) == 8 and final == _finished(twin)


def test_a_version_7_file_still_restores_as_a_concours_of_drawn_parties():
    t = tournament(teams=4)
    services.round_generate(tournament=t, seed=1)
    data = as_version_7(backup.export_data(t))
    assert backup.upgrade.upgraded(data)["phases"] is None
    restored = backup.backup_restore(organiser=t.organiser, data=data, mode="replace",
                                     tournament=t)
    assert not PhasePlan.objects.filter(tournament=restored).exists()
    assert list(restored.rounds.values_list("phase", "poule")) == [(None, None)]
    assert backup.export_data(restored)["phases"] is None


def _crafted(data: dict, how) -> dict:
    data = json.loads(json.dumps(data))
    how(data)
    return data


def _seat_in_poule_3(data):
    data["phases"]["seats"][0]["poule"] = 3


def _match_to_team_99(data):
    data["phases"]["tableaux"][0]["seeds"][0] = 99


def _bad_kind(data):
    data["phases"]["tableaux"][1]["name"] = "repechage"


def _position_out_of_range(data):
    data["phases"]["seats"][0]["position"] = 9


def _match_of_a_poule_partie(data):
    data["phases"]["tableaux"][0]["matches"][0]["partie"] = 1


def _semis_swapped(data):
    first, second = data["phases"]["tableaux"][0]["matches"][:2]
    first["table"], second["table"] = second["table"], first["table"]


def _consolante_match_moved(data):
    """The consolante's called match (seeds 1 and 4) said to be its other semi-final's."""
    data["phases"]["tableaux"][1]["matches"][0]["index"] = 1


def _poule_pair_across_poules(data):
    """Partie 1's first table (poule A) made to play a team of poule B."""
    game = data["rounds"][0]["games"][0]
    stranger = next(seat["team"] for seat in data["phases"]["seats"] if seat["poule"] == 2)
    other = next(g for g in data["rounds"][0]["games"] if stranger in (g["ns"], g["ew"]))
    side = "ns" if other["ns"] == stranger else "ew"
    game["ew"], other[side] = stranger, game["ew"]


def _partie_of_poule_3(data):
    data["rounds"][0]["poule"] = 3


def _phases_left_out(data):
    data["phases"] = None


def _no_such_round(data):
    data["phases"]["tableaux"][0]["matches"][0]["round_index"] = 2


CRAFTED = [
    (_semis_swapped, "Tableaux : un match est gagné par une équipe que le tableau n'y amène "
                     "pas."),
    (_consolante_match_moved, "Consolante, partie 6, table 7 : ce ne sont pas les équipes "
                              "que le tableau amène à ce match."),
    (_poule_pair_across_poules, "Partie 1, table 1 : une partie de poule oppose deux équipes "
                                "d'une même poule."),
    (_partie_of_poule_3, "Poules : une partie nomme la poule 3, que le fichier n'a pas."),
    (_phases_left_out, "Formule en phases : des parties sont celles d'une formule en phases "
                       "que le fichier ne donne pas."),
    (_no_such_round, "le tableau de 4 équipes n'a pas de match 1 au tour 3."),
    (_seat_in_poule_3, "la poule 3 n'a pas de place 1 : 8 équipes se répartissent en poules "
                       "de 4, 4"),
    (_match_to_team_99, "Tableau 1, têtes de série : l'équipe 99 n'existe pas."),
    (_bad_kind, "Tableau 2 : tableau inconnu : \"repechage\"."),
    (_position_out_of_range, "Poules, place 1, position : un nombre entier de 1 à 4"),
    (_match_of_a_poule_partie, "la partie 1 n'est pas une partie de ce tableau."),
]


def test_a_crafted_file_is_refused_in_french_and_changes_nothing(in_phases):
    """One concours for every crafted file (each a concours in phases to build)."""
    before = backup.export_data(in_phases)
    for how, message in CRAFTED:
        with pytest.raises(UserError, match=re.escape(message)):
            backup.backup_restore(organiser=in_phases.organiser, data=_crafted(before, how),
                                  mode="replace", tournament=in_phases)
    with pytest.raises(UserError, match="champ inconnu : phases"):  # version 8 called 7
        backup.read({**before, "version": 7})
    assert backup.export_data(Tournament.objects.get(pk=in_phases.pk)) == before


def test_a_copy_keeps_the_formule_poules_and_tableaux_as_it_keeps_the_parties(in_phases):
    copy = backup.tournament_copy(tournament=in_phases, organiser=in_phases.organiser,
                                    slug="phases-copie", name="Copie")
    assert _places(copy) == _places(in_phases)
    original, copied = backup.export_data(in_phases), backup.export_data(copy)
    assert copied["phases"] == original["phases"]
    # Its matches are its own games, with new table links.
    games = set(TableauMatch.objects.filter(tableau__tournament=copy).values_list(
        "game__token", flat=True))
    assert len(games) == 4 and not games & set(TableauMatch.objects.filter(
        tableau__tournament=in_phases).values_list("game__token", flat=True))
    assert PouleSeat.objects.filter(tournament=copy).count() == 8
    assert Tableau.objects.filter(tournament=copy).count() == 2


def test_the_confirmation_page_says_the_phases_a_restore_loses(client, in_phases):
    before = backup.export_data(in_phases)  # no tableau yet in this file
    before["phases"]["tableaux"] = []
    before["rounds"] = [r for r in before["rounds"] if r["phase"] == "poule"]
    lost = restore_losses(tournament_contents(in_phases), backup.backup_contents(before))
    assert "4 matchs de tableau appelés" in lost
    assert "2 tableaux tirés" in lost
    same = restore_losses(tournament_contents(in_phases),
                          backup.backup_contents(backup.export_data(in_phases)))
    assert not any("tableau" in line or "formule" in line for line in same)
    before["phases"] = None
    before["rounds"] = []
    lost = restore_losses(tournament_contents(in_phases), backup.backup_contents(before))
    assert "2 poules tirées" in lost
    assert ("la formule en phases (poules, toutes rencontres, 2 qualifiés par poule, "
            "consolante, cadrage : têtes de série (les meilleurs exemptés), toutes les places "
            "jouées, têtes de série 3)") in lost
    client.force_login(in_phases.organiser)
    page = client.post(reverse("tournament:backup_restore", args=[in_phases.slug]),
                       {"file": upload(before), "mode": "replace"})
    text = html.unescape(page.content.decode())
    assert page.status_code == 200 and "2 poules tirées</li>" in text
    assert ("Matchs de tableau appelés</th><td class=\"num\">4</td><td class=\"num\">0"
            "</td>") in text
    assert '<tr id="compare-formule"><th scope="row">Formule en phases</th><td>poules, ' in text
    assert "<li>la formule en phases (poules, toutes rencontres" in text
    assert "</td><td>aucune</td></tr>\n    <tr><th scope=\"row\">Poules tirées" in text
    assert PhasePlan.objects.filter(tournament=in_phases).exists()  # nothing restored yet


def test_a_direct_tableau_with_its_cadrage_and_byes_round_trips():
    t = tournament(slug="direct")
    teams_written(t, 6)
    services.phase_plan_set(tournament=t, qualification="direct", tetes=[5],
                            consolante=False, placement="petite-finale")
    (principal,) = services.tableaux_draw(tournament=t, seed=8)
    match = services.tableau_match_call(tableau=principal, round_index=0, index=1)
    services.game_forfeit(game=match.game, side="EW")
    data = backup.export_data(t)
    assert data["phases"]["plan"]["qualification"] == "direct"
    restored = backup.backup_restore(organiser=t.organiser, data=data, mode="replace",
                                     tournament=t)
    assert backup.export_data(restored)["phases"] == data["phases"]
    (view,) = tableaux_view(restored)
    # The cadrage's winner (seed 4, at Nord-Sud) meets the tête de série in the semi-final.
    semi = view.rounds[1][1][0]
    assert (semi.a.number, semi.b.number, semi.state) == (5, principal.seeds[3], "ready")
