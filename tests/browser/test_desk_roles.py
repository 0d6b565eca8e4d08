"""Three accounts of one club at once, each in its own browser context: the table de marque
marks the arrivals on the pointage page, the organiser draws (the arrived only), the table de
marque enters donnes at two tables, another member watches the standings; the table de
marque's forbidden actions (draw, rules, publish, delete, undo) each show a French refusal
and change nothing. Then the members page at 1366×768 and on a 360 px phone."""

import re

import pytest
from playwright.sync_api import expect

from tests.builders import organiser, tournament
from tournament import services
from tournament.journal import Actor
from tournament.models import DonneRecord, Game, Membership, Team, Tournament

from .test_game_entry import type_row

pytestmark = pytest.mark.django_db(transaction=True)

PLAIN = ("N", "80", "C", "", "95")  # NS 80 ♥, 95 points: 180 – 70


def sign_in(browser, live_server, username, viewport=(1366, 768)):
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]},
                                  locale="fr-FR")
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "motdepasse-long")
    page.press("#id_password", "Enter")
    page.wait_for_url(f"{live_server.url}/")
    return context, page


def post_from(page, url: str, data: dict) -> None:
    """Submit a form the page does not offer (the table de marque has no such button), as a
    hand-made form would: with the page's CSRF token."""
    page.evaluate("""([url, data]) => {
        const form = document.createElement('form');
        form.method = 'post';
        form.action = url;
        const token = document.cookie.split('; ').find(c => c.startsWith('csrftoken='));
        data.csrfmiddlewaretoken = token.split('=')[1];
        for (const [name, value] of Object.entries(data)) {
            const input = document.createElement('input');
            input.type = 'hidden'; input.name = name; input.value = value;
            form.appendChild(input);
        }
        document.body.appendChild(form);
        form.submit();
    }""", [url, data])
    page.wait_for_load_state()


def state(t):
    fresh = Tournament.objects.filter(pk=t.pk).first()
    return (fresh is not None and (fresh.name, fresh.published, fresh.preset),
            fresh is not None and list(fresh.rounds.values_list("number", "closed")),
            DonneRecord.objects.count())


def test_three_members_at_once_and_the_table_de_marques_refusals(browser, live_server, shot):
    chef = organiser("chef")
    t = tournament(owner=chef, teams=5, slug="vendredi", published=False)
    for username, role in (("josette", "marque"), ("regard", "organisateur")):
        Membership.objects.create(club=t.club, user=organiser(username), role=role)
    base = f"{live_server.url}/t/vendredi"
    contexts = []
    try:
        desk, organiser_page = sign_in(browser, live_server, "chef")
        contexts.append(desk)
        marque_context, marque = sign_in(browser, live_server, "josette")
        contexts.append(marque_context)
        watch_context, watcher = sign_in(browser, live_server, "regard")
        contexts.append(watch_context)

        # The home page lists the club's concours for each of them.
        for page in (organiser_page, marque, watcher):
            page.goto(f"{live_server.url}/")
            expect(page.locator("section.club")).to_contain_text(t.name)

        # The table de marque points the arrivals: four teams of five, team 3 absent (by a
        # number and Enter, by a name and Enter, by a click).
        marque.goto(f"{base}/arrivees/")
        counts = marque.locator("#arrival-counts")
        expect(counts).to_contain_text("5 inscrites")
        expect(counts).to_contain_text("0 arrivée")
        marque.wait_for_function(
            "document.activeElement && document.activeElement.id === 'arrival-filter'")
        marque.keyboard.type("1")
        marque.keyboard.press("Enter")
        expect(marque.locator("#arrival-1")).to_have_class("arrived")
        marque.keyboard.type("ÉQUIPE 2")
        expect(marque.locator("#arrivals li:not([hidden])")).to_have_count(1)
        marque.keyboard.press("Enter")
        expect(marque.locator("#arrival-2")).to_have_class("arrived")
        for number in (4, 5):
            marque.locator(f"#arrival-{number} button").click()
            expect(marque.locator(f"#arrival-{number}")).to_have_class("arrived")
        expect(counts).to_contain_text("4 arrivées")
        expect(counts).to_contain_text("1 absente")
        expect(marque.locator("#arrival-3")).not_to_have_class("arrived")
        assert list(Team.objects.filter(tournament=t, arrived=True).order_by("number")
                    .values_list("number", flat=True)) == [1, 2, 4, 5]

        # The organiser draws partie 1: the four arrived teams at two tables, no exempt,
        # team 3 seated nowhere.
        organiser_page.goto(f"{base}/")
        organiser_page.get_by_role("button", name="Tirer la partie 1").click()
        organiser_page.wait_for_url(f"{base}/rounds/1/")
        assert t.rounds.count() == 1
        games = Game.objects.filter(round__tournament=t)
        assert games.count() == 2
        seated = sorted(n for game in games
                        for n in (game.team_ns.number, game.team_ew.number))
        assert seated == [1, 2, 4, 5]
        expect(organiser_page.locator("#pairings")).not_to_contain_text("Équipe 3")
        expect(organiser_page.locator("#pairings")).to_contain_text("Équipe 5")
        expect(organiser_page.locator("#waiting li[data-team='3']")).to_contain_text(
            "absente au pointage")

        # The table de marque enters a donne at two tables, from her own laptop.
        for table in (1, 2):
            marque.goto(f"{base}/rounds/1/tables/{table}/")
            marque.wait_for_function(
                "document.activeElement && document.activeElement.name === 'taker'")
            type_row(marque, *PLAIN)
            marque.keyboard.press("Enter")
            expect(marque.locator("tr[data-number='1'] td.num").first).to_have_text("180")
        for table in (1, 2):
            game = Game.objects.get(round__tournament=t, table=table)
            assert game.donnes.count() == 1 and (game.score_ns, game.score_ew) == (180, 70)
        # The partie's page says who changed it last.
        organiser_page.goto(f"{base}/rounds/1/")
        expect(organiser_page.locator("#last-change")).to_contain_text(
            "Dernière modification : josette")

        # Another member watches the standings (unpublished: members only).
        watcher.goto(f"{base}/standings/")
        expect(watcher.locator("table.standings")).to_contain_text("Équipe 1")

        # The table de marque's forbidden actions: a French refusal, nothing changed.
        marque.goto(f"{base}/")
        before = state(t)
        for address in ("/rounds/new/", "/rules/", "/delete/", "/rounds/1/undo/"):
            response = marque.goto(base + address)
            assert response.status == 403, address
            expect(marque.locator("main")).to_contain_text("Accès refusé")
            expect(marque.locator("main")).to_contain_text("La table de marque ne peut pas")
            expect(marque.locator("main")).to_contain_text("Rien n'a été modifié")
        marque.goto(f"{base}/")
        for address, data in (("/rounds/new/", {}), ("/", {"published": "1"}),
                              ("/delete/", {"name": t.name}), ("/rounds/1/undo/", {}),
                              ("/rules/", {"name": "Piraté"})):
            marque.goto(f"{base}/rounds/1/")
            post_from(marque, base + address, data)
            expect(marque.locator("main")).to_contain_text("Accès refusé")
            expect(marque.locator("main")).to_contain_text("Rien n'a été modifié")
            assert state(t) == before, address
        # Her pages offer none of those buttons.
        marque.goto(f"{base}/")
        assert marque.locator("#publish, #delete-tournament, #draw-options").count() == 0
        marque.goto(f"{base}/rounds/1/")
        assert marque.locator("#undo-draw, .round-state").count() == 0

        # The members page, the responsable's: at 1366×768, then on a 360 px phone.
        services.member_create(club=t.club, username="nouvelle", role="marque",
                               by=Actor("chef"))
        organiser_page.goto(f"{live_server.url}/")
        organiser_page.get_by_role("link", name="Membres").click()
        expect(organiser_page.locator("#members li")).to_have_count(3)
        expect(organiser_page.locator("#invitations li")).to_have_count(1)
        shot(organiser_page, "members-1366")
        width = organiser_page.evaluate("document.documentElement.scrollWidth")
        assert width <= 1366
        phone_context = browser.new_context(viewport={"width": 360, "height": 740},
                                            device_scale_factor=2, is_mobile=True,
                                            has_touch=True, locale="fr-FR")
        contexts.append(phone_context)
        phone = phone_context.new_page()
        phone.goto(f"{live_server.url}/login/")
        phone.fill("#id_username", "chef")
        phone.fill("#id_password", "motdepasse-long")
        phone.press("#id_password", "Enter")
        phone.wait_for_url(f"{live_server.url}/")
        phone.goto(f"{live_server.url}/clubs/{t.club.slug}/membres/")
        phone.fill("#id_username", "telephone")
        phone.get_by_role("button", name="Inviter et créer son lien").click()
        expect(phone.locator("#invite-url")).to_have_value(
            re.compile(r"/invitation/[A-Za-z0-9_-]{30,}/$"))
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360
        shot(phone, "members-360")
        # The marque is refused the members page (403, in French).
        response = marque.goto(f"{live_server.url}/clubs/{t.club.slug}/membres/")
        assert response.status == 403
        expect(marque.locator("main")).to_contain_text("Seul le responsable du club")
    finally:
        for context in contexts:
            context.close()
