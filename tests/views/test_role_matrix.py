"""Every address of the project × every role × GET and POST, against the roles of access.py.

The addresses are found by walking the URL resolver: an address added without a row in
ROWS fails `test_every_address_has_a_row`. The roles: the club's responsable, an
organisateur, its table de marque, the responsable of another club, a table's NS link and
its EO link (a phone that opened them: no session) and an anonymous visitor.

Expected outcomes:
- ALLOWED: the view ran (anything but 403, 404, 405 and a redirect to the login page);
- FORBIDDEN: 403 with a French message (the table de marque running the concours, a member
  who is not the responsable managing members);
- MISSING: 404 (not a member: nothing of the club's concours exists that is not public);
- LOGIN: a redirect to the login page;
- NOT_ALLOWED: 405 (the address takes a POST only).
Every refused request changes nothing: the database's state (`snapshot`) is compared.
Once the concours is published, outsiders read its public pages and nothing else of it, and
still write nothing (`test_once_published_outsiders_read_the_public_pages_only`).

The world and the roles' sessions are made once for the module (`built`); each case runs in
a savepoint rolled back after it, so each finds the same world.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.db import connection, transaction
from django.db.models import QuerySet
from django.test import Client, override_settings
from django.test.client import ClientHandler
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from circuit.models import ReceivedConcours
from tests.builders import drawn, made, melee
from tournament import services
from tournament.choices import ROLE_MARQUE, ROLE_ORGANISATEUR
from tournament.models import (
    AuditEntry,
    CashPrize,
    Club,
    ClubEntry,
    ClubPlayer,
    DonneRecord,
    Game,
    HallScreen,
    MemberInvite,
    Membership,
    Payment,
    PhasePlan,
    Player,
    PouleSeat,
    Prize,
    RegisterEntry,
    Season,
    Sponsor,
    Team,
    Tournament,
)

# Who may open what is decided in Python over the same rows on both databases: the matrix
# runs once, in `make test` (its writes' effects are the services' tests, run on both).
pytestmark = [pytest.mark.django_db, pytest.mark.once]

ALLOWED, FORBIDDEN, MISSING, LOGIN, NOT_ALLOWED = (
    "allowed", "403", "404", "login", "405")

# The conftest's hashing, for accounts made outside a test (the module's world).
FAST_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

ROLES = ["responsable", "organisateur", "marque", "other_club", "link_ns", "link_ew",
         "anonymous"]
MEMBERS = ("responsable", "organisateur", "marque")

# What each address needs, per method: who may use it.
PUBLIC = "public"  # anyone where the concours is readable (published, or a member)
DESK = "desk"  # any member of the club (the table de marque too)
RUN = "run"  # the responsable and the organisateurs
MANAGE = "manage"  # the club's responsable
TOKEN = "token"  # whoever holds the table's link
OPEN = "open"  # anyone, no concours involved
ACCOUNT = "account"  # any signed-in account
CREATE = "create"  # an account that organises somewhere (or belongs to no club)
POST_ONLY = "post-only"  # a GET is refused (405)
NONE = "none"  # the page exists for nobody here (see the row's comment)
GET_ONLY = "get-only"  # a POST is refused (405)
STAFF = "staff"  # the results server's staff accounts (the comité): none of the roles here


@dataclasses.dataclass(frozen=True)
class Row:
    """An address: its arguments (from the world below), what a GET and a POST need, what
    is posted, whether an anonymous visitor is sent to the login page (login_required) or
    told nothing (404), and whether the object named does not exist (a stand-in: allowed
    roles then get a 404 from the lookup, after the role check)."""

    args: Callable[[World], list]
    get: str
    post: str
    data: Callable[[World], dict] = lambda w: {}
    login: bool = True
    stand_in: bool = False


@dataclasses.dataclass
class World:
    t: Tournament
    club: Club
    accounts: dict
    game: Game
    donne_entry: AuditEntry
    prize: Prize
    member: Membership  # the marque's membership (the member the member pages act on)
    season: Season  # a season of the club, not published
    player: ClubPlayer  # a player of the club's register
    # The club's mêlée, unpublished: players 1-5 drawn in partie 1, player 5 withdrawn since,
    # player 6 registered after the draw (no seat: deletable).
    melee: Tournament


def slug(w: World) -> list:
    return [w.t.slug]


def partie(w: World) -> list:
    return [w.t.slug, 1]


def table1(w: World) -> list:
    return [w.t.slug, 1, 1]


def season(w: World) -> list:
    return [w.club.slug, w.season.pk]


def server(w: World) -> dict:
    """The results server's objects of the world (circuit/), made once."""
    if not hasattr(w, "server"):
        from circuit import services as circuit_services

        club = circuit_services.member_club_create(name="Club du serveur")
        body = json.dumps({"club": club.slug, "concours": "c1", "version": 1,
                           "name": "Concours", "date": "2026-12-01", "format": "doublettes",
                           "finished": True, "circuits": [], "standings": []}).encode()
        circuit_services.concours_push(club=club, body=body)
        circuit_services.season_push(club=club, body=json.dumps({
            "club": club.slug, "season": "s1", "version": 1, "name": "Saison",
            "start": "2026-01-01", "end": "2026-12-31", "concours": [], "rows": []}).encode())
        circuit = circuit_services.circuit_create(
            name="Circuit", start=datetime.date(2026, 1, 1), end=datetime.date(2026, 12, 31),
            kind="table", points_table=[10], beyond="zero", participation=0, best=None,
            min_ranked=0, tie_breaks=[], qualify={"kind": "none"})
        w.server = {"club": club.slug, "concours": club.concours.get().pk,
                    "circuit": circuit.slug, "season": club.seasons.get().pk}
    return w.server


def sponsor(w: World) -> int:
    """A logo of the club, made once (the sponsors' addresses)."""
    if not hasattr(w, "sponsor"):
        from tests.sponsors.images import image_bytes
        from tournament.logos import logo_checked

        w.sponsor = services.sponsor_add(club=w.club, name="Boulangerie",
                                         logo=logo_checked(image_bytes(), "logo.png")).pk
    return w.sponsor


DONNE = {"taker": "NS", "contract": "80", "trump": "H", "taker_points": "100"}
TEAM = {"name": "Nouvelle", "player1": "Un", "player2": "Deux"}

ROWS: dict[str, Row] = {
    # No concours.
    "login": Row(lambda w: [], OPEN, OPEN, login=False),
    "logout": Row(lambda w: [], NONE, OPEN, login=False),  # a GET is 405 (Django 5)
    "help": Row(lambda w: [], OPEN, OPEN, login=False),
    "phone_address": Row(lambda w: [], OPEN, OPEN, login=False),
    # Only on the computer that serves, and only while the first start is pending: none
    # here (a 404 for everyone; tests/system/test_first_start.py covers it).
    "first_start": Row(lambda w: [], NONE, NONE, login=False),
    "tournament:home": Row(lambda w: [], OPEN, OPEN, login=False),
    "tournament:create": Row(lambda w: [], CREATE, CREATE,
                             lambda w: {"name": "Nouveau", "date": "2026-12-01",
                                        "preset": "ffb-coinche"}),
    # The concours' pages.
    "tournament:detail": Row(slug, PUBLIC, RUN, lambda w: {"published": "1"}, login=False),
    "tournament:rules": Row(slug, RUN, RUN, lambda w: {"name": "Piraté"}),
    "tournament:teams": Row(slug, PUBLIC, DESK, lambda w: TEAM, login=False),
    "tournament:teams_import": Row(slug, POST_ONLY, DESK, lambda w: {"file": ""}),
    "tournament:tournament_delete": Row(slug, RUN, RUN, lambda w: {"name": w.t.name}),
    "tournament:team": Row(lambda w: [w.t.slug, 1], PUBLIC, DESK,
                           lambda w: {"name": "Renommée", "player1": "A", "player2": "B"},
                           login=False),
    "tournament:team_withdraw": Row(lambda w: [w.t.slug, 1], RUN, RUN),
    "tournament:team_reinstate": Row(lambda w: [w.t.slug, 1], POST_ONLY, RUN),
    "tournament:team_forfeit": Row(lambda w: [w.t.slug, 1], POST_ONLY, DESK),
    "tournament:team_delete": Row(lambda w: [w.t.slug, 6], RUN, RUN),
    "tournament:round_generate": Row(slug, RUN, RUN),
    "tournament:round": Row(partie, PUBLIC, RUN, lambda w: {"team_a": "1", "team_b": "2"},
                            login=False),
    "tournament:round_undo": Row(partie, RUN, RUN),
    "tournament:round_close": Row(partie, RUN, RUN, lambda w: {"closed": "1"}),
    "tournament:round_late_bye": Row(partie, POST_ONLY, DESK, lambda w: {"team": "6"}),
    "tournament:round_late_table": Row(partie, POST_ONLY, DESK,
                                       lambda w: {"team_a": "6", "team_b": "1"}),
    "tournament:round_late_exempt": Row(partie, POST_ONLY, DESK, lambda w: {"team": "6"}),
    "tournament:round_time": Row(partie, RUN, RUN, lambda w: {"in_play": "1"}),
    "tournament:round_time_cancel": Row(partie, POST_ONLY, RUN),
    "tournament:round_clock": Row(partie, POST_ONLY, RUN, lambda w: {"minutes": "30"}),
    "tournament:round_clock_cancel": Row(partie, POST_ONLY, RUN),
    # A concours drawn otherwise than by rotation has no tableau de marche: 404 for all.
    "tournament:rotation_pdf": Row(slug, PUBLIC, PUBLIC, login=False, stand_in=True),
    "tournament:standings": Row(slug, PUBLIC, PUBLIC, login=False),
    "tournament:finder": Row(slug, PUBLIC, PUBLIC, login=False),
    "tournament:screens": Row(slug, DESK, DESK),
    "tournament:screen_add": Row(slug, POST_ONLY, DESK),
    "tournament:hall_screen": Row(partie, PUBLIC, PUBLIC, login=False),
    "tournament:hall_screen_state": Row(partie, PUBLIC, PUBLIC, login=False),
    "tournament:screen_settings": Row(partie, DESK, DESK,
                                      lambda w: {"name": "Bar", "seconds_tables": "10"}),
    "tournament:screen_delete": Row(partie, POST_ONLY, DESK),
    # The club's sponsors (issue 37): its members see the logos, its organisers change them;
    # a logo is public where the concours is (its screens).
    "tournament:sponsors": Row(lambda w: [w.club.slug], DESK, RUN,
                               lambda w: {"name": "Sans fichier"}),
    "tournament:sponsor_delete": Row(lambda w: [w.club.slug, sponsor(w)], POST_ONLY, RUN),
    "tournament:sponsor_place": Row(lambda w: [w.club.slug, sponsor(w)], POST_ONLY, RUN,
                                    lambda w: {f"s{sponsor(w)}-order": "5"}),
    "tournament:club_sponsor_logo": Row(lambda w: [w.club.slug, sponsor(w)], DESK, GET_ONLY),
    "tournament:sponsor_logo": Row(lambda w: [w.t.slug, sponsor(w)], PUBLIC, GET_ONLY,
                                   login=False),
    "tournament:sponsors_pdf": Row(slug, POST_ONLY, RUN, lambda w: {"shown": "on"}),
    # A concours in phases (BRACKETS.md): its formule, its poules (the world has none drawn:
    # the actions are refused in French, after the role check, changing nothing).
    "tournament:phase_plan": Row(slug, RUN, RUN, lambda w: {"qualification": "direct",
                                                            "cadrage": "tetes",
                                                            "placement": "partagees",
                                                            "poule_style": "toutes",
                                                            "qualified": "2"}),
    "tournament:poules": Row(slug, PUBLIC, GET_ONLY, login=False),
    "tournament:poules_draw": Row(slug, POST_ONLY, RUN),
    "tournament:poules_undraw": Row(slug, POST_ONLY, RUN),
    "tournament:poules_swap": Row(slug, POST_ONLY, RUN, lambda w: {"first": "1",
                                                                   "second": "2"}),
    "tournament:poule_partie_generate": Row(slug, POST_ONLY, RUN),
    "tournament:tableaux": Row(slug, PUBLIC, GET_ONLY, login=False),
    "tournament:tableaux_draw": Row(slug, POST_ONLY, RUN),
    # No tableau in the world: the desk's call and its undo find nothing (a 404).
    "tournament:tableau_match_call": Row(lambda w: [w.t.slug, "principal", 1, 1], POST_ONLY,
                                         DESK, stand_in=True),
    "tournament:tableau_match_uncall": Row(lambda w: [w.t.slug, "principal", 1, 1],
                                           POST_ONLY, DESK, stand_in=True),
    "tournament:tableau_placing_call": Row(lambda w: [w.t.slug, "principal", 3, 2, 1],
                                           POST_ONLY, DESK, stand_in=True),
    "tournament:tableau_placing_uncall": Row(lambda w: [w.t.slug, "principal", 3, 2, 1],
                                             POST_ONLY, DESK, stand_in=True),
    "tournament:journal": Row(slug, DESK, DESK),
    "tournament:restore": Row(lambda w: [w.t.slug, w.donne_entry.pk], POST_ONLY, RUN,
                              lambda w: {"which": "before"}),
    "tournament:history": Row(table1, DESK, DESK),
    "tournament:game": Row(table1, PUBLIC, DESK, lambda w: DONNE, login=False),
    "tournament:game_preview": Row(table1, POST_ONLY, DESK, lambda w: DONNE),
    "tournament:game_forfeit": Row(table1, POST_ONLY, DESK, lambda w: {"side": "NS"}),
    "tournament:donne_delete": Row(lambda w: [w.t.slug, 1, 1, 1], POST_ONLY, DESK,
                                   lambda w: {"key": w.game.donnes.get().key}),
    "tournament:game_totals": Row(table1, DESK, DESK,
                                  lambda w: {"score_ns": "1000", "score_ew": "700",
                                             "donnes": "10", "confirm": "on"}),
    "tournament:game_totals_clear": Row(table1, POST_ONLY, DESK, lambda w: {"confirm": "on"}),
    "tournament:game_confirm": Row(table1, POST_ONLY, DESK),
    # The table links: the token is the whole credential, whoever holds it.
    "tournament:table_link": Row(lambda w: [w.game.token], TOKEN, TOKEN, lambda w: DONNE,
                                 login=False),
    "tournament:table_link_preview": Row(lambda w: [w.game.token], POST_ONLY, TOKEN,
                                         lambda w: DONNE, login=False),
    "tournament:table_link_totals": Row(lambda w: [w.game.token], POST_ONLY, TOKEN,
                                        login=False),
    "tournament:table_link_confirm": Row(lambda w: [w.game.token], POST_ONLY, TOKEN,
                                         login=False),
    "tournament:table_link_dispute": Row(lambda w: [w.game.token], POST_ONLY, TOKEN,
                                         login=False),
    # Documents: one address per key (exports.registry), its readers the key's; the aliases
    # below (today's addresses) are served by the same views.
    "tournament:document": Row(lambda w: [w.t.slug, "standings"], PUBLIC, PUBLIC,
                               login=False),
    "tournament:partie_document": Row(lambda w: [w.t.slug, 1, "sheets"], DESK, DESK,
                                      login=False),
    "tournament:season_document": Row(lambda w: [w.club.slug, w.season.pk, "season.xlsx"],
                                      DESK, DESK, login=False),
    "tournament:standings_pdf": Row(slug, PUBLIC, PUBLIC, login=False),
    "tournament:standings_xlsx": Row(slug, PUBLIC, PUBLIC, login=False),
    "tournament:reglement_pdf": Row(slug, PUBLIC, PUBLIC, login=False),
    "tournament:blank_score_sheets": Row(slug, DESK, DESK, login=False),
    "tournament:score_sheets": Row(partie, DESK, DESK, login=False),
    "tournament:pairings_pdf": Row(partie, PUBLIC, PUBLIC, login=False),
    "tournament:screen": Row(slug, PUBLIC, PUBLIC, login=False),
    "tournament:palmares_pdf": Row(slug, PUBLIC, PUBLIC, login=False),
    "tournament:final_pdf": Row(slug, PUBLIC, PUBLIC, login=False),
    "tournament:final_xlsx": Row(slug, PUBLIC, PUBLIC, login=False),
    "tournament:backup": Row(slug, DESK, DESK, login=False),
    "tournament:backup_restore": Row(slug, RUN, RUN, lambda w: {"mode": "replace"}),
    "tournament:backup_restore_confirm": Row(slug, POST_ONLY, RUN,
                                             lambda w: {"pending": "A" * 22, "seen": "0"}),
    "tournament:tournament_copy": Row(slug, POST_ONLY, RUN,
                                      lambda w: {"name": "Copie", "slug": "copie"}),
    # A background document's job and an automatic backup, by names that do not exist here:
    # past the role check, the lookup finds nothing (their own tests make real ones).
    "tournament:document_job": Row(lambda w: [w.t.slug, "A" * 22], DESK, DESK,
                                   login=False, stand_in=True),
    "tournament:document_file": Row(lambda w: [w.t.slug, "A" * 22], DESK, DESK,
                                    login=False, stand_in=True),
    "autobackup": Row(lambda w: [w.t.slug, "absente.json"], DESK, DESK, login=False,
                      stand_in=True),
    "autobackup_restore": Row(lambda w: [w.t.slug, "absente.json"], POST_ONLY, RUN,
                              stand_in=True),
    # Lots.
    "tournament:prizes": Row(slug, RUN, RUN, lambda w: {"start": "2", "label": "Jambon"}),
    "tournament:prize": Row(lambda w: [w.t.slug, w.prize.pk], RUN, RUN,
                            lambda w: {"start": "1", "label": "Changé"}),
    "tournament:prize_delete": Row(lambda w: [w.t.slug, w.prize.pk], POST_ONLY, RUN),
    "tournament:prize_up": Row(lambda w: [w.t.slug, w.prize.pk], POST_ONLY, RUN),
    "tournament:prize_down": Row(lambda w: [w.t.slug, w.prize.pk], POST_ONLY, RUN),
    # A mêlée's players: the club's mêlée (test_roles.py reads its pages' text).
    "tournament:players": Row(lambda w: [w.melee.slug], PUBLIC, DESK,
                              lambda w: {"name": "Seul"}, login=False),
    "tournament:players_import": Row(lambda w: [w.melee.slug], POST_ONLY, DESK,
                                     lambda w: {"file": ""}),
    "tournament:player": Row(lambda w: [w.melee.slug, 1], PUBLIC, DESK,
                             lambda w: {"name": "X"}, login=False),
    "tournament:player_withdraw": Row(lambda w: [w.melee.slug, 1], RUN, RUN),
    "tournament:player_return": Row(lambda w: [w.melee.slug, 5], POST_ONLY, RUN),
    "tournament:player_delete": Row(lambda w: [w.melee.slug, 6], RUN, RUN),
    # The club's members.
    "tournament:members": Row(lambda w: [w.club.slug], MANAGE, MANAGE),
    "tournament:member_add": Row(lambda w: [w.club.slug], POST_ONLY, MANAGE,
                                 lambda w: {"username": "nouveau", "role": ROLE_MARQUE}),
    "tournament:club_rename": Row(lambda w: [w.club.slug], POST_ONLY, MANAGE,
                                  lambda w: {"name": "Amicale belote"}),
    "tournament:member_role": Row(lambda w: [w.club.slug, w.member.pk], POST_ONLY, MANAGE,
                                  lambda w: {f"m{w.member.pk}-role": ROLE_ORGANISATEUR}),
    "tournament:member_remove": Row(lambda w: [w.club.slug, w.member.pk], POST_ONLY, MANAGE),
    "tournament:member_link": Row(lambda w: [w.club.slug, w.member.pk], POST_ONLY, MANAGE),
    # Publishing to a results server (issue 36): the club's server, the responsable's; a
    # concours' publication, its organisers'. The join's server is this computer's port 9,
    # which nothing answers: refused at once (tests/publish: real servers).
    "tournament:results_server": Row(lambda w: [w.club.slug], MANAGE, GET_ONLY),
    "tournament:results_server_join": Row(
        lambda w: [w.club.slug], POST_ONLY, MANAGE,
        lambda w: {"url": "http://127.0.0.1:9", "code": "code-du-comite"}),
    "tournament:results_server_leave": Row(lambda w: [w.club.slug], POST_ONLY, MANAGE),
    "tournament:publication": Row(slug, RUN, GET_ONLY),
    "tournament:publication_push": Row(slug, POST_ONLY, RUN),
    "tournament:publication_circuits": Row(slug, POST_ONLY, RUN,
                                           lambda w: {"circuits": "circuit-du-gers"}),
    "tournament:publication_fiche": Row(slug, POST_ONLY, RUN),
    # A one-time link: a wrong one opens nothing, for anyone (test_members.py: real ones).
    "tournament:invite": Row(lambda w: ["faux-jeton"], NONE, NONE, login=False),
    # An invitation the signed-in account accepts or declines: its own only (the service
    # finds none of another account's: test_members.py).
    "tournament:invitation_accept": Row(lambda w: [1], POST_ONLY, ACCOUNT),
    "tournament:invitation_decline": Row(lambda w: [1], POST_ONLY, ACCOUNT),
    # The pointage: the desk's.
    "tournament:arrivals": Row(slug, DESK, DESK),
    "tournament:entrant_arrive": Row(lambda w: [w.t.slug, 6], POST_ONLY, DESK),
    "tournament:entrant_absent": Row(lambda w: [w.t.slug, 6], POST_ONLY, DESK),
    # The caisse: the desk takes money; the fee, the pool and the lots' values are settings.
    "tournament:caisse": Row(slug, DESK, DESK),
    "tournament:caisse_pay": Row(lambda w: [w.t.slug, 1], POST_ONLY, DESK,
                                 lambda w: {"method": "especes"}),
    "tournament:caisse_undo": Row(lambda w: [w.t.slug, 1], POST_ONLY, DESK),
    "tournament:caisse_refund": Row(lambda w: [w.t.slug, 1], POST_ONLY, DESK,
                                    lambda w: {"amount": "1"}),
    "tournament:caisse_unrefund": Row(lambda w: [w.t.slug, 1], POST_ONLY, DESK),
    "tournament:caisse_settings": Row(slug, RUN, RUN),
    "tournament:caisse_fee": Row(slug, POST_ONLY, RUN,
                                 lambda w: {"fee": "5", "fee_per": "team"}),
    "tournament:caisse_pool": Row(slug, POST_ONLY, RUN, lambda w: {"pool": "1er 10 €"}),
    "tournament:caisse_lot_values": Row(slug, POST_ONLY, RUN,
                                        lambda w: {f"lot{w.prize.pk}-value": "12"}),
    "tournament:caisse_lot_value": Row(lambda w: [w.t.slug, w.prize.pk], POST_ONLY, RUN,
                                       lambda w: {"value": "12"}),
    "tournament:caisse_pdf": Row(slug, DESK, DESK),
    "tournament:caisse_xlsx": Row(slug, DESK, DESK),
    # A file waiting for its register choices, by a name that does not exist here.
    "tournament:teams_import_confirm": Row(slug, POST_ONLY, DESK,
                                           lambda w: {"pending": "A" * 22}),
    "tournament:players_import_confirm": Row(slug, POST_ONLY, DESK,
                                             lambda w: {"pending": "A" * 22}),
    # The site export: the desk prints every document.
    "tournament:concours_site": Row(slug, DESK, DESK, login=False),
    "tournament:club_site": Row(lambda w: [w.club.slug], DESK, DESK, login=False),
    "tournament:club_site_zip": Row(lambda w: [w.club.slug], DESK, DESK, login=False),
    # A club's background document (a season's PDF, the club's site), by a name that does
    # not exist: past the role check (a member), the lookup finds nothing.
    "tournament:club_document_job": Row(lambda w: [w.club.slug, "A" * 22], DESK, DESK,
                                        login=False, stand_in=True),
    "tournament:club_document_file": Row(lambda w: [w.club.slug, "A" * 22], DESK, DESK,
                                         login=False, stand_in=True),
    # The club's register: its members read it, its organisers add and correct, its
    # responsable merges and anonymises; the type-ahead serves the desk.
    "tournament:register_suggestions": Row(slug, DESK, DESK, login=False),
    "tournament:club_register": Row(lambda w: [w.club.slug], DESK, DESK),
    "tournament:club_player": Row(lambda w: [w.club.slug, w.player.pk], DESK, DESK),
    "tournament:club_player_add": Row(lambda w: [w.club.slug], POST_ONLY, RUN,
                                      lambda w: {"name": "Nouveau"}),
    "tournament:club_player_edit": Row(lambda w: [w.club.slug, w.player.pk], POST_ONLY, RUN,
                                       lambda w: {"name": "Changé"}),
    "tournament:club_player_merge": Row(lambda w: [w.club.slug], MANAGE, MANAGE),
    "tournament:club_merge_undo": Row(lambda w: [w.club.slug, 999999], POST_ONLY, MANAGE,
                                      stand_in=True),
    "tournament:club_player_anonymise": Row(lambda w: [w.club.slug, w.player.pk], MANAGE,
                                            MANAGE),
    # The club's seasons (this one unpublished): members read, organisers change.
    "tournament:seasons": Row(lambda w: [w.club.slug], DESK, DESK, login=False),
    "tournament:season": Row(season, DESK, DESK, login=False),
    "tournament:season_pdf": Row(season, DESK, DESK, login=False),
    "tournament:season_xlsx": Row(season, DESK, DESK, login=False),
    "tournament:season_screen": Row(season, DESK, DESK, login=False),
    "tournament:season_create": Row(lambda w: [w.club.slug], RUN, RUN,
                                    lambda w: {"name": "Autre"}, login=False),
    "tournament:season_edit": Row(season, RUN, RUN, lambda w: {"name": "Changée"},
                                  login=False),
    "tournament:season_delete": Row(season, POST_ONLY, RUN, login=False),
    # The results server (circuit/): a push answers its token (none here: 401, the view
    # ran), the comité uploads fiches, the public pages are read-only.
    "circuit:push": Row(lambda w: [], POST_ONLY, OPEN, login=False),
    "circuit:withdraw": Row(lambda w: [], POST_ONLY, OPEN, login=False),
    "circuit:season_push": Row(lambda w: [], POST_ONLY, OPEN, login=False),
    "circuit:season": Row(lambda w: [server(w)["club"], server(w)["season"]], OPEN,
                          GET_ONLY, login=False),
    "circuit:join": Row(lambda w: [], POST_ONLY, OPEN, login=False),
    "circuit:fiche": Row(lambda w: [], STAFF, STAFF),
    "circuit:same_people": Row(lambda w: [server(w)["circuit"]], STAFF, STAFF),
    "circuit:qualifiers_csv": Row(lambda w: [server(w)["circuit"]], STAFF, STAFF),
    "circuit:same_person_choose": Row(lambda w: [server(w)["circuit"]], POST_ONLY, STAFF,
                                      login=False),
    "circuit:home": Row(lambda w: [], OPEN, GET_ONLY, login=False),
    "circuit:club": Row(lambda w: [server(w)["club"]], OPEN, GET_ONLY, login=False),
    "circuit:concours": Row(lambda w: [server(w)["club"], server(w)["concours"]], OPEN,
                            GET_ONLY, login=False),
    "circuit:circuit": Row(lambda w: [server(w)["circuit"]], OPEN, GET_ONLY, login=False),
    "circuit:circuit_pdf": Row(lambda w: [server(w)["circuit"]], OPEN, GET_ONLY,
                               login=False),
    "circuit:circuit_xlsx": Row(lambda w: [server(w)["circuit"]], OPEN, GET_ONLY,
                                login=False),
}


def addresses() -> set[str]:
    """Every named address of the project, by walking the resolver (the admin apart: it
    stays for a separate superuser, with Django's own checks)."""

    def walk(patterns, namespace=None):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                if pattern.namespace == "admin":
                    continue
                yield from walk(pattern.url_patterns, pattern.namespace or namespace)
            elif isinstance(pattern, URLPattern) and pattern.name:
                yield f"{namespace}:{pattern.name}" if namespace else pattern.name

    return set(walk(get_resolver().url_patterns))


def test_every_address_has_a_row():
    found = addresses()
    assert found - set(ROWS) == set(), "addresses without a row in the role matrix"
    assert set(ROWS) - found == set(), "rows of addresses that no longer exist"


def test_the_walk_finds_the_addresses_of_every_area():
    # The control of the test above: the walk reaches every included module.
    found = addresses()
    assert {"login", "autobackup", "tournament:home", "tournament:table_link",
            "tournament:members", "tournament:prize", "tournament:player"} <= found


def world_build(accounts: dict) -> World:
    t = drawn(owner=accounts["responsable"], teams=5, published=False)
    # Both links and the tables' paper totals live: their addresses do something.
    Tournament.objects.filter(pk=t.pk).update(two_confirmations=True, paper_by_tables=True)
    t.refresh_from_db()
    club = t.club
    Membership.objects.create(club=club, user=accounts["organisateur"],
                              role=ROLE_ORGANISATEUR)
    member = Membership.objects.create(club=club, user=accounts["marque"], role=ROLE_MARQUE)
    services.club_create(name="Club voisin", responsable=accounts["other_club"])
    game = Game.objects.get(round__tournament=t, table=1)
    services.donne_record(game=game, number=None, donne=made())
    services.team_create(tournament=t, name="En retard", player1="Tard", player2="Vif")
    prize = services.prize_add(tournament=t, start=1, end=1, from_last=False, label="Jambon")
    season = services.season_create(club=club, name="Challenge", start=t.date, end=t.date,
                                    points_table="10,8", concours=[t.pk])
    player = ClubPlayer.objects.filter(club=club).order_by("pk").first()
    services.screen_add(tournament=t)  # screen 1 (the hall's screens' addresses)
    mixed = melee(owner=accounts["responsable"], players=5, slug="melee", published=False)
    services.round_generate(tournament=mixed, seed=5)
    services.player_withdraw(player=mixed.players.get(number=5))
    services.player_create(tournament=mixed, name="Joueur 6")
    world = World(t, club, accounts, game, t.audit.filter(kind="donne").get(), prize, member,
                  season, player, mixed)
    # Made here, not at a row's first use: every test must start from the same rows.
    sponsor(world)
    server(world)
    return world


def cookies_of(world: World, role: str) -> dict[str, str]:
    """What a role's browser holds: a session for an account, what opening the table's link
    left for a phone (no session: a link is no login)."""
    client = Client()
    if role in world.accounts:
        client.force_login(world.accounts[role])
    elif role == "link_ns":
        assert client.get(reverse("tournament:table_link", args=[world.game.token])
                          ).status_code == 200
    elif role == "link_ew":
        assert client.get(reverse("tournament:table_link", args=[world.game.token_ew])
                          ).status_code == 200
    return {name: morsel.value for name, morsel in client.cookies.items()}


@dataclasses.dataclass(frozen=True)
class Built:
    world: World
    cookies: dict[str, dict[str, str]]  # per role
    before: tuple  # the world's snapshot, as every test finds it
    # One handler for the module's clients: a client's first request loads the middleware,
    # and WhiteNoise's reads every static file then (0.17 s, most of a refused case's time).
    handler: ClientHandler


@pytest.fixture(scope="module")
def built(django_db_setup, django_db_blocker):
    """The world, the roles' sessions and the world's snapshot, made once for the module
    (about 2,500 cases: made per case, they were most of the matrix's time). They live in a
    transaction kept open around the module's tests; each test runs in a savepoint of it
    (pytest-django's), rolled back after it, so every test finds this same world; the
    transaction is rolled back at the end, leaving the database empty for the next module."""
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            with override_settings(PASSWORD_HASHERS=FAST_HASHERS):
                users = get_user_model()
                accounts = {name: users.objects.create_user(name, password="motdepasse-long")
                            for name in ("responsable", "organisateur", "marque",
                                         "other_club")}
                world = world_build(accounts)
                cookies = {role: cookies_of(world, role) for role in ROLES}
                before = snapshot(world)
        except BaseException:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)
            raise
    yield Built(world, cookies, before, ClientHandler(enforce_csrf_checks=False))
    with django_db_blocker.unblock():
        transaction.set_rollback(True)
        outer.__exit__(None, None, None)


@pytest.fixture(scope="module")
def documents_folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("documents")


@pytest.fixture(autouse=True)
def _documents_cache(settings, documents_folder):
    """The conftest's, but one folder for the module's cases: every case starts from the
    same world, so a document (kept by the concours' version, exports.cache) rendered for
    the responsable is read from its file for the organisateur, the marque and the
    visitors instead of rendered again (a render was most of a document's case). The
    visitors' download counts start again at each case."""
    settings.CACHES = {**settings.CACHES, "documents": {
        **settings.CACHES["documents"], "LOCATION": documents_folder}}
    caches["documents"].clear()  # the counts; the documents' files are not the cache's


@pytest.fixture
def world(built, db) -> World:
    return built.world


@pytest.fixture
def client_of(built, db) -> Callable[[str], Client]:
    def client(role: str) -> Client:
        fresh = Client()  # no cookie a test's response set reaches the next test
        fresh.handler = built.handler
        for name, value in built.cookies[role].items():
            fresh.cookies[name] = value
        return fresh

    return client


def expected(row: Row, need: str, role: str, published: bool) -> str:
    anonymous = role in ("anonymous", "link_ns", "link_ew")
    if need == POST_ONLY:
        return LOGIN if anonymous and row.login else NOT_ALLOWED
    if need == NONE:
        return NOT_ALLOWED if row is ROWS["logout"] else MISSING
    if need == GET_ONLY:
        return NOT_ALLOWED
    if need == STAFF:
        return LOGIN if anonymous else FORBIDDEN
    if need in (OPEN, TOKEN):
        return ALLOWED
    if need in (ACCOUNT, CREATE):
        if anonymous:
            return LOGIN
        return FORBIDDEN if role == "marque" and need == CREATE else ALLOWED
    if anonymous and row.login:
        return LOGIN
    if role not in MEMBERS:
        if need == PUBLIC and published:
            return MISSING if row.stand_in else ALLOWED
        return MISSING
    if need == RUN and role == "marque":
        return FORBIDDEN
    if need == MANAGE and role != "responsable":
        return FORBIDDEN
    return MISSING if row.stand_in else ALLOWED


def outcome(response) -> str:
    if response.status_code == 302 and response["Location"].startswith(reverse("login")):
        return LOGIN
    if response.status_code in (403, 404, 405):
        return str(response.status_code)
    return ALLOWED


def snapshot_rows(world: World) -> list[QuerySet]:
    """What a refused request must leave as it was (a count by the rows' ids)."""
    t = world.t
    return [
        Tournament.objects.filter(pk=t.pk).values_list("name", "published", "preset",
                                                       "target", "fee", "sponsors_in_pdfs"),
        Team.objects.filter(tournament=t).values_list("name", "active", "number", "arrived"),
        Game.objects.filter(round__tournament=t).values_list(
            "team_ns", "team_ew", "forfeit", "score_ns", "score_ew", "stop_after"),
        t.rounds.values_list("number", "closed", "time_called", "clock_ends"),
        DonneRecord.objects.values_list("game", "number", "taker_points"),
        Prize.objects.values_list("label", "order", "value"),
        Membership.objects.values_list("club", "user", "role"),
        AuditEntry.objects.values_list("pk"), ClubEntry.objects.values_list("pk"),
        MemberInvite.objects.values_list("pk"), Tournament.objects.values_list("pk"),
        get_user_model().objects.values_list("pk"), RegisterEntry.objects.values_list("pk"),
        ClubPlayer.objects.order_by("pk").values_list("name", "licence", "anonymised"),
        Season.objects.order_by("pk").values_list("name", "points_table"),
        Payment.objects.values_list("amount", "refunded"),
        CashPrize.objects.values_list("start", "amount"),
        ReceivedConcours.objects.values_list("identity", "version", "digest"),
        HallScreen.objects.values_list("number", "name", "rotation"),
        Sponsor.objects.values_list("name", "order"),
        PhasePlan.objects.values_list("qualification", "tetes"),
        PouleSeat.objects.values_list("team", "poule", "position"),
        Player.objects.order_by("pk").values_list("tournament", "number", "name", "active"),
        Tournament.objects.filter(pk=world.melee.pk).values_list("published"),
    ]


def snapshot(world: World) -> tuple:
    """The rows of `snapshot_rows`, read by their SQL compiled once for the world (compiling
    the querysets again was most of a refused case's time)."""
    if not hasattr(world, "snapshot_sql"):
        world.snapshot_sql = [rows.query.sql_with_params() for rows in snapshot_rows(world)]
    with connection.cursor() as cursor:
        read = []
        for sql, params in world.snapshot_sql:
            cursor.execute(sql, params)
            read.append(cursor.fetchall())
    return tuple(read)


def test_the_snapshot_sees_a_change(world):
    # The control of the snapshot's compiled SQL: it reads the database as it is now, not
    # as it was when compiled.
    before, first = snapshot(world), world.t.teams.get(number=1).name
    Team.objects.filter(tournament=world.t, number=1).update(name="Changée")
    assert snapshot(world) != before
    Team.objects.filter(tournament=world.t, number=1).update(name=first)
    assert snapshot(world) == before
    Prize.objects.update(value=99)
    assert snapshot(world) != before


@pytest.mark.parametrize("method", ["GET", "POST"])
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("name", sorted(ROWS))
def test_role_matrix(built, world, client_of, name, role, method):
    row = ROWS[name]
    need = row.get if method == "GET" else row.post
    want = expected(row, need, role, published=False)
    client = client_of(role)
    args = row.args(world)
    if name.startswith("tournament:table_link") and role == "link_ew":
        args = [world.game.token_ew]  # each side's phone uses its own link
    url = reverse(name, args=args)
    response = client.get(url) if method == "GET" else client.post(url, row.data(world))
    assert outcome(response) == want, (response.status_code, response.get("Location"))
    if want == FORBIDDEN:
        page = response.content.decode()
        assert "Accès refusé" in page and "Rien n'a été modifié" in page.replace("&#x27;", "'")
    if want != ALLOWED:
        assert snapshot(world) == built.before


class Probe:
    """Stands for the world when the tests are collected: what a row's arguments name."""

    def __init__(self, path: str = "w") -> None:
        self.path = path

    def __getattr__(self, name: str) -> Probe:
        return Probe(f"{self.path}.{name}")

    def __getitem__(self, key: str) -> Probe:
        return Probe(f"{self.path}[{key}]")


def concours_named(row: Row) -> str | None:
    """The world's concours a row's address names first ("t", "melee"), if any."""
    args = row.args(Probe())
    if args and isinstance(args[0], Probe) and args[0].path in ("w.t.slug", "w.melee.slug"):
        return args[0].path.split(".")[1]
    return None


# Every address of the concours (its first argument the concours' slug): publishing it opens
# its public pages to outsiders and nothing else, and none of them writes.
CONCOURS_ROWS = sorted(name for name, row in ROWS.items() if concours_named(row))


def test_the_concours_rows_are_found_by_their_arguments():
    # The control of the published matrix below: it reaches the partie's, the table's, the
    # team's and the lot's addresses, and the concours' pages only.
    assert {"tournament:detail", "tournament:round_undo", "tournament:history",
            "tournament:team_delete", "tournament:prize", "tournament:game",
            "tournament:player_delete"} <= set(
                CONCOURS_ROWS)
    assert not {"tournament:home", "tournament:season", "tournament:table_link",
                "tournament:members", "circuit:club"} & set(CONCOURS_ROWS)
    assert {name for name, row in ROWS.items() if row.get == PUBLIC} <= set(CONCOURS_ROWS)


@pytest.mark.parametrize("method", ["GET", "POST"])
@pytest.mark.parametrize("role", ["other_club", "anonymous", "link_ns"])
@pytest.mark.parametrize("name", CONCOURS_ROWS)
def test_once_published_outsiders_read_the_public_pages_only(world, client_of, name, role,
                                                              method):
    row = ROWS[name]
    named = getattr(world, concours_named(row) or "t")
    services.tournament_publish(tournament=Tournament.objects.get(pk=named.pk),
                                published=True)
    need = row.get if method == "GET" else row.post
    want = expected(row, need, role, published=True)
    client, url = client_of(role), reverse(name, args=row.args(world))
    before = snapshot(world)
    response = client.get(url) if method == "GET" else client.post(url, row.data(world))
    assert outcome(response) == want, (response.status_code, response.get("Location"))
    if want != ALLOWED:
        assert snapshot(world) == before


def test_the_matrix_would_see_a_page_left_open():
    # The control of the matrix: an outcome is read from the status, so a page that let
    # the table de marque in would be seen as allowed, not as refused.
    class Response(dict):
        status_code = 200

    assert outcome(Response()) == ALLOWED
    assert expected(ROWS["tournament:round_generate"], RUN, "marque", False) == FORBIDDEN
