"""The lots: who gets which lot (a pure function, with properties), the services that write
them (French refusals, the journal), the organiser's page, and the palmarès."""

import io

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader

from tests.builders import organiser, play_to_the_end, tournament
from tournament import services
from tournament.amounts import parse_pool, split_equally
from tournament.errors import UserError
from tournament.exports import palmares
from tournament.models import AuditEntry, Prize
from tournament.selectors import (
    MAX_PRIZES,
    Lot,
    award_indexes,
    awards,
    lot_words,
    lots_from_value,
    lots_summary,
    lots_value,
    standings_awards,
    standings_lines,
)

# --- awards: the pure function -----------------------------------------------------------

labels = st.text(alphabet="abcdefghij", min_size=1, max_size=4)


@st.composite
def lots(draw, max_rank: int = 30) -> Lot:
    start = draw(st.integers(1, max_rank))
    end = draw(st.one_of(st.none(), st.integers(start, max_rank + 5)))
    return Lot(start, end, draw(st.booleans()), draw(labels))


def reference(lot_list: list[Lot], count: int) -> dict[int, str]:
    """Awards the slow, obvious way: the places in the order the lot counts them (from the
    top, or the list reversed), sliced by rank; the first lot listed keeps a place."""
    given_: dict[int, str] = {}
    for lot in lot_list:
        order = list(range(1, count + 1))
        if lot.from_last:
            order.reverse()
        stop = count if lot.end is None else lot.end
        for position in order[lot.start - 1:stop]:
            if position not in given_:
                given_[position] = lot.label
    return given_


@given(st.lists(lots(), max_size=8), st.integers(0, 40))
def test_awards_equal_the_obvious_reading_of_the_lots(lot_list, count):
    assert awards(lot_list, count) == reference(lot_list, count)


@given(st.lists(lots(), max_size=8), st.integers(0, 40))
def test_awards_go_only_to_places_of_the_standings(lot_list, count):
    assert set(awards(lot_list, count)) <= set(range(1, count + 1))
    assert list(awards(lot_list, count)) == sorted(awards(lot_list, count))


@given(st.integers(0, 200), labels)
def test_every_team_and_the_last_one(count, label):
    assert awards([Lot(1, None, False, label)], count) == dict.fromkeys(
        range(1, count + 1), label)
    assert awards([Lot(1, None, True, label)], count) == dict.fromkeys(
        range(1, count + 1), label)
    assert awards([Lot(1, 1, True, label)], count) == ({count: label} if count else {})
    assert awards([Lot(2, 2, True, label)], count) == ({count - 1: label} if count > 1 else {})


@given(st.lists(lots(), max_size=8), st.integers(0, 40))
def test_counting_every_lot_from_the_other_end_mirrors_the_places(lot_list, count):
    mirrored = [Lot(lot.start, lot.end, not lot.from_last, lot.label) for lot in lot_list]
    assert awards(mirrored, count) == {count + 1 - position: label
                                       for position, label in awards(lot_list, count).items()}


@given(st.lists(lots(), max_size=8), lots(), st.integers(0, 40))
def test_a_lot_added_at_the_end_takes_no_place_from_the_others(lot_list, extra, count):
    before = awards(lot_list, count)
    after = awards([*lot_list, extra], count)
    assert {position: after[position] for position in before} == before
    assert set(after) - set(before) == set(reference([extra], count)) - set(before)


@st.composite
def disjoint_top_lots(draw) -> list[Lot]:
    """Lots from the top that the services accept together: cut 1..N into ranges."""
    cuts = sorted(draw(st.sets(st.integers(1, 40), max_size=8)))
    bounds = [1, *[cut + 1 for cut in cuts]]
    result = []
    for start, stop in zip(bounds, [*cuts, None], strict=True):
        if stop is None or start <= stop:
            result.append(Lot(start, stop, False, draw(labels)))
    return draw(st.permutations(result))


@given(disjoint_top_lots(), st.integers(0, 50))
def test_with_lots_the_services_accept_every_rank_gets_its_own_lot(lot_list, count):
    given_ = award_indexes(lot_list, count)
    for position in range(1, count + 1):
        covering = [index for index, lot in enumerate(lot_list)
                    if lot.start <= position and (lot.end is None or position <= lot.end)]
        assert len(covering) <= 1
        assert given_.get(position) == (covering[0] if covering else None)
    for index, lot in enumerate(lot_list):
        for other in lot_list[index + 1:]:
            assert not lot.overlaps(other)


def test_a_place_a_lot_from_the_top_and_one_from_the_last_both_reach_keeps_the_first():
    ten = Lot(1, 10, False, "bouteille")
    last = Lot(1, 1, True, "consolation")
    assert awards([ten, last], 8)[8] == "bouteille"
    assert awards([last, ten], 8)[8] == "consolation"
    assert awards([ten, last], 12) == {**dict.fromkeys(range(1, 11), "bouteille"),
                                       12: "consolation"}


@pytest.mark.parametrize(("lot", "words"), [
    (Lot(1, 1, False, "x"), "1er"),
    (Lot(3, 3, False, "x"), "3e"),
    (Lot(2, 5, False, "x"), "2e à 5e"),
    (Lot(24, None, False, "x"), "24e au dernier"),
    (Lot(1, None, False, "x"), "toutes les équipes"),
    (Lot(1, 1, True, "x"), "dernier"),
    (Lot(2, 2, True, "x"), "avant-dernier"),
    (Lot(3, 3, True, "x"), "3e en partant du dernier"),
    (Lot(1, 3, True, "x"), "3 derniers"),
    (Lot(2, 4, True, "x"), "2e à 4e en partant du dernier"),
    (Lot(5, None, True, "x"), "5e en partant du dernier, jusqu'au premier"),
])
def test_lots_are_said_in_french(lot, words):
    assert lot_words(lot) == words


def test_in_a_melee_every_lot_goes_to_players():
    assert lot_words(Lot(1, None, False, "x"), melee=True) == "tous les joueurs"


@given(st.lists(lots(), max_size=10))
def test_the_journal_value_reads_back_as_the_same_lots(lot_list):
    assert lots_from_value(lots_value(lot_list)) == lot_list


@pytest.mark.parametrize("value", [
    "1er : jambon", {"start": 1}, [{"start": 1, "end": 1, "from_last": False}],
    [{"start": 0, "end": 1, "from_last": False, "label": "x"}],
    [{"start": 3, "end": 2, "from_last": False, "label": "x"}],
    [{"start": True, "end": None, "from_last": False, "label": "x"}],
    [{"start": 1, "end": None, "from_last": "oui", "label": "x"}],
    [{"start": 1, "end": None, "from_last": False, "label": ""}],
    [{"start": 1, "end": 99999, "from_last": False, "label": "x"}],
    [{"start": 1, "end": None, "from_last": False, "label": "x", "extra": 1}],
    [{"start": 1, "end": 1, "from_last": False, "label": "x"}] * (MAX_PRIZES + 1),
])
def test_a_journal_value_of_another_shape_is_refused(value):
    with pytest.raises(ValueError):
        lots_from_value(value)


def test_the_journal_summary_says_the_lots():
    assert lots_summary([Lot(1, 1, False, "jambon"), Lot(1, 1, True, "lot")]) == (
        "1er : jambon ; dernier : lot")
    assert lots_summary([]) == "aucun lot"


# --- The services --------------------------------------------------------------------------

django_db = pytest.mark.django_db


def _lots(t) -> list[tuple]:
    return list(t.prizes.order_by("order", "id").values_list("start", "end", "from_last",
                                                             "label"))


@django_db
def test_lots_are_added_changed_moved_deleted_and_journaled():
    t = tournament()
    first = services.prize_add(tournament=t, start=1, end=1, from_last=False,
                               label="  Un  jambon ")
    bottle = services.prize_add(tournament=t, start=2, end=5, from_last=False,
                                label="Bouteille")
    last = services.prize_add(tournament=t, start=1, end=1, from_last=True, label="Lot")
    assert _lots(t) == [(1, 1, False, "Un jambon"), (2, 5, False, "Bouteille"),
                        (1, 1, True, "Lot")]
    services.prize_update(prize=bottle, start=2, end=None, from_last=False, label="Vin")
    services.prize_move(prize=last, step=-1)
    services.prize_move(prize=first, step=-1)  # already first: nothing moves
    assert _lots(t) == [(1, 1, False, "Un jambon"), (1, 1, True, "Lot"),
                        (2, None, False, "Vin")]
    services.prize_delete(prize=first)
    assert _lots(t) == [(1, 1, True, "Lot"), (2, None, False, "Vin")]

    entries = [entry for entry in AuditEntry.objects.filter(tournament=t).order_by("at", "id")
               if "prizes" in (entry.after or {})]
    assert [(e.kind, e.action) for e in entries] == [
        ("rules", "create"), ("rules", "create"), ("rules", "create"), ("rules", "update"),
        ("rules", "swap"), ("rules", "delete")]
    assert entries[0].before == {"prizes": []}
    assert entries[0].after == {"prizes": [
        {"start": 1, "end": 1, "from_last": False, "label": "Un jambon"}]}
    assert lots_from_value(entries[-1].before["prizes"]) == [
        Lot(1, 1, False, "Un jambon"), Lot(1, 1, True, "Lot"), Lot(2, None, False, "Vin")]
    assert lots_from_value(entries[-1].after["prizes"]) == [
        Lot(1, 1, True, "Lot"), Lot(2, None, False, "Vin")]


@django_db
def test_a_whole_list_is_put_back_as_the_journal_holds_it():
    t = tournament()
    services.prize_add(tournament=t, start=1, end=1, from_last=False, label="Jambon")
    entry = AuditEntry.objects.filter(tournament=t).latest("id")
    assert entry.after == {"prizes": lots_value([Lot(1, 1, False, "Jambon")])}
    services.prize_add(tournament=t, start=2, end=3, from_last=False, label="Vin")
    services.prizes_replace(tournament=t, lots=lots_from_value(entry.after["prizes"]))
    assert _lots(t) == [(1, 1, False, "Jambon")]
    restored = AuditEntry.objects.filter(tournament=t).latest("id")
    assert restored.action == "restore"
    count = AuditEntry.objects.count()
    services.prizes_replace(tournament=t, lots=[Lot(1, 1, False, "Jambon")])  # no change
    assert AuditEntry.objects.count() == count
    with pytest.raises(UserError, match="mêmes rangs"):
        services.prizes_replace(tournament=t, lots=[Lot(1, 3, False, "a"),
                                                    Lot(3, 3, False, "b")])
    assert _lots(t) == [(1, 1, False, "Jambon")]


def test_a_whole_list_is_checked_without_writing():
    assert services.lots_checked([Lot(1, 1, False, " Jambon  de pays "),
                                  Lot(1, 1, True, "Lot")]) == [
        Lot(1, 1, False, "Jambon de pays"), Lot(1, 1, True, "Lot")]
    with pytest.raises(UserError, match="« a » et « b »"):
        services.lots_checked([Lot(2, None, False, "a"), Lot(40, 41, False, "b")])
    with pytest.raises(UserError, match="Lot : "):
        services.lots_checked([Lot(1, 1, False, "\x1b[31m")])
    with pytest.raises(UserError, match="200 lots au plus"):
        services.lots_checked([Lot(rank, rank, False, "x") for rank in range(1, 202)])


REFUSED = [
    ({"start": 0, "end": 1}, "start", "Du rang : un rang de 1 à 32767 est attendu."),
    ({"start": 32768, "end": None}, "start", "Du rang : un rang de 1 à 32767 est attendu."),
    ({"start": True, "end": None}, "start", "Du rang"),
    ({"start": 5, "end": 3}, "end", "Au rang : 3 est avant le rang de départ (5)."),
    ({"start": 5, "end": 40000}, "end", "Au rang : un rang de 5 à 32767 est attendu."),
    ({"start": 1, "end": 1, "label": ""}, "label", "Lot : ce champ est obligatoire."),
    ({"start": 1, "end": 1, "label": "a\u202eb"}, "label", "Lot : caractère invisible"),
    ({"start": 1, "end": 1, "label": "x" * 201}, "label", "Lot : 200 caractères au plus"),
    ({"start": 1, "end": 1, "from_last": "oui"}, "from_last", "oui ou non"),
]


@django_db
@pytest.mark.parametrize(("values", "field", "message"), REFUSED)
def test_a_bad_lot_is_refused_in_french_and_changes_nothing(values, field, message):
    t = tournament()
    services.prize_add(tournament=t, start=10, end=12, from_last=False, label="Gardé")
    before, entries = _lots(t), AuditEntry.objects.count()
    arguments = {"from_last": False, "label": "Jambon", **values}
    with pytest.raises(UserError) as refused:
        services.prize_add(tournament=t, **arguments)
    assert refused.value.field == field and message in refused.value.message
    prize = t.prizes.get()
    with pytest.raises(UserError):
        services.prize_update(prize=prize, **arguments)
    assert _lots(t) == before and AuditEntry.objects.count() == entries


@django_db
@pytest.mark.parametrize(("start", "end", "from_last", "overlaps"), [
    (1, 1, False, False), (5, 9, False, False), (12, 12, False, True), (13, None, False, False),
    (12, None, False, True),
    (1, None, False, True), (1, None, True, False), (11, 11, True, False), (3, 10, False, True),
])
def test_a_rank_gets_one_lot(start, end, from_last, overlaps):
    t = tournament()
    services.prize_add(tournament=t, start=10, end=12, from_last=False, label="Bouteille")
    if not overlaps:
        services.prize_add(tournament=t, start=start, end=end, from_last=from_last, label="x")
        return
    with pytest.raises(UserError) as refused:
        services.prize_add(tournament=t, start=start, end=end, from_last=from_last, label="x")
    assert refused.value.message.startswith(
        "Ces rangs ont déjà un lot : « Bouteille » (10e à 12e). Un rang ne reçoit qu'un lot")
    assert t.prizes.count() == 1


@django_db
def test_a_lot_changed_may_keep_its_own_ranks_but_not_take_another_s():
    t = tournament()
    one = services.prize_add(tournament=t, start=1, end=3, from_last=False, label="a")
    services.prize_add(tournament=t, start=4, end=6, from_last=False, label="b")
    services.prize_update(prize=one, start=1, end=3, from_last=False, label="c")
    with pytest.raises(UserError, match="« b »"):
        services.prize_update(prize=one, start=1, end=4, from_last=False, label="c")
    assert _lots(t) == [(1, 3, False, "c"), (4, 6, False, "b")]


@django_db
def test_at_most_two_hundred_lots():
    t = tournament()
    Prize.objects.bulk_create([Prize(tournament=t, start=rank, end=rank, label=f"lot {rank}",
                                     order=rank) for rank in range(1, MAX_PRIZES + 1)])
    with pytest.raises(UserError, match="200 lots au plus"):
        services.prize_add(tournament=t, start=MAX_PRIZES + 1, end=None, from_last=False,
                           label="x")
    assert t.prizes.count() == MAX_PRIZES


# --- The selector: the standings' lines with their lots ----------------------------------


def _played(teams: int = 6, **options):
    t = tournament(teams=teams, **options)
    round_ = services.round_generate(tournament=t, seed=3)
    for game in round_.games.filter(team_ew__isnull=False):
        play_to_the_end(game)
    return t


@django_db
def test_the_final_standings_are_paired_with_their_lots(django_assert_max_num_queries):
    t = _played()
    services.prize_add(tournament=t, start=1, end=1, from_last=False, label="Jambon")
    services.prize_add(tournament=t, start=2, end=3, from_last=False, label="Vin")
    services.prize_add(tournament=t, start=1, end=1, from_last=True, label="Lot")
    services.prize_add(tournament=t, start=40, end=None, from_last=False, label="Personne")
    with django_assert_max_num_queries(8):
        result = standings_awards(t)
        details = [award.detail for award in result.awarded]  # the players: prefetched
    names = [award.name for award in result.lines]
    assert names == [line.name for line in standings_lines(t)]
    assert details[0] == result.lines[0].line.team.players
    assert [award.label for award in result.lines] == ["Jambon", "Vin", "Vin", "", "", "Lot"]
    assert [award.position for award in result.lines] == [1, 2, 3, 4, 5, 6]
    assert [a.name for a in result.awarded] == [names[0], names[1], names[2], names[5]]
    assert [lot.label for lot in result.unawarded] == ["Personne"]
    assert result.lines[0].place == "1er" and result.lines[0].detail
    # Every game played the same: three winners share the 1st rank, three losers the 4th.
    assert [(a.rank, a.tied) for a in result.lines] == [(1, True)] * 3 + [(4, True)] * 3


@given(st.integers(min_value=0, max_value=10**8), st.integers(min_value=1, max_value=40))
def test_a_prize_shared_equally_adds_up_to_the_cent(total, count):

    shares = split_equally(total, count)
    assert sum(shares) == total and len(shares) == count
    assert max(shares) - min(shares) <= 1 and shares == sorted(shares, reverse=True)


@django_db
def test_ex_aequo_entrants_share_their_places_cash_prizes_equally():
    """Issue 32: three teams tied 1st took 30 €, 20 € and 10,01 € by their order in the
    list; they share 60,01 €: 20,01 € for the first, 20,00 € for the others."""
    t = _played()
    services.fee_set(tournament=t, fee=1000, fee_per="team")
    services.cash_pool_set(tournament=t, lines=parse_pool("1er 30 €\n2e 20 €\n3e 10,01 €"))
    data = palmares.palmares(t)
    tied = [(award.rank, cash) for award, cash in data.cash_rows if award.rank == 1]
    assert tied == [(1, 2001), (1, 2000), (1, 2000)]
    assert data.tied_cash and "partagés à parts égales" in palmares.palmares_html(t)


# --- The organiser's page ---------------------------------------------------------------


@pytest.fixture
def concours(owner):
    return _played(owner=owner, slug="lots")


def _url(t, name="prizes", *args):
    return reverse(f"tournament:{name}", args=[t.slug, *args])


@django_db
def test_the_organiser_types_lots_on_one_line(client, owner, concours):
    client.force_login(owner)
    page = client.get(_url(concours)).content.decode()
    assert 'name="start"' in page and "autofocus" in page and 'value="1"' in page
    for post in ({"start": "1", "label": "Jambon"},
                 {"start": "2", "end": "5", "label": "Bouteille"},
                 {"start": "1", "from_last": "on", "label": "Lot de consolation"},
                 {"start": "6", "to_last": "on", "label": "Un ticket"}):
        response = client.post(_url(concours), post)
        assert response.status_code == 302, response.content.decode()[-3000:]
    assert _lots(concours) == [(1, 1, False, "Jambon"), (2, 5, False, "Bouteille"),
                               (1, 1, True, "Lot de consolation"), (6, None, False, "Un ticket")]
    page = client.get(_url(concours)).content.decode()
    for words in ("1er", "2e à 5e", "dernier", "6e au dernier", "Lot de consolation"):
        assert words in page
    assert 'id="awards"' in page


@django_db
def test_the_next_rank_is_offered(client, owner, concours):
    client.force_login(owner)
    client.post(_url(concours), {"start": "1", "end": "4", "label": "Jambon"})
    assert 'name="start" value="5"' in client.get(_url(concours)).content.decode()


@django_db
@pytest.mark.parametrize(("post", "message"), [
    ({"start": "", "label": "x"}, "Du rang : le premier rang qui reçoit ce lot est attendu."),
    ({"start": "0", "label": "x"}, "Du rang : un rang de 1 à 32767 est attendu."),
    ({"start": "9" * 5000, "label": "x"}, "Du rang : un rang de 1 à 32767 est attendu."),
    ({"start": "un", "label": "x"}, "Du rang : un rang de 1 à 32767 est attendu."),
    ({"start": "5", "end": "3", "label": "x"}, "Au rang : 3 est avant le rang de départ (5)."),
    ({"start": "5", "end": "7", "to_last": "on", "label": "x"},
     "Au rang : un rang de fin ou « jusqu&#x27;au dernier », pas les deux."),
    ({"start": "5", "end": "x", "label": "x"}, "Au rang : un rang de 1 à 32767"),
    ({"start": "1", "label": "   "}, "Lot : ce champ est obligatoire."),
    ({"start": "1", "label": "a\x07b"}, "Lot : caractère invisible ou de contrôle refusé"),
    ({"start": "1", "label": "a\x00b"}, "Le caractère nul n’est pas autorisé."),
    ({"start": "1", "end": "3", "label": "x"}, "Ces rangs ont déjà un lot : « Jambon » (2e)"),
])
def test_a_bad_line_is_refused_in_french(client, owner, concours, post, message):
    services.prize_add(tournament=concours, start=2, end=2, from_last=False, label="Jambon")
    client.force_login(owner)
    response = client.post(_url(concours), post)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert _lots(concours) == [(2, 2, False, "Jambon")]


@django_db
def test_a_lot_is_changed_moved_and_deleted_from_its_page(client, owner, concours):
    one = services.prize_add(tournament=concours, start=1, end=3, from_last=False, label="Vin")
    two = services.prize_add(tournament=concours, start=1, end=None, from_last=True,
                             label="Tout le monde")
    client.force_login(owner)
    page = client.get(_url(concours, "prize", one.pk)).content.decode()
    assert 'value="Vin"' in page and 'name="end" value="3"' in page
    response = client.post(_url(concours, "prize", two.pk),
                           {"start": "2", "to_last": "on", "from_last": "on", "label": "Tous"})
    assert response.status_code == 302
    assert client.post(_url(concours, "prize_up", two.pk)).status_code == 302
    assert _lots(concours) == [(2, None, True, "Tous"), (1, 3, False, "Vin")]
    assert client.post(_url(concours, "prize_down", two.pk)).status_code == 302
    assert client.get(_url(concours, "prize_delete", one.pk)).status_code == 405
    assert client.post(_url(concours, "prize_delete", one.pk)).status_code == 302
    assert _lots(concours) == [(2, None, True, "Tous")]
    assert client.post(_url(concours, "prize_delete", one.pk)).status_code == 404


@django_db
def test_another_concours_lot_is_not_found_under_this_one(client, owner, concours):
    elsewhere = tournament(owner=owner, slug="ailleurs")
    foreign = services.prize_add(tournament=elsewhere, start=1, end=1, from_last=False,
                                 label="Ailleurs")
    client.force_login(owner)
    for name in ("prize", "prize_delete", "prize_up", "prize_down"):
        assert client.post(_url(concours, name, foreign.pk)).status_code == 404
    assert client.get(_url(concours, "prize", 10**17)).status_code == 404
    assert elsewhere.prizes.get().label == "Ailleurs"


@django_db
@pytest.mark.parametrize("role", ["anonymous", "other_organiser"])
def test_only_the_organiser_sees_or_writes_the_lots(client, concours, role):
    lot = services.prize_add(tournament=concours, start=1, end=1, from_last=False, label="J")
    if role == "other_organiser":
        client.force_login(organiser("intrus"))
    urls = [_url(concours)] + [_url(concours, name, lot.pk)
                               for name in ("prize", "prize_delete", "prize_up", "prize_down")]
    for url in urls:
        for response in (client.get(url), client.post(url, {"start": "2", "label": "x"})):
            assert response.status_code in (302, 404, 405)
            if response.status_code == 302:
                assert response["Location"].startswith(reverse("login"))
    assert _lots(concours) == [(1, 1, False, "J")]


# --- The palmarès -----------------------------------------------------------------------


def pdf_text(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


@django_db
def test_the_palmares_reads_the_lots_out_in_large_type(client, concours):
    services.prize_add(tournament=concours, start=1, end=1, from_last=False, label="Jambon")
    services.prize_add(tournament=concours, start=1, end=1, from_last=True,
                       label="Lot de consolation")
    result = standings_awards(concours)
    response = client.get(_url(concours, "palmares_pdf"))  # published: anyone reads it
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    assert "Palmarès" in text and "Jambon" in text and "Lot de consolation" in text
    assert result.lines[0].name in text and result.lines[-1].name in text
    assert result.lines[2].name not in text  # no lot: not on the palmarès
    assert "Provisoire" in text  # 1 partie of 4 planned


@django_db
def test_user_text_on_the_palmares_is_text(concours):
    services.prize_add(tournament=concours, start=1, end=1, from_last=False,
                       label="<script>alert(1)</script> & <b>")
    html = palmares.palmares_html(concours)
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;" in html
    assert "<script>" not in html


@django_db
def test_a_palmares_without_lots_says_so(concours):
    assert "Aucun lot n'est défini" in palmares.palmares_html(concours).replace("&#x27;", "'")


@django_db
def test_an_unpublished_palmares_is_its_organiser_s_only(client, owner):
    t = tournament(owner=owner, slug="prive", published=False)
    assert client.get(_url(t, "palmares_pdf")).status_code == 404
    client.force_login(owner)
    assert client.get(_url(t, "palmares_pdf")).status_code == 200
