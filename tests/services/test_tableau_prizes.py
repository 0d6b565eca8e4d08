"""A lot of one tableau of a concours in phases (BRACKETS.md 6, issue 35): its ranks are the
places within that tableau, so « 1er de la consolante » goes to the consolante's winner
wherever the concours ranks it; lots of the whole concours keep their final ranks. A
tableau's lot is refused in French on a concours without phases, and the consolante's on a
formule without one; the journal and the backups keep the tableau."""

from __future__ import annotations

import json
from decimal import Decimal
from types import SimpleNamespace

import pytest
from django.db import transaction
from django.urls import reverse

from tests.builders import teams_written, tournament
from tests.exports.test_phases_standings import played_in_phases
from tournament import journal as audit
from tournament import selectors, services
from tournament.amounts import PoolLine, parse_pool, pool_text
from tournament.errors import UserError
from tournament.exports import palmares
from tournament.forms.prizes import PrizeForm
from tournament.lots import Lot, award_indexes, lot_words, lots_from_value, lots_value
from tournament.models import AuditEntry, CashPrize, PhasePlan, Prize
from tournament.selectors.prizes import standings_awards, tableau_places
from tournament.services import backup


@pytest.fixture(scope="module")
def tableau_lots(django_db_setup, django_db_blocker):
    """The concours of eight in phases played (4 in each tableau, places 3–4 shared), with a
    lot of the concours (« 1er »), the principal's « 2e », the consolante's « 1er » and its
    « dernier », and cash prizes: the principal's 1st and 2nd 50 € each, the consolante's
    1st 20 €, the concours' 4th 5 €: made once for the module, rolled back at its end."""
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            t = played_in_phases("partagees")
            for start, from_last, label, tableau in [
                    (1, False, "Une coupe", ""), (2, False, "Un jambon", "principal"),
                    (1, False, "Une bouteille", "consolante"),
                    (1, True, "Un torchon", "consolante")]:
                services.prize_add(tournament=t, start=start, end=start, from_last=from_last,
                                   label=label, tableau=tableau)
            services.cash_pool_set(tournament=t, lines=parse_pool(
                "1er à 2e du tableau principal 50 €\n1er de la consolante : 20 €\n4e 5 €"))
        except BaseException:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)
            raise
    yield t
    with django_db_blocker.unblock():
        transaction.set_rollback(True)
        outer.__exit__(None, None, None)


@pytest.mark.django_db
def test_a_tableau_s_lot_goes_to_the_place_within_that_tableau(tableau_lots):
    awards = standings_awards(tableau_lots)
    given = [(award.line.phase.key, award.line.phase.within, award.label)
             for award in awards.lines if award.label]
    # The consolante's winner is the concours' 5th: its « 1er » is not the concours' 1st.
    assert given == [("principal", 1, "Une coupe"), ("principal", 2, "Un jambon"),
                     ("consolante", 1, "Une bouteille"), ("consolante", 3, "Un torchon")]
    assert awards.unawarded == []
    # « dernier » of the consolante: its last listed of the shared places 3–4.
    assert [award.position for award in awards.lines if award.label] == [1, 2, 5, 8]
    sections = palmares.palmares(tableau_lots).sections
    assert [(heading, [award.label for award, _cash in rows]) for heading, rows in sections] == [
        # The 3rd and 4th (places 3–4 shared): their cash prize, no lot.
        ("tableau principal", ["Une coupe", "Un jambon", "", ""]),
        ("consolante", ["Une bouteille", "Un torchon"])]


@pytest.mark.django_db
def test_a_tableau_s_cash_prize_goes_to_the_places_within_that_tableau(tableau_lots):
    data = palmares.palmares(tableau_lots)
    cash = [(award.line.phase.key, award.line.phase.within, amount)
            for award, amount in data.cash_rows if amount]
    # The concours' 4th's 5 €, shared by the principal's two 3rds (ex aequo); the
    # consolante's 1st (the concours' 5th) takes its 20 €.
    assert cash == [("principal", 1, 5000), ("principal", 2, 5000), ("principal", 3, 250),
                    ("principal", 3, 250), ("consolante", 1, 2000)]
    caisse = selectors.caisse(tableau_lots)
    assert caisse.cash_prizes == 5000 + 5000 + 500 + 2000


def test_a_tableau_s_cash_prize_is_typed_and_read_back_in_words():
    lines = parse_pool("1er à 2e du tableau principal 50 €\n1 consolante 10 %\n3e 5 €")
    assert lines == [PoolLine(1, 2, 5000, tableau="principal"),
                     PoolLine(1, 1, percent=Decimal(10), tableau="consolante"),
                     PoolLine(3, 3, 500)]
    assert pool_text(lines).replace("\u00a0", " ") == (
        "1er à 2e du tableau principal : 50,00 €\n1er de la consolante : 10 %\n3e : 5,00 €")
    assert parse_pool(pool_text(lines)) == lines
    # The principal's 1st and the concours' 1st are two places: no overlap.
    assert len(parse_pool("1er 10 €\n1er du tableau principal 10 €")) == 2


@pytest.mark.django_db
def test_a_tableau_s_lot_is_refused_where_the_concours_has_no_such_tableau():
    plain = tournament()
    with pytest.raises(UserError, match="ce concours n'est pas en phases"):
        services.prize_add(tournament=plain, start=1, end=1, from_last=False, label="Lot",
                           tableau="principal")
    without = tournament(slug="sans-consolante")
    teams_written(without, 8)
    services.phase_plan_set(tournament=without, qualification="poules", consolante=False)
    with pytest.raises(UserError, match="la formule de ce concours n'a pas de consolante"):
        services.prize_add(tournament=without, start=1, end=1, from_last=False, label="Lot",
                           tableau="consolante")
    assert not Prize.objects.filter(tournament__in=[plain, without]).exists()
    # Counted among the principal's places, « 1er » may sit beside the concours' own.
    services.prize_add(tournament=without, start=1, end=1, from_last=False, label="A")
    services.prize_add(tournament=without, start=1, end=1, from_last=False, label="B",
                       tableau="principal")
    with pytest.raises(UserError, match="Ces rangs ont déjà un lot : « B »"):
        services.prize_add(tournament=without, start=1, end=2, from_last=False, label="C",
                           tableau="principal")
    with pytest.raises(UserError, match="ce concours n'est pas en phases"):
        services.cash_pool_set(tournament=plain, lines=parse_pool("1er du tableau principal 5"))
    with pytest.raises(UserError, match="n'a pas de consolante"):
        services.cash_pool_set(tournament=without, lines=parse_pool("1er consolante 5"))
    assert not CashPrize.objects.filter(tournament__in=[plain, without]).exists()
    # A formule keeps its consolante while a lot goes to it.
    services.phase_plan_set(tournament=without, qualification="poules", consolante=True)
    services.prize_add(tournament=without, start=1, end=1, from_last=False, label="D",
                       tableau="consolante")
    with pytest.raises(UserError, match="Des lots ou des prix en espèces vont à la consolante"):
        services.phase_plan_set(tournament=without, qualification="poules", consolante=False)
    assert PhasePlan.objects.get(tournament=without).consolante


def _form(plan: PhasePlan | None, tableau: str) -> PrizeForm:
    return PrizeForm({"start": "1", "end": "", "label": "Jambon", "tableau": tableau},
                     plan=plan)


def test_the_form_offers_a_tableau_only_in_phases_and_refuses_in_french():
    form = _form(None, "principal")
    assert not form.is_valid()
    assert form.errors["tableau"] == [
        "Pour : ce concours n'est pas en phases, il n'a pas de tableau ; ses lots vont à ses "
        "rangs."]
    assert not _form(PhasePlan(consolante=False), "consolante").is_valid()
    assert _form(PhasePlan(consolante=False), "consolante").errors["tableau"] == [
        "Pour : la formule de ce concours n'a pas de consolante."]
    assert _form(PhasePlan(consolante=False), "autre").errors["tableau"] == [
        "Pour : « le concours », « le tableau principal » ou « la consolante » est attendu."]
    form = _form(PhasePlan(consolante=True), "consolante")
    assert form.is_valid() and form.lot()["tableau"] == "consolante"
    plain = _form(None, "")
    assert plain.is_valid() and plain.lot()["tableau"] == ""
    # Without a consolante, the select does not offer it.
    html = str(PrizeForm(plan=PhasePlan(consolante=False))["tableau"])
    assert "le tableau principal" in html and "la consolante" not in html


def test_a_tableau_s_lot_says_its_tableau_and_keeps_it_in_the_journal():
    lot = Lot(1, 1, False, "Bouteille", "consolante")
    assert lot_words(lot) == "1er de la consolante"
    assert lot_words(Lot(1, 1, True, "Torchon", "principal")) == "dernier du tableau principal"
    assert lot_words(Lot(1, 1, False, "Coupe")) == "1er"
    values = lots_value([lot, Lot(2, None, False, "Lot")])
    assert values[1] == {"start": 2, "end": None, "from_last": False, "label": "Lot"}
    assert lots_from_value(values) == [lot, Lot(2, None, False, "Lot")]
    with pytest.raises(ValueError, match="un lot va au concours"):
        lots_from_value([{**values[0], "tableau": "finale"}])


@pytest.mark.django_db
def test_the_journal_and_a_backup_keep_a_tableau_s_lot_and_cash_prize():
    t = tournament(slug="lots-tableau")
    teams_written(t, 8)
    services.phase_plan_set(tournament=t, qualification="poules")
    services.prize_add(tournament=t, start=1, end=1, from_last=False, label="Bouteille",
                       tableau="consolante")
    services.prize_add(tournament=t, start=1, end=1, from_last=False, label="Coupe")
    # The journal says whose places a lot and a cash prize go to, and restores them so.
    entry = AuditEntry.objects.filter(tournament=t).latest("id")
    assert audit.describe(entry) == ("lots : 1er de la consolante : Bouteille",
                                     "lots : 1er de la consolante : Bouteille ; 1er : Coupe")
    services.audit_restore(entry=entry, which="before")
    services.audit_restore(entry=entry, which="after")
    assert list(t.prizes.values_list("label", "tableau")) == [
        ("Bouteille", "consolante"), ("Coupe", "")]
    services.cash_pool_set(tournament=t, lines=parse_pool("1er principal 30 €\n2e 10 €"))
    pool = AuditEntry.objects.filter(tournament=t).latest("id")
    assert audit.describe(pool)[1].replace("\u00a0", " ") == (
        "1er du tableau principal : 30,00 € ; 2e : 10,00 €")
    data = json.loads(backup.export_json(t))
    assert [lot.get("tableau", "") for lot in data["prizes"]] == ["consolante", ""]
    assert [line.get("tableau", "") for line in data["cash_prizes"]] == ["principal", ""]
    restored = backup.backup_restore(organiser=t.organiser, data=data, mode="replace",
                                     tournament=t)
    assert list(restored.prizes.values_list("label", "tableau")) == [
        ("Bouteille", "consolante"), ("Coupe", "")]
    assert list(restored.cash_prizes.values_list("start", "tableau")) == [
        (1, "principal"), (2, "")]
    # A tableau's lot in a file whose concours has no phases: refused, in French.
    crafted = json.loads(json.dumps(data))
    crafted["phases"] = None
    with pytest.raises(UserError, match="Bouteille : Pour : ce concours n'est pas en phases"):
        backup.read(crafted)


@pytest.mark.django_db
def test_the_lots_page_offers_pour_in_phases_and_lists_the_tableau_s_lot(tableau_lots, client):
    client.force_login(tableau_lots.organiser)
    url = reverse("tournament:prizes", args=[tableau_lots.slug])
    response = client.post(url, {"start": "2", "end": "", "label": "Un saucisson",
                                 "tableau": "consolante"})
    assert response.status_code == 302
    page = client.get(url).content.decode()
    assert '<select name="tableau"' in page and "le tableau principal" in page
    assert "<td>2e de la consolante</td>" in page and "<td>1er de la consolante</td>" in page
    assert "Consolante — finaliste de la consolante</td><td>Un saucisson" in page
    # The rank offered next follows the concours' own lots (« 1er »), not the consolante's.
    assert '<input type="text" name="start" value="2"' in page
    plain = tournament(slug="sans-phases", owner=tableau_lots.organiser)
    page = client.get(reverse("tournament:prizes", args=[plain.slug])).content.decode()
    assert 'name="tableau"' not in page


def _line(key: str, pair: int):
    """What `tableau_places` reads of a standings line: its final place's tableau and team."""
    return SimpleNamespace(phase=SimpleNamespace(key=key, team=SimpleNamespace(pk=pair)))


def test_a_melee_s_pair_is_one_place_of_its_tableau_for_its_two_players():
    # Positions 1–2: the principal's winning pair; 3–4 its finalists; 5: a player of a pair
    # in neither tableau (no key); 6–7 the consolante's winners.
    lines = [_line("principal", 10), _line("principal", 10), _line("principal", 11),
             _line("principal", 11), _line("", 12), _line("consolante", 13),
             _line("consolante", 13)]
    places = tableau_places(lines)
    assert places == {"principal": [[1, 2], [3, 4]], "consolante": [[6, 7]]}
    lots = [Lot(1, 1, False, "Café", "consolante"), Lot(2, 2, False, "Thé", "principal"),
            Lot(1, 1, False, "Coupe")]
    # Both players of the consolante's winning pair take its « 1er »; the concours' own
    # « 1er » is position 1, counted as ever.
    assert award_indexes(lots, len(lines), places) == {1: 2, 3: 1, 4: 1, 6: 0, 7: 0}
    assert award_indexes(lots, len(lines)) == {1: 2}  # tableaux not over: theirs wait
