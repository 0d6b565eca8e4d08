"""Paper totals (issue 13): a game entered as its sheet's final totals, checked by
scoring.paper, is a finished game won by the higher total; a game is entered by donnes or by
totals, never both, and switching either way is confirmed, journaled and loses nothing."""

import random

import pytest
from django.urls import reverse

from scoring import ScoringError, Side, Trump
from scoring.donne import Donne, validate_donne
from scoring.paper import PaperTotals
from tests.builders import drawn, organiser, tournament
from tournament import selectors, services
from tournament.errors import UserError
from tournament.forms.paper import PaperTotalsForm
from tournament.journal import BadValue
from tournament.journal.game import check_game_value, game_value_words
from tournament.models import AuditEntry, DonneRecord, Game, Tournament

pytestmark = pytest.mark.django_db

EXACT = "classique-sans-annonces"  # the rules whose check is exact: belotes and capots asked
# 12 donnes, 2 belotes, 1 capot by the takers: 162 × 12 + 20 × 2 + 90 × 1 = 2,074.
SHEET = PaperTotals(score_ns=1100, score_ew=974, donnes=12, belotes=2, capots=1)


@pytest.fixture
def concours():
    """Classique without annonces, four teams: tables 1 and 2 of partie 1."""
    return drawn(owner=organiser("papier"), slug="papier", preset=EXACT, seed=3)


def table(t, number: int) -> Game:
    return Game.objects.select_related("round__tournament").get(
        round__tournament=t, round__number=1, table=number)


def classique(taker=Side.NS, points=100, **figures) -> Donne:
    return Donne(taker=taker, trump=Trump.HEARTS, taker_points=points, **figures)


# --- The service ---------------------------------------------------------------------------


def test_a_game_entered_by_its_totals_is_finished_and_the_higher_total_wins(concours):
    game = services.game_totals_record(game=table(concours, 1), totals=SHEET)
    game.refresh_from_db()
    assert game.by_totals and game.finished
    assert (game.score_ns, game.score_ew, game.winner, game.played) == (1100, 974, "NS", 12)
    assert (game.paper_ns, game.paper_ew, game.paper_donnes, game.paper_belotes,
            game.paper_capots) == (1100, 974, 12, 2, 1)
    entry = AuditEntry.objects.get(kind="game", action="totals")
    assert (entry.round_number, entry.table, entry.before) == (1, 1, None)
    assert entry.after == {"score_ns": 1100, "score_ew": 974, "donnes": 12, "passed": 0,
                           "belotes": 2, "capots": 1, "awarded_ns": 0, "awarded_ew": 0}
    won = services.game_totals_record(game=game, totals=PaperTotals(
        score_ns=974, score_ew=1100, donnes=12, belotes=2, capots=1))
    assert (won.winner, won.score_ew) == ("EW", 1100)


def test_the_standings_count_a_paper_game_as_a_finished_game(concours):
    services.game_totals_record(game=table(concours, 1), totals=SHEET)
    results = selectors.results(concours)
    assert [(r.score_ns, r.score_ew) for r in results] == [(1100, 974)]


@pytest.mark.parametrize(("totals", "field", "words"), [
    (PaperTotals(score_ns=1100, score_ew=975, donnes=12, belotes=2, capots=1), None,
     "au lieu de 2074"),
    (PaperTotals(score_ns=1100, score_ew=974, donnes=12, belotes=None, capots=1), "belotes",
     "indiquez leur nombre"),
    (PaperTotals(score_ns=1037, score_ew=1037, donnes=12, belotes=2, capots=1), None,
     "la feuille doit dire qui a gagné"),
    (PaperTotals(score_ns=1100, score_ew=974, donnes=0, belotes=2, capots=1), "donnes",
     "de 1 à 300"),
])
def test_totals_that_cannot_be_are_refused_and_change_nothing(concours, totals, field, words):
    game = table(concours, 1)
    with pytest.raises(UserError) as refused:
        services.game_totals_record(game=game, totals=totals)
    assert refused.value.field == field and words in refused.value.message
    game.refresh_from_db()
    assert not game.by_totals and not game.finished and game.paper_ns is None
    assert not AuditEntry.objects.filter(kind="game").exists()


def test_switching_a_game_with_donnes_to_totals_asks_then_journals_each_donne(concours):
    game = table(concours, 1)
    services.donne_record(game=game, number=None, donne=classique(points=100, belote_ns=1))
    services.donne_record(game=game, number=None, donne=classique(Side.EW, points=90))
    keys = list(game.donnes.values_list("key", flat=True))
    with pytest.raises(UserError) as refused:
        services.game_totals_record(game=game, totals=SHEET)
    assert refused.value.field == "confirm" and "2 donnes saisies" in refused.value.message
    assert game.donnes.count() == 2 and not AuditEntry.objects.filter(kind="game").exists()

    services.game_totals_record(game=game, totals=SHEET, confirm=True)
    assert not game.donnes.exists()
    removed = AuditEntry.objects.filter(kind="donne", action="delete").order_by("number")
    assert [(e.number, e.donne_key, e.before["taker_points"]) for e in removed] == [
        (1, keys[0], 100), (2, keys[1], 90)]
    switch = AuditEntry.objects.get(kind="game", action="totals")
    assert switch.before == {"donnes": 2, "keys": keys}
    assert [e.number for e in services.removed_donnes(table(concours, 1))] == [1, 2]


def test_a_game_entered_by_totals_takes_no_donne_until_it_switches_back(concours):
    game = table(concours, 1)
    services.donne_record(game=game, number=None, donne=classique())
    services.game_totals_record(game=game, totals=SHEET, confirm=True)
    with pytest.raises(UserError, match="saisie par les totaux"):
        services.donne_record(game=game, number=None, donne=classique())
    deleted = AuditEntry.objects.get(kind="donne", action="delete")
    with pytest.raises(UserError, match="saisie par les totaux"):  # nor from the journal
        services.audit_restore(entry=deleted, which="before")
    assert not DonneRecord.objects.exists()


def test_switching_back_is_confirmed_and_may_put_the_donnes_back_as_they_were(concours):
    game = table(concours, 1)
    services.donne_record(game=game, number=None, donne=classique(points=100, belote_ns=1))
    services.donne_record(game=game, number=None, donne=classique(Side.EW, points=90))
    before = [(r.key, r.number, r.taker_points, r.score_ns, r.score_ew)
              for r in game.donnes.all()]
    services.game_totals_record(game=game, totals=SHEET, confirm=True)
    with pytest.raises(UserError) as refused:
        services.game_totals_clear(game=game, restore=True)
    assert refused.value.field == "confirm" and table(concours, 1).by_totals

    services.game_totals_clear(game=game, confirm=True, restore=True)
    game = table(concours, 1)
    assert not game.by_totals and game.paper_ns is None and not game.finished
    assert [(r.key, r.number, r.taker_points, r.score_ns, r.score_ew)
            for r in game.donnes.all()] == before
    assert (game.score_ns, game.score_ew) == (before[0][3] + before[1][3],
                                              before[0][4] + before[1][4])
    back = AuditEntry.objects.get(kind="game", action="untotals")
    assert back.before["score_ns"] == 1100 and back.after == {
        "donnes": 2, "keys": [row[0] for row in before]}
    assert AuditEntry.objects.filter(kind="donne", action="restore").count() == 2


def test_switching_back_without_the_donnes_leaves_an_empty_game(concours):
    game = table(concours, 1)
    services.game_totals_record(game=game, totals=SHEET)
    assert services.removed_donnes(table(concours, 1)) == []
    with pytest.raises(UserError, match="Aucune donne à rétablir"):
        services.game_totals_clear(game=game, confirm=True, restore=True)
    services.game_totals_clear(game=game, confirm=True)
    game = table(concours, 1)
    assert (game.by_totals, game.finished, game.score_ns, game.score_ew, game.winner) == (
        False, False, 0, 0, "")
    with pytest.raises(UserError, match="déjà saisie par donnes"):
        services.game_totals_clear(game=game, confirm=True)


def test_the_same_totals_again_are_not_journaled_twice(concours):
    game = table(concours, 1)
    services.game_totals_record(game=game, totals=SHEET)
    services.game_totals_record(game=game, totals=SHEET)
    corrected = PaperTotals(score_ns=1090, score_ew=984, donnes=12, belotes=2, capots=1)
    services.game_totals_record(game=game, totals=corrected)
    entries = AuditEntry.objects.filter(kind="game").order_by("id")
    assert [(e.before and e.before["score_ns"], e.after["score_ns"]) for e in entries] == [
        (None, 1100), (1100, 1090)]


def test_a_bye_or_a_forfeit_has_no_totals(concours):
    game = table(concours, 1)
    services.game_forfeit(game=game, side="NS")
    with pytest.raises(UserError, match="forfait"):
        services.game_totals_record(game=game, totals=SHEET)


def test_a_rules_change_that_the_sheet_contradicts_is_refused(concours):
    services.game_totals_record(game=table(concours, 1), totals=SHEET)
    with pytest.raises(UserError, match="Partie 1 table 1"):
        services.tournament_rules_update(tournament=concours, capot_points=250, confirm=True)
    assert Tournament.objects.get(pk=concours.pk).capot_points == 252


def test_a_table_link_enters_totals_only_if_the_concours_allows_it(concours):
    game = table(concours, 1)
    with pytest.raises(UserError, match="pas ouvert la saisie des totaux"):
        services.game_totals_record(game=game, totals=SHEET, side=Side.NS)
    Tournament.objects.filter(pk=concours.pk).update(paper_by_tables=True)
    services.donne_record(game=table(concours, 2), number=None, donne=classique())
    with pytest.raises(UserError, match="seul l'organisateur"):
        services.game_totals_record(game=table(concours, 2), totals=SHEET, side=Side.EW,
                                    confirm=True)
    services.game_totals_record(game=table(concours, 1), totals=SHEET, side=Side.NS)
    assert table(concours, 1).by_totals
    services.round_close(round_=game.round, closed=True)
    with pytest.raises(UserError, match="close"):
        services.game_totals_record(game=table(concours, 1), totals=SHEET, side=Side.NS)


# --- Every sheet real donnes produce is accepted ------------------------------------------


def _random_donne(rng: random.Random, rules) -> Donne:
    """A valid classique donne (scoring's own check), with belotes, capots, passes and now
    and then points attribués."""
    while True:
        roll = rng.random()
        awarded = {"awarded_ns": 50} if rng.random() < 0.05 else {}
        if roll < 0.05:
            donne = Donne(**awarded)  # all four passed
        else:
            taker = rng.choice([Side.NS, Side.EW])
            belote = rng.choice([{}, {}, {"belote_ns": 1}, {"belote_ew": 1}])
            if roll < 0.12:
                capot = rng.choice([taker, taker.other])
                donne = Donne(taker=taker, trump=rng.choice(list(Trump)[:4]), capot=capot,
                              taker_points=162 if capot is taker else 0, **belote, **awarded)
            else:
                donne = Donne(taker=taker, trump=rng.choice(list(Trump)[:4]),
                              taker_points=rng.randint(0, 162), **belote, **awarded)
        try:
            validate_donne(donne, rules)
        except ScoringError:
            continue
        return donne


@pytest.mark.parametrize("seed", range(8))
def test_the_totals_of_a_game_played_donne_by_donne_are_accepted_and_score_it_alike(
        concours, seed):
    game = table(concours, 1)
    rules = game.round.rules
    rng = random.Random(seed)
    while not game.finished:
        services.donne_record(game=game, number=None, donne=_random_donne(rng, rules))
        game.refresh_from_db()
    donnes = [record.to_donne() for record in game.donnes.all()]
    totals = PaperTotals(
        score_ns=game.score_ns, score_ew=game.score_ew, donnes=len(donnes),
        passed=sum(d.taker is None for d in donnes),
        belotes=sum(d.belote_ns + d.belote_ew for d in donnes),
        capots=sum(d.taker is not None and d.capot == d.taker for d in donnes),
        awarded_ns=sum(d.awarded_ns for d in donnes),
        awarded_ew=sum(d.awarded_ew for d in donnes))
    played = (game.score_ns, game.score_ew, game.winner, game.played)
    services.game_totals_record(game=game, totals=totals, confirm=True)
    game = table(concours, 1)
    assert (game.score_ns, game.score_ew, game.winner, game.played) == played
    assert game.by_totals and game.finished


# --- The form -------------------------------------------------------------------------------


def test_the_form_asks_for_belotes_and_capots_only_where_the_check_needs_them(concours):
    exact = PaperTotalsForm(rules=table(concours, 1).round.rules)
    assert {"belotes", "capots"} <= set(exact.fields) and "confirm" not in exact.fields
    assert exact.check.exact and "Contrôle exact" in exact.check.explanation
    coinche = tournament(teams=2, preset="ffb-coinche")
    partial = PaperTotalsForm(rules=coinche.rules, donnes_entered=3)
    assert not {"belotes", "capots"} & set(partial.fields) and "confirm" in partial.fields
    assert "Contrôle partiel" in partial.check.explanation


def test_the_form_puts_scorings_refusal_beside_the_figure_at_fault(concours):
    rules = table(concours, 1).round.rules
    data = {"score_ns": "1100", "score_ew": "974", "donnes": "12", "belotes": "2",
            "capots": "1"}
    assert PaperTotalsForm(data, rules=rules).is_valid()
    wrong_sum = PaperTotalsForm({**data, "score_ew": "975"}, rules=rules)
    assert not wrong_sum.is_valid() and "au lieu de 2074" in wrong_sum.non_field_errors()[0]
    no_belotes = PaperTotalsForm({**data, "belotes": ""}, rules=rules)
    assert not no_belotes.is_valid() and "indiquez leur nombre" in no_belotes.errors[
        "belotes"][0]
    huge = PaperTotalsForm({**data, "score_ns": "10" * 12, "donnes": "abc"}, rules=rules)
    assert not huge.is_valid() and set(huge.errors) == {"score_ns", "donnes"}


def test_the_form_shows_every_error_of_a_sheet_at_once(concours):
    rules = table(concours, 1).round.rules
    # Belotes forgotten, NS's total beyond any 12 donnes, a capots figure not a number.
    form = PaperTotalsForm({"score_ns": "99999", "score_ew": "974", "donnes": "12",
                            "belotes": "", "capots": "x"}, rules=rules)
    assert not form.is_valid()
    assert set(form.errors) == {"belotes", "capots", "score_ns"}
    assert "indiquez leur nombre" in form.errors["belotes"][0]
    assert form.errors["capots"] == ["Un nombre entier."]  # the figure's own, said once
    # Equal totals beside a figure's refusal.
    equal = PaperTotalsForm({"score_ns": "987", "score_ew": "987", "donnes": "12",
                             "belotes": "", "capots": "0"}, rules=rules)
    assert set(equal.errors) == {"belotes", "__all__"}
    assert "égaux" in equal.non_field_errors()[0]
    # The donnes forgotten: the belotes and capots asked for at once, nothing the donnes
    # bound is said.
    empty = PaperTotalsForm({"score_ns": "99999", "score_ew": "x", "donnes": ""},
                            rules=rules)
    assert set(empty.errors) == {"donnes", "score_ew", "belotes", "capots"}
    assert empty.errors["score_ew"] == ["Un nombre entier."]


# --- The journal's entries ------------------------------------------------------------------


def test_the_journals_score_entries_have_one_shape_each(concours):
    game = table(concours, 1)
    services.donne_record(game=game, number=None, donne=classique())
    services.game_totals_record(game=game, totals=SHEET, confirm=True)
    services.game_totals_clear(game=game, confirm=True, restore=True)
    for entry in AuditEntry.objects.filter(kind="game"):
        check_game_value(entry.action, entry.before)
        check_game_value(entry.action, entry.after)
    switch = AuditEntry.objects.get(kind="game", action="totals")
    assert game_value_words(switch.before) == "1 donne saisie"
    assert game_value_words(switch.after) == (
        "totaux 1100 – 974 en 12 donnes, 2 belotes, 1 capot")
    for action, value in [("totals", {"score_ns": 1}), ("totals", [1]),
                          ("totals", {"donnes": 2, "keys": ["a"]}),
                          ("confirm", {"awaiting": "XX", "disputed": False, "score_ns": 1,
                                       "score_ew": 2}),
                          ("drop", {"a": 1})]:
        with pytest.raises(BadValue):
            check_game_value(action, value)


# --- The pages ------------------------------------------------------------------------------


def totals_url(t, number: int) -> str:
    return reverse("tournament:game_totals", args=[t.slug, 1, number])


POST = {"score_ns": "1100", "score_ew": "974", "donnes": "12", "belotes": "2", "capots": "1"}


def test_the_organiser_types_one_sheet_after_the_other(client, concours):
    client.force_login(concours.organiser)
    page = client.get(totals_url(concours, 1)).content.decode()
    assert "Contrôle exact" in page and 'name="belotes"' in page and "autofocus" in page
    response = client.post(totals_url(concours, 1), POST)
    assert response.status_code == 302 and response["Location"] == totals_url(concours, 2)
    following = client.get(response["Location"]).content.decode()
    winner = Game.objects.get(round__tournament=concours, table=1).team_ns.name
    assert f"Table 1 : totaux enregistrés, 1100 – 974, Nord-Sud gagne ({winner})." in following
    response = client.post(totals_url(concours, 2), {**POST, "score_ns": "974",
                                                      "score_ew": "1100"})
    assert response["Location"] == reverse("tournament:game", args=[concours.slug, 1, 2])
    game_page = client.get(response["Location"]).content.decode()
    assert "Saisie des totaux" in game_page and "Revenir à la saisie par donnes" in game_page
    assert table(concours, 2).winner == "EW"


def test_a_refused_sheet_comes_back_with_its_figures_and_the_reason(client, concours):
    client.force_login(concours.organiser)
    response = client.post(totals_url(concours, 1), {**POST, "score_ew": "975"})
    assert response.status_code == 422
    page = response.content.decode()
    assert "au lieu de 2074" in page and 'value="975"' in page
    assert not table(concours, 1).by_totals


def test_a_game_with_donnes_asks_for_the_confirmation_on_the_page(client, concours):
    client.force_login(concours.organiser)
    services.donne_record(game=table(concours, 1), number=None, donne=classique())
    page = client.get(totals_url(concours, 1)).content.decode()
    assert "Cette table a 1 donne saisie" in page and 'name="confirm"' in page
    response = client.post(totals_url(concours, 1), POST)
    assert response.status_code == 422 and "Confirmez pour continuer" in response.content.decode()
    assert table(concours, 1).donnes.count() == 1
    assert client.post(totals_url(concours, 1), {**POST, "confirm": "on"}).status_code == 302
    assert table(concours, 1).by_totals and not DonneRecord.objects.exists()


def test_the_organiser_switches_back_from_the_game_page(client, concours):
    client.force_login(concours.organiser)
    services.donne_record(game=table(concours, 1), number=None, donne=classique())
    services.game_totals_record(game=table(concours, 1), totals=SHEET, confirm=True)
    page = client.get(reverse("tournament:game", args=[concours.slug, 1, 1])).content.decode()
    assert "Rétablir la donne saisie avant les totaux" in page
    clear = reverse("tournament:game_totals_clear", args=[concours.slug, 1, 1])
    client.post(clear, {"restore": "on"})
    assert table(concours, 1).by_totals  # not confirmed
    client.post(clear, {"confirm": "on", "restore": "on"})
    assert not table(concours, 1).by_totals and table(concours, 1).donnes.count() == 1


@pytest.mark.parametrize("who", ["anonymous", "intruder", "link"])
def test_only_the_organiser_reaches_the_totals_pages(client, concours, who):
    if who == "intruder":
        client.force_login(organiser("intrus"))
    elif who == "link":
        client.get(reverse("tournament:table_link", args=[table(concours, 1).token]))
    for url in (totals_url(concours, 1),
                reverse("tournament:game_totals_clear", args=[concours.slug, 1, 1]),
                reverse("tournament:game_confirm", args=[concours.slug, 1, 1])):
        response = client.post(url, {**POST, "confirm": "on", "score_ns": "0",
                                     "score_ew": "0"})
        assert response.status_code in (302, 404)
        if response.status_code == 302:
            assert response["Location"].startswith(reverse("login"))
    assert not table(concours, 1).by_totals and not AuditEntry.objects.filter(
        kind="game").exists()


def test_a_table_link_enters_its_totals_when_allowed(client, concours):
    game = table(concours, 1)
    link = reverse("tournament:table_link", args=[game.token])
    totals = reverse("tournament:table_link_totals", args=[game.token])
    assert "Saisir les totaux de la feuille" not in client.get(link).content.decode()
    response = client.post(totals, POST, follow=True)
    assert "pas ouvert la saisie des totaux" in response.content.decode()
    assert not table(concours, 1).by_totals
    Tournament.objects.filter(pk=concours.pk).update(paper_by_tables=True)
    assert "Saisir les totaux de la feuille" in client.get(link).content.decode()
    refused = client.post(totals, {**POST, "score_ns": "1101"})
    assert refused.status_code == 422 and "au lieu de 2074" in refused.content.decode()
    page = client.post(totals, POST, follow=True).content.decode()
    assert "Totaux enregistrés : 1100 – 974." in page and "Saisie des totaux" in page
    entry = AuditEntry.objects.get(kind="game")
    assert entry.actor == "Table 1 (lien)"
