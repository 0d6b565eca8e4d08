"""A circuit's standings across clubs: one person per licence, per name, first name and home
club without one (namesakes of two clubs apart), the comité's choice where a player without
licence may be one with; the qualifiers; the public pages show no licence. A circuit rule
that divides by zero is refused, nothing stored."""

import datetime

import pytest

from circuit import selectors, services
from circuit.models import Circuit
from tests.circuit.builders import body, content, joined, player

pytestmark = pytest.mark.django_db


def circuit(**qualify):
    return services.circuit_create(
        name="Circuit du Gers", start=datetime.date(2026, 12, 1),
        end=datetime.date(2026, 12, 31), kind="table", points_table=[100, 90, 80],
        beyond="zero", participation=10, best=1, min_ranked=0,
        tie_breaks=["best", "played"], qualify=qualify or {"kind": "top", "count": 2})


def pushed(club, found, day, teams, identity):
    services.circuit_club_add(circuit=found, club=club)
    services.concours_push(club=club, body=body(content(
        club, concours=identity, date=day, circuits=[found.slug], standings=teams)))


def test_players_are_recognised_across_clubs_by_licence_and_namesakes_kept_apart():
    auch, _ = joined("Belote de Auch")
    condom, _ = joined("Belote de Condom")
    found = circuit()
    pushed(auch, found, "2026-12-05", [
        [player("Martin", "Jean", "Auch", "L1"), player("Petit", "Anne", "Auch")],
        [player("Roux", "Paul", "Auch"), player("Durand", "Luc", "Auch")]], "a1")
    pushed(condom, found, "2026-12-12", [
        [player("Petit", "Anne", "Condom"), player("Faure", "Léa", "Condom")],
        [player("MARTIN", "Jean", "Condom", "l 1"), player("Roux", "Paul", "Auch")]], "c1")
    standings = selectors.circuit_standings(found)
    rows = {(row.person.name, row.person.club): row.line for row in standings.rows}
    # Jean Martin: one licence (folded) across two clubs: 100 counted (best 1) + 2 × 10.
    assert rows[("Martin", "Auch")].played == 2 and rows[("Martin", "Auch")].points == 120
    assert ("MARTIN", "Condom") not in rows
    # Anne Petit of Auch and Anne Petit of Condom, without licence: two people.
    assert rows[("Petit", "Auch")].played == 1 and rows[("Petit", "Condom")].played == 1
    # Paul Roux of Auch without licence, in both clubs' concours: one person.
    assert rows[("Roux", "Auch")].played == 2 and rows[("Roux", "Auch")].points == 110
    # 110 for the two Anne Petit, Léa Faure and Paul Roux: the best single result (100,
    # 100, 100, 90) puts Paul Roux after, though he played more; the others share rank 2.
    assert [row.line.rank for row in standings.rows] == [1, 2, 2, 2, 5, 6]
    assert standings.rows[4].person.name == "Roux"
    # Two places, but the second is shared by three after the tie-breaks: all three go.
    assert standings.places == 2
    assert standings.qualified == [0, 1, 2, 3] and standings.tied_beyond == [2, 3]
    assert standings.rows[0].person.name == "Martin"


def test_a_player_without_licence_who_matches_a_licensed_one_waits_for_the_comite():
    auch, _ = joined("Belote de Auch")
    found = circuit()
    pushed(auch, found, "2026-12-05", [
        [player("Martin", "Jean", "Auch", "L1"), player("Petit", "Anne", "Auch")]], "a1")
    pushed(auch, found, "2026-12-06", [
        [player("Martin", "Jean", "Auch"), player("Petit", "Anne", "Auch")]], "a2")
    [ambiguity] = selectors.circuit_ambiguities(found)
    assert ambiguity.person.licence is None and ambiguity.chosen is None
    assert [person.licence for person in ambiguity.candidates] == ["L1"]
    assert len(selectors.circuit_standings(found).rows) == 3  # apart until chosen
    services.same_person_choose(circuit=found, name_key=ambiguity.name_key, licence_key="l1")
    rows = selectors.circuit_standings(found).rows
    assert len(rows) == 2
    assert next(row for row in rows if row.person.name == "Martin").line.played == 2
    assert selectors.circuit_ambiguities(found)[0].chosen == "l1"


def test_the_qualifiers_follow_the_number_of_participants():
    auch, _ = joined("Belote de Auch")
    found = circuit(kind="steps", steps=[[0, 1], [5, 3]])
    teams = [[player(f"Nom{n}", "A"), player(f"Nom{n}", "B")] for n in range(2)]
    pushed(auch, found, "2026-12-05", teams, "a1")
    # One place below 5 players; the winning doublette's partners share it (rank 1 both).
    standings = selectors.circuit_standings(found)
    assert (standings.places, standings.qualified, standings.tied_beyond) == (1, [0, 1], [1])
    pushed(auch, found, "2026-12-06",
           [[player(f"Autre{n}", "A"), player(f"Autre{n}", "B")] for n in range(2)], "a2")
    standings = selectors.circuit_standings(found)
    assert [row.line.rank for row in standings.rows] == [1, 1, 1, 1, 5, 5, 5, 5]
    assert (standings.places, standings.qualified) == (3, [0, 1, 2, 3])


def test_a_circuit_rule_that_divides_by_zero_is_refused_and_nothing_stored():
    with pytest.raises(services.Refused, match="divise par zéro"):
        circuit(kind="ratio", per=0)
    assert not Circuit.objects.exists()


def test_a_push_outside_the_circuits_dates_is_refused():
    auch, _ = joined()
    found = circuit()
    services.circuit_club_add(circuit=found, club=auch)
    with pytest.raises(services.Refused, match="hors des dates du circuit"):
        services.concours_push(club=auch, body=body(content(
            auch, date="2027-01-02", circuits=[found.slug])))
    assert not auch.concours.exists()


def test_the_public_pages_show_the_results_but_never_a_licence(client):
    auch, _ = joined("Belote de Auch")
    found = circuit()
    pushed(auch, found, "2026-12-05", [
        [player("Martin", "Jean", "Auch", "LIC-SECRETE"), player("<b>Petit</b>", "Anne")]],
        "a1")
    received = auch.concours.get()
    pages = [f"/circuit/circuits/{found.slug}/", f"/circuit/clubs/{auch.slug}/",
             f"/circuit/clubs/{auch.slug}/concours/{received.pk}/", "/circuit/"]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        page = response.content.decode()
        assert "LIC-SECRETE" not in page and "<b>Petit" not in page
    page = client.get(pages[0]).content.decode()
    assert "Jean Martin" in page and "&lt;b&gt;Petit&lt;/b&gt;" in page
    assert "max-age=30" in client.get(pages[0])["Cache-Control"]


def test_the_circuits_pdf_and_workbook_list_the_qualifiers_without_licence(client):
    import io

    from openpyxl import load_workbook
    from pypdf import PdfReader

    auch, _ = joined("Belote de Auch")
    found = circuit()
    pushed(auch, found, "2026-12-05", [
        [player("Martin", "Jean", "Auch", "LIC-SECRETE"), player("=1+1", "Anne")],
        [player("Roux", "Paul"), player("Durand", "Luc")]], "a1")
    response = client.get(f"/circuit/circuits/{found.slug}/classement.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = "\n".join(page.extract_text()
                     for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "Jean Martin" in text and "LIC-SECRETE" not in text
    assert "finale : les 2 premiers — 2 qualifiés" in text
    response = client.get(f"/circuit/circuits/{found.slug}/classement.xlsx")
    sheet = load_workbook(io.BytesIO(response.content))["Classement"]
    rows = [[cell.value for cell in row] for row in sheet.iter_rows(min_row=3)]
    # Tied, listed by name: « =1+1 » (a name that looks like a formula stays text) first.
    assert rows[0][1:] == ["Anne =1+1", "Auch", 110, 1, "oui"]
    assert rows[1][1:] == ["Jean Martin", "Auch", 110, 1, "oui"]
    assert rows[2][5] in ("", None)
    assert "LIC-SECRETE" not in str(rows)


def test_the_comite_tells_a_player_without_licence_apart_on_its_page(client):
    from django.contrib.auth import get_user_model

    auch, _ = joined("Belote de Auch")
    found = circuit()
    pushed(auch, found, "2026-12-05", [
        [player("Martin", "Jean", "Auch", "L1"), player("Petit", "Anne", "Auch")]], "a1")
    pushed(auch, found, "2026-12-06", [
        [player("Martin", "Jean", "Auch"), player("Petit", "Anne", "Auch")]], "a2")
    client.force_login(get_user_model().objects.create_user("comite", is_staff=True))
    page = client.get(f"/circuit/circuits/{found.slug}/memes-joueurs/").content.decode()
    assert "Jean Martin (Auch), sans licence" in page and "licence L1" in page
    [ambiguity] = selectors.circuit_ambiguities(found)
    url = f"/circuit/circuits/{found.slug}/memes-joueurs/choisir/"
    response = client.post(url, {"name_key": ambiguity.name_key, "licence_key": "autre"},
                           follow=True)
    assert "ne correspond à aucun joueur" in response.content.decode()
    assert selectors.circuit_ambiguities(found)[0].chosen is None
    response = client.post(url, {"name_key": ambiguity.name_key, "licence_key": "l1"},
                           follow=True)
    assert "Choix enregistré" in response.content.decode()
    assert len(selectors.circuit_standings(found).rows) == 2


def test_the_standings_take_two_queries_whatever_the_number_of_concours(
        django_assert_num_queries):
    auch, _ = joined("Belote de Auch")
    found = circuit()
    for day in range(1, 6):
        pushed(auch, found, f"2026-12-{day:02d}", [
            [player(f"Nom{day}", "A"), player("Martin", "Jean", "Auch", "L1")]], f"a{day}")
        # The concours, their clubs (one join), the comité's choices.
        with django_assert_num_queries(2):
            standings = selectors.circuit_standings(found)
        assert len(standings.concours) == day


def test_a_push_retried_gets_its_answer_even_after_the_club_left_the_circuit():
    auch, _ = joined("Belote de Auch")
    found = circuit()
    services.circuit_club_add(circuit=found, club=auch)
    raw = body(content(auch, date="2026-12-05", circuits=[found.slug]))
    first = services.concours_push(club=auch, body=raw)
    found.clubs.remove(auch)
    again = services.concours_push(club=auch, body=raw)
    assert again.as_json() == first.as_json() and not again.created
    with pytest.raises(services.Refused, match="n'a pas adhéré"):
        services.concours_push(club=auch, body=body(content(
            auch, version=2, date="2026-12-05", circuits=[found.slug])))
    assert auch.concours.get().version == 1


def test_the_qualifiers_file_is_read_by_the_laptops_import_of_players(client):
    from django.contrib.auth import get_user_model
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tournament.forms.imports import read_player_file

    auch, _ = joined("Belote de Auch")
    found = circuit()
    pushed(auch, found, "2026-12-05", [
        [player("Martin", "Jean", "Auch", "L1"), player("Lefèvre", "Hélène", "Condom")],
        [player("Roux", "Paul"), player("Durand", "Luc")]], "a1")
    url = f"/circuit/circuits/{found.slug}/qualifies.csv"
    assert client.get(url).status_code == 302  # the comité's: licences
    client.force_login(get_user_model().objects.create_user("comite", is_staff=True))
    response = client.get(url)
    assert response.status_code == 200
    lines = read_player_file(SimpleUploadedFile("qualifies.csv", response.content))
    assert [(line.name, line.club, line.licence) for line in lines] == [
        ("Hélène Lefèvre", "Condom", ""), ("Jean Martin", "Auch", "L1")]
