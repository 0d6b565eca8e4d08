"""A backup file read and checked whole, before anything is written.

A file may have been edited by hand or crafted, so it is read in two passes: `read` brings
it to the latest version (upgrade.py), then checks the WHOLE document with the checks of the
forms and services (texts, slug, choices, rules, criteria, numbering, tokens, the journal's
values, every game scored) and refuses at the first fault with a French message naming where
it is; `check_database` then checks what the database decides. Only a document that passed
is written (write.py), in one transaction. Only the latest version is read here: an older
file was upgraded first.

Version 6's money is checked as the money services check what the desk types: amounts in
whole cents within their bounds (amounts.py), a method among the choices, one payment an
entrant, a refund at most what was paid, a cash prize pool as `amounts.pool_checked` takes
it (a percentage written "30.00", exact, above 0 and at most 100).
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import re
import uuid
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.utils.formats import date_format
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring import (
    PRESETS,
    Donne,
    PaperTotals,
    Rules,
    ScoringError,
    check_paper_totals,
    paper_winner,
    score_game,
)

from ... import journal as audit
from ... import shapes, validators
from ...amounts import (
    MAX_AMOUNT,
    MAX_FEE,
    MAX_POOL,
    MAX_RANK,
    AmountError,
    PoolLine,
    pool_checked,
    pool_line_words,
)
from ...bounds import MAX_CLOCK_MINUTES, MAX_DONNES_PER_GAME
from ...choices import FEE_PER_CHOICES, PAYMENT_METHODS, PAYMENT_OFFERED
from ...draw import METHODS
from ...formats import PHASES, format_of
from ...lots import TABLEAUX, tableau_refusal
from ...models import (
    COINCHE_VALUES,
    RULE_FIELDS,
    SEATS,
    SIDE_VALUES,
    TRUMP_VALUES,
    AuditEntry,
    CashPrize,
    Club,
    ClubPlayer,
    DonneRecord,
    Game,
    Payment,
    Player,
    Prize,
    Round,
    Team,
    Tournament,
    donne_from,
    partie_rules,
)
from ...register_match import Incoming
from ...selectors.backup import Contents, formule_label
from ...selectors.matching import Ambiguity, organising_club, register_ambiguities
from ...selectors.prizes import Lot, lots_from_value
from ..clubs import runs_club
from ..common import (
    RANKING_POINTS_FIELDS,
    UserError,
    criteria_checked,
    draw_method_checked,
    exempt_rule_checked,
    format_checked,
    model_column,
    ranking_points_checked,
    rules_from,
    slug_checked,
    text_field,
)
from ..entrants import name_repeated
from ..prizes import lots_checked
from ..season import SEASON_MAX, season_values_checked
from .checks import boolean, choice, fail, listed, moment, named, token, whole, within
from .export import (
    AUDIT_FIELDS,
    CASH_PRIZE_FIELDS,
    DOCUMENT_FIELDS,
    DONNE_FIELDS,
    GAME_FIELDS,
    LOT_VALUE,
    PAPER_FIELDS,
    PARTIE_TEAM_FIELDS,
    PAYMENT_FIELDS,
    PLAYER_FIELDS,
    REGISTERED_FIELDS,
    ROUND_FIELDS,
    SEASON_FIELDS,
    TEAM_FIELDS,
    TOURNAMENT_FIELDS,
)
from .hall import read_screens, read_sponsors
from .phases import Phases, read_phases
from .upgrade import upgraded

_CHUNK = 500  # keys per query when looking tokens up (SQLite bounds a query's parameters)
# What the fee asks of an entrant: per player, a team of two owes it twice (selectors.money).
MAX_DUE = 2 * MAX_FEE
# A percentage of the pool, as the export writes it (a DecimalField of 2 decimals, as text).
_PERCENT = re.compile(r"[0-9]{1,3}\.[0-9]{2}")



@dataclasses.dataclass
class _Game:
    fields: dict[str, Any]
    ns: int
    ew: int | None
    donnes: list[dict[str, Any]]


@dataclasses.dataclass
class _Round:
    fields: dict[str, Any]
    teams: list[dict[str, Any]]  # the teams its draw formed (a mêlée), which its games name
    games: list[_Game]


@dataclasses.dataclass
class Backup:
    """A document that passed every check, as the values to write."""

    tournament: dict[str, Any]
    players: list[dict[str, Any]]
    teams: list[dict[str, Any]]
    lots: list[Lot]
    lot_values: list[int | None]  # each lot's value (cents), in the lots' order
    rounds: list[_Round]
    audit: list[dict[str, Any]]
    payments: list[dict[str, Any]]  # Payment's fields, `number` naming its entrant
    pool: list[PoolLine]
    season: dict[str, Any] | None = None  # the club season's values (services.season)
    # Version 7 (hall.py): the concours' screens, its club's logos (each a logos.Logo).
    screens: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    sponsors: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    # Version 8 (phases.py): the formule, poules and tableaux of a concours in phases.
    phases: Phases | None = None
    replaces: Tournament | None = None

    def identities(self) -> list[Incoming]:
        """Its players as a club's register matches them, in the file's order (the order
        of a restore's `choices`): their register identity when the file has one (its uid
        first), else their name, licence and club in the concours."""
        identities = []
        for player in self.players:
            registered = player["registered"]
            if registered is None:
                identities.append(Incoming(player["name"], licence=player["licence"],
                                           club=player["club"]))
            else:
                identities.append(Incoming(
                    registered["name"], first_name=registered["first_name"],
                    licence=registered["licence"] or player["licence"],
                    club=registered["home_club"], uid=registered["uid"]))
        return identities


def _criteria(value: object) -> list[str]:
    try:
        return criteria_checked(value)
    except UserError as error:
        fail(_("Concours"), error.message)


def _read_tournament(value: object) -> dict[str, Any]:
    where = _("Concours")
    fields = named(value, where, ["date", *TOURNAMENT_FIELDS])
    checked: dict[str, Any] = {
        "name": text_field(Tournament, "name", fields["name"],
                                    label=_("Concours, nom")),
        "slug": slug_checked(fields["slug"]),
        "place": text_field(Tournament, "place", fields["place"],
                                     label=_("Concours, lieu")),
        "preset": choice(fields["preset"], PRESETS, where, _("Règlement")),
        "parties_planned": whole(Tournament, "parties_planned", fields["parties_planned"],
                                 where, _("parties prévues"), minimum=1),
        "criteria": _criteria(fields["criteria"]),
        "bye_points": whole(Tournament, "bye_points", fields["bye_points"], where,
                            _("points d'une exemption")),
        "forfeit_points": whole(Tournament, "forfeit_points", fields["forfeit_points"],
                                where, _("points d'un forfait")),
        "published": boolean(fields["published"], where, _("publié")),
        "paper_by_tables": boolean(fields["paper_by_tables"], where,
                                   _("totaux saisis par les tables")),
        "two_confirmations": boolean(fields["two_confirmations"], where,
                                     _("double confirmation")),
        "fee": whole(Tournament, "fee", fields["fee"], where, _("droit d'inscription"),
                     maximum=MAX_FEE),
        "fee_per": choice(fields["fee_per"], dict(FEE_PER_CHOICES), where,
                          _("droit demandé")),
        "sponsors_in_pdfs": boolean(fields["sponsors_in_pdfs"], where,
                                    _("partenaires au pied des PDF")),
    }
    # The checks of the concours' form, each refusal named as the file's.
    try:
        checked["format"] = format_checked(fields["format"])
        checked["draw_method"] = draw_method_checked(fields["draw_method"], checked["format"])
        checked["exempt_rule"] = exempt_rule_checked(fields["exempt_rule"])
        for name in RANKING_POINTS_FIELDS:
            checked[name] = ranking_points_checked(name, fields[name])
    except UserError as error:
        fail(where, error.message)
    try:
        checked["date"] = datetime.date.fromisoformat(fields["date"])
    except (TypeError, ValueError):
        fail(where, _("une date ISO (2026-11-21) est attendue."))
    try:
        rules = rules_from(fields)
    except UserError as error:
        fail(_("Concours, règlement"), error.message)
    checked.update({name: getattr(rules, name) for name in RULE_FIELDS})
    return checked


def _read_lots(value: object) -> tuple[list[Lot], list[int | None]]:
    """The lots, checked as the lots page and the journal check them, and each one's value
    (cents or None), as services.money.prize_value_set checks it."""
    rows: list[object] = []
    values: list[int | None] = []
    for index, row in enumerate(value if isinstance(value, list) else [], start=1):
        if isinstance(row, dict):  # another item: lots_from_value refuses it
            where = _("Lots, lot %(i)d") % {"i": index}
            if LOT_VALUE not in row:
                fail(where, _("champ manquant : %(keys)s.") % {"keys": LOT_VALUE})
            values.append(whole(Prize, "value", row[LOT_VALUE], where, _("valeur (centimes)"),
                                maximum=MAX_AMOUNT, optional=True))
            row = {name: item for name, item in row.items() if name != LOT_VALUE}
        rows.append(row)
    try:
        lots = lots_checked(lots_from_value(rows if isinstance(value, list) else value))
    except ValueError as error:  # UserError is one too, with its message
        fail(_("Lots"), getattr(error, "message", str(error)))
    return lots, values


def _read_registered(value: object, where: str) -> dict[str, Any] | None:
    """A player's register identity (version 5), checked as the register's own fields; None
    for a player linked to no register entry."""
    if value is None:
        return None
    where = within(where, _("registre"))
    fields = named(value, where, REGISTERED_FIELDS)
    try:
        uid = str(uuid.UUID(fields["uid"])) if isinstance(fields["uid"], str) else None
    except ValueError:
        uid = None
    if uid is None:
        fail(where, _("identifiant : un UUID est attendu."))
    registered: dict[str, Any] = {"uid": uid}
    for field, label in (("name", _("nom")), ("first_name", _("prénom")),
                         ("licence", _("licence")), ("home_club", _("club d'origine"))):
        registered[field] = text_field(ClubPlayer, field, fields[field],
                                       label=f"{where}, {label}")
    return registered


def _read_players(value: object) -> list[dict[str, Any]]:
    players: list[dict[str, Any]] = []
    numbers: set[int] = set()
    licences: dict[str, int] = {}
    for index, row in enumerate(listed(value, _("Joueurs")), start=1):
        where = _("Joueur (le %(i)de du fichier)") % {"i": index}
        fields = named(row, where, PLAYER_FIELDS)
        number = whole(Player, "number", fields["number"], where, _("numéro"), minimum=1)
        where = _("Joueur %(n)d") % {"n": number}
        if number in numbers:
            fail(where, _("ce numéro est donné à deux joueurs."))
        numbers.add(number)
        player: dict[str, Any] = {"number": number,
                                  "active": boolean(fields["active"], where, _("actif")),
                                  "arrived": boolean(fields["arrived"], where, _("arrivé")),
                                  "registered": _read_registered(fields["registered"], where)}
        for field, label in (("name", _("nom")), ("club", _("club")),
                             ("licence", _("licence"))):
            player[field] = text_field(Player, field, fields[field],
                                                label=f"{where}, {label}")
        # A licence identifies one person: once in a concours (as services.player_create).
        if player["licence"]:
            key = validators.same_name(player["licence"])
            if key in licences:
                fail(where, _("la licence %(licence)s est déjà celle du joueur %(n)d.")
                     % {"licence": player["licence"], "n": licences[key]})
            licences[key] = number
        players.append(player)
    return players


def _read_teams(value: object, players: set[int], partie: int | None = None, *,
                alone: bool = False) -> list[dict[str, Any]]:
    """The registered teams (`partie` None), or the teams partie `partie`'s draw formed:
    each names its players by number, players of the file, each in one team at most (a
    partie's team may be one player alone: an exempt player of a mêlée). Only a registered
    team is pointed (`arrived`)."""
    teams: list[dict[str, Any]] = []
    numbers: set[int] = set()
    names: set[str] = set()
    team_of: dict[int, int] = {}
    rows = listed(value, _("Équipes") if partie is None
                  else _("Partie %(p)d, équipes") % {"p": partie})
    for index, row in enumerate(rows, start=1):
        where = (_("Équipe (la %(i)de du fichier)") % {"i": index} if partie is None
                 else _("Partie %(p)d, équipe (la %(i)de)") % {"p": partie, "i": index})
        fields = named(row, where, TEAM_FIELDS if partie is None else PARTIE_TEAM_FIELDS)
        number = whole(Team, "number", fields["number"], where, _("numéro"), minimum=1)
        where = (_("Équipe %(n)d") % {"n": number} if partie is None
                 else _("Partie %(p)d, équipe %(n)d") % {"p": partie, "n": number})
        if number in numbers:
            fail(where, _("ce numéro est donné à deux équipes."))
        numbers.add(number)
        team: dict[str, Any] = {"number": number,
                                "active": boolean(fields["active"], where, _("active"))}
        if partie is None:
            team["arrived"] = boolean(fields["arrived"], where, _("arrivée"))
        for field, label in (("name", _("nom")), ("club", _("club"))):
            team[field] = text_field(Team, field, fields[field],
                                              label=f"{where}, {label}")
        # Names are unique among the registered teams (a partie's are its players' names).
        if partie is None and name_repeated(team["name"], names):
            fail(where, _("l'équipe « %(name)s » figure deux fois.") % {"name": team["name"]})
        team["first"] = whole(Player, "number", fields["first"], where, _("joueur 1"),
                              minimum=1)
        team["second"] = whole(Player, "number", fields["second"], where, _("joueur 2"),
                               minimum=1, optional=partie is not None or alone)
        if team["first"] == team["second"]:
            fail(where, _("un joueur ne fait pas équipe avec lui-même."))
        for player in (team["first"], team["second"]):
            if player is None:
                continue
            if player not in players:
                fail(where, _("le joueur %(n)d n'existe pas.") % {"n": player})
            if player in team_of:
                fail(where, _("le joueur %(n)d est déjà dans l'équipe %(t)d.")
                     % {"n": player, "t": team_of[player]})
            team_of[player] = number
        teams.append(team)
    return teams


# The words of a donne's fields in the messages, in each language: a backup reads every
# donne's fields with their words at hand (a message names the one refused), and translating
# them again for each of a federation's 80,000 donnes was half the time of reading its file.
_DONNE_WORDS: dict[str, dict[str, str]] = {}
DONNE_COLUMNS = ("taker_points", "belote_ns", "belote_ew", "annonces_ns", "annonces_ew",
                 "awarded_ns", "awarded_ew")


def _donne_words() -> dict[str, str]:
    language = get_language() or ""
    if language not in _DONNE_WORDS:
        _DONNE_WORDS[language] = {
            "taker": _("preneur"), "capot": _("capot"), "trump": _("atout"),
            "coinche": _("coinche"), "capot_bid": _("capot demandé"),
            "generale_bid": _("générale demandée"), "generale_made": _("générale réussie"),
            "contract": _("contrat"), "version": _("version"), "key": _("clé"),
            **{name: str(model_column(DonneRecord, name).verbose_name)
               for name in DONNE_COLUMNS}}
    return _DONNE_WORDS[language]


def _read_donne(row: object, where: str, words: dict[str, str]) -> dict[str, Any]:
    """A donne's fields, checked (`words`: `_donne_words`)."""
    fields = named(row, where, DONNE_FIELDS)
    donne: dict[str, Any] = {
        "taker": choice(fields["taker"], {"", *SIDE_VALUES}, where, words["taker"]),
        "capot": choice(fields["capot"], {"", *SIDE_VALUES}, where, words["capot"]),
        "trump": choice(fields["trump"], {"", *TRUMP_VALUES}, where, words["trump"]),
        "coinche": choice(fields["coinche"], COINCHE_VALUES, where, words["coinche"]),
        "capot_bid": boolean(fields["capot_bid"], where, words["capot_bid"]),
        "generale_bid": boolean(fields["generale_bid"], where, words["generale_bid"]),
        "generale_made": boolean(fields["generale_made"], where, words["generale_made"]),
        "contract": whole(DonneRecord, "contract", fields["contract"], where,
                          words["contract"], optional=True),
        "version": whole(DonneRecord, "version", fields["version"], where, words["version"],
                         minimum=1),
        "key": (fail(where, _("clé manquante.")) if fields["key"] is None
                else token(fields["key"], where, words["key"])),
    }
    for name in DONNE_COLUMNS:
        donne[name] = whole(DonneRecord, name, fields[name], where, words[name])
    return donne


def _read_paper(value: object, where: str) -> dict[str, Any]:
    """A game's paper totals, as the Game's paper_* columns (bounded as they are)."""
    fields = named(value, where, PAPER_FIELDS)
    optional = {"belotes", "capots"}  # scoring's check needs them only for some rules
    return {f"paper_{name}": whole(Game, f"paper_{name}", fields[name], where,
                                   _("totaux de la feuille (%(name)s)") % {"name": name},
                                   optional=name in optional)
            for name in PAPER_FIELDS}


def _read_game(row: object, where: str, teams: set[int], seated: set[int]) -> _Game:
    # The result is written for whoever reads the file; the import recomputes it.
    fields = named(row, where, GAME_FIELDS, {"result": None})
    table = whole(Game, "table", fields["table"], where, _("table"))
    where = _("%(where)s, table %(t)d") % {"where": where, "t": table}
    ns = whole(Team, "number", fields["ns"], where, _("équipe NS"), minimum=1)
    ew = whole(Team, "number", fields["ew"], where, _("équipe EO"), minimum=1, optional=True)
    for number in (ns, ew):
        if number is not None and number not in teams:
            fail(where, _("l'équipe %(n)d n'existe pas.") % {"n": number})
    if ns == ew:
        fail(where, _("une équipe ne peut pas jouer contre elle-même."))
    for number in (ns, ew):
        if number in seated:
            fail(where, _("l'équipe %(n)d joue deux fois dans cette partie.") % {"n": number})
        if number is not None:
            seated.add(number)
    # A bye is at table 0 (one a partie), or numbered after the real tables (a mêlée's
    # exempt players): it is known by its missing opponent, but table 0 is never a game.
    if table == 0 and ew is not None:
        fail(where, _("la table 0 est celle d'une équipe exempte, et d'elle seule."))
    forfeit = choice(fields["forfeit"], {"", *SIDE_VALUES}, where, _("forfait"))
    if ew is None and forfeit:
        fail(where, _("une équipe exempte ne déclare pas forfait."))
    game: dict[str, Any] = {
        "table": table, "forfeit": forfeit,
        "first_dealer": choice(fields["first_dealer"], SEATS, where, _("premier donneur")),
        "token": token(fields["token"], where, _("lien de table")),
        "stop_after": whole(Game, "stop_after", fields["stop_after"], where,
                            _("fin du temps"), minimum=1, optional=True),
        "awaiting": choice(fields["awaiting"], {"", *SIDE_VALUES}, where,
                           _("confirmation attendue")),
        "disputed": boolean(fields["disputed"], where, _("contestée")),
    }
    if fields["token_ew"] is not None:  # else (a file before version 4) a new link
        game["token_ew"] = token(fields["token_ew"], where, _("lien de table Est-Ouest"))
    if fields["paper"] is not None:
        game.update(_read_paper(fields["paper"], within(where, _("totaux de la feuille"))),
                    by_totals=True)
        if ew is None:
            fail(where, _("une équipe exempte n'a pas de feuille."))
    donnes = []
    rows = listed(fields["donnes"], where)
    if len(rows) > MAX_DONNES_PER_GAME:
        fail(where, _("%(n)d donnes : une partie en compte %(max)d au plus.")
             % {"n": len(rows), "max": MAX_DONNES_PER_GAME})
    # Translated once a game, not once a donne.
    donne_where, words = _("%(where)s, donne %(n)d"), _donne_words()
    for index, donne_row in enumerate(rows, start=1):
        number = donne_row.get("number") if isinstance(donne_row, dict) else None
        if type(number) is not int or number != index:
            fail(where, _("les donnes sont numérotées 1, 2, 3… dans l'ordre (la %(i)de porte "
                           "le numéro %(n)s).") % {"i": index, "n": shapes.shown(number)})
        donnes.append({"number": index, **_read_donne(
            donne_row, donne_where % {"where": where, "n": index}, words)})
    if ew is None and donnes:
        fail(where, _("une équipe exempte ne joue pas de donne."))
    if game.get("by_totals") and donnes:
        fail(where, _("une table saisie par les totaux de sa feuille n'a pas de donne."))
    return _Game(game, ns, ew, donnes)


def _score(game: _Game, rules: Rules, where: str) -> None:
    """Score the game as the import will (services.game_recompute): refused now, before
    anything is written. A bye or a forfeit is not scored from its donnes."""
    if game.ew is None or game.fields["forfeit"]:
        return
    if game.fields.get("by_totals"):
        fields = game.fields
        totals = PaperTotals(
            score_ns=fields["paper_ns"], score_ew=fields["paper_ew"],
            donnes=fields["paper_donnes"], passed=fields["paper_passed"],
            belotes=fields["paper_belotes"], capots=fields["paper_capots"],
            awarded_ns=fields["paper_awarded_ns"], awarded_ew=fields["paper_awarded_ew"])
        try:
            check_paper_totals(totals, rules)
            paper_winner(totals, rules)
        except ScoringError as error:
            fail(_("%(where)s, totaux de la feuille") % {"where": where}, error.message)
        return
    donnes = [donne_from(donne) for donne in game.donnes]
    stop_after = game.fields["stop_after"]
    try:
        score_game(donnes, rules, stop_after=stop_after)
    except ScoringError as error:
        fail(_("%(where)s, donne %(n)d") % {"where": where,
                                            "n": _first_refused(donnes, rules, stop_after)},
             error.message)


def _first_refused(donnes: list[Donne], rules: Rules, stop_after: int | None) -> int:
    """The number of the first donne whose game up to it is refused: the games up to n are
    refused from some n on, so a binary search finds it in log(n) scorings, not n."""
    low, high = 1, len(donnes)  # the game of all the donnes is refused
    while low < high:
        middle = (low + high) // 2
        try:
            score_game(donnes[:middle], rules, stop_after=stop_after)
        except ScoringError:
            high = middle
        else:
            low = middle + 1
    return low


def _read_rounds(value: object, teams: set[int], players: set[int],
                 rules: Rules) -> list[_Round]:
    rounds = []
    for index, row in enumerate(listed(value, _("Parties")), start=1):
        where = _("Partie %(n)d") % {"n": index}
        fields = named(row, where, ROUND_FIELDS)
        if type(fields["number"]) is not int or fields["number"] != index:
            fail(where, _("les parties sont numérotées 1, 2, 3… dans l'ordre."))
        round_fields: dict[str, Any] = {
            "number": index,
            "seed": whole(Round, "seed", fields["seed"], where, _("graine"), optional=True),
            "closed": boolean(fields["closed"], where, _("close")),
            "time_called": moment(fields["time_called"], within(where, _("fin du temps")),
                                  optional=True),
            # Bounded as the tournament's own (bounds.py), then checked by scoring's rules.
            "target": whole(Tournament, "target", fields["target"], where,
                            _("score à atteindre"), optional=True),
            "max_donnes": whole(Tournament, "max_donnes", fields["max_donnes"], where,
                                _("nombre de donnes"), optional=True),
            "draw_method": choice(fields["draw_method"], {"", *METHODS}, where, _("tirage")),
            # A partie of a concours in phases (version 8): its phase, and its poule's
            # number when it is one poule's (models.Round's constraint).
            "phase": (None if fields["phase"] is None
                      else choice(fields["phase"], PHASES, where, _("phase"))),
            "poule": whole(Round, "poule", fields["poule"], where, _("poule"), minimum=1,
                           optional=True),
            # Its countdown (version 9), bounded as the partie's page sets it
            # (services.countdown); a copy leaves the end out (write.py).
            "clock_minutes": whole(Round, "clock_minutes", fields["clock_minutes"], where,
                                   _("durée du chrono (minutes)"), minimum=1,
                                   maximum=MAX_CLOCK_MINUTES, optional=True),
            "clock_ends": moment(fields["clock_ends"], within(where, _("fin du chrono")),
                                 optional=True),
        }
        # The screens show a running chrono with its length: an end needs one.
        if round_fields["clock_ends"] is not None and round_fields["clock_minutes"] is None:
            fail(where, _("un chrono lancé a sa durée en minutes."))
        if round_fields["poule"] is not None and round_fields["phase"] != "poule":
            fail(where, _("seule une partie de poule nomme sa poule."))
        # A partie whose draw formed its teams (a mêlée) names them in its games; another
        # names the registered teams.
        partie_teams = _read_teams(fields["teams"], players, partie=index)
        known = {team["number"] for team in partie_teams} if partie_teams else teams
        round_rules = partie_rules(rules, round_fields["target"], round_fields["max_donnes"])
        games: list[_Game] = []
        tables: set[int] = set()
        seated: set[int] = set()
        for game_row in listed(fields["games"], where):
            game = _read_game(game_row, where, known, seated)
            if game.fields["stop_after"] is not None and round_fields["time_called"] is None:
                fail(_("%(where)s, table %(t)d") % {"where": where, "t": game.fields["table"]},
                     _("une fin du temps sans fin du temps annoncée pour la partie."))
            table_where = _("%(where)s, table %(t)d") % {"where": where,
                                                         "t": game.fields["table"]}
            if game.fields["table"] in tables:
                fail(table_where, _("cette table figure deux fois."))
            tables.add(game.fields["table"])
            _score(game, round_rules, table_where)
            games.append(game)
        rounds.append(_Round(round_fields, partie_teams, games))
    return rounds


def _read_audit(value: object) -> list[dict[str, Any]]:
    entries = []
    # "player": a mêlée's players' entries (services.entrants), whatever the model's list.
    kinds = list(audit.KIND)  # the journal's registry of entry kinds
    for index, row in enumerate(listed(value, _("Journal")), start=1):
        where = _("Journal, entrée %(i)d") % {"i": index}
        fields = named(row, where, ["at", "user", *AUDIT_FIELDS])
        entry: dict[str, Any] = {
            "at": moment(fields["at"], where),
            "actor": text_field(AuditEntry, "actor", fields["actor"],
                                         label=f"{where}, qui"),
            "kind": choice(fields["kind"], kinds, where, _("objet")),
            "action": choice(fields["action"], AuditEntry.ACTIONS, where, _("action")),
            "round_number": whole(AuditEntry, "round_number", fields["round_number"], where,
                                  _("partie"), optional=True),
            "table": whole(AuditEntry, "table", fields["table"], where, _("table"),
                           optional=True),
            "number": whole(AuditEntry, "number", fields["number"], where, _("numéro"),
                            optional=True),
            "donne_key": "" if fields["donne_key"] == "" else token(
                fields["donne_key"], where, _("clé de la donne")),
        }
        user = fields["user"]
        if user is not None and (not isinstance(user, str) or not 0 < len(user) <= 150):
            fail(where, _("compte : un identifiant est attendu."))
        entry["user"] = user
        for which, label in (("before", _("avant")), ("after", _("après"))):
            try:
                audit.check_value(entry["kind"], entry["action"], fields[which])
            except audit.BadValue as error:
                fail(f"{where}, {label}", str(error))
            entry[which] = fields[which]
        entries.append(entry)
    return entries


def _read_payments(value: object, entrants: set[int], melee: bool) -> list[dict[str, Any]]:
    """The payments (version 6): each of an entrant of the file (a registered team; a
    mêlée's player), one each, checked as services.money takes them."""
    payments: list[dict[str, Any]] = []
    paid: set[int] = set()
    model: type[Team] | type[Player] = Player if melee else Team
    for index, row in enumerate(listed(value, _("Paiements")), start=1):
        where = _("Paiement (le %(i)de du fichier)") % {"i": index}
        fields = named(row, where, PAYMENT_FIELDS)
        number = whole(model, "number", fields["number"], where, _("numéro"), minimum=1)
        if melee:
            where = _("Paiement du joueur %(n)d") % {"n": number}
            if number not in entrants:
                fail(where, _("le joueur %(n)d n'existe pas.") % {"n": number})
        else:
            where = _("Paiement de l'équipe %(n)d") % {"n": number}
            if number not in entrants:
                fail(where, _("l'équipe %(n)d n'existe pas.") % {"n": number})
        if number in paid:
            fail(where, _("un inscrit ne paie qu'une fois : ce paiement figure deux fois."))
        paid.add(number)
        payment: dict[str, Any] = {
            "number": number,
            "due": whole(Payment, "due", fields["due"], where, _("dû (centimes)"),
                         maximum=MAX_DUE),
            "amount": whole(Payment, "amount", fields["amount"], where, _("payé (centimes)"),
                            maximum=MAX_AMOUNT),
            "method": choice(fields["method"], PAYMENT_METHODS, where,
                             _("moyen de paiement")),
            "paid_at": moment(fields["paid_at"], within(where, _("payé le"))),
            "refunded": whole(Payment, "refunded", fields["refunded"], where,
                              _("remboursé (centimes)"), maximum=MAX_AMOUNT),
            "refunded_at": moment(fields["refunded_at"], within(where, _("remboursé le")),
                                  optional=True),
        }
        if payment["method"] == PAYMENT_OFFERED and payment["amount"]:
            fail(where, _("un droit offert n'est pas payé : un montant de 0 est attendu."))
        if payment["refunded"] > payment["amount"]:
            fail(where, _("le remboursement dépasse ce qui a été payé."))
        if (payment["refunded"] > 0) != (payment["refunded_at"] is not None):
            fail(where, _("un remboursement a un montant et une date, ou ni l'un ni "
                          "l'autre."))
        payments.append(payment)
    return payments


def _percent(value: object, where: str) -> Decimal:
    """A percentage of the pool as the export writes it: text, "30.00"."""
    if not isinstance(value, str) or not _PERCENT.fullmatch(value):
        fail(where, _("pourcentage : un nombre écrit avec deux décimales (« 30.00 ») est "
                      "attendu."))
    percent = Decimal(value)
    if not 0 < percent <= 100:
        fail(where, _("un pourcentage va de plus de 0 à 100."))
    return percent


def _read_pool(value: object) -> list[PoolLine]:
    """The cash prize pool (version 6), its lines in order, checked as
    services.money.cash_pool_set checks them (amounts.pool_checked)."""
    rows = listed(value, _("Prix en espèces"))
    if len(rows) > MAX_POOL:
        fail(_("Prix en espèces"), _("%(max)d lignes au plus.") % {"max": MAX_POOL})
    lines: list[PoolLine] = []
    for index, row in enumerate(rows, start=1):
        where = _("Prix en espèces, ligne %(i)d") % {"i": index}
        # A tableau's line (issue 35) names its tableau; an older file's lines are the
        # concours'.
        fields = named(row, where, [*CASH_PRIZE_FIELDS, "tableau"], optional={"tableau": ""})
        tableau = fields["tableau"]
        if tableau not in ("", *TABLEAUX):
            fail(where, _("le tableau principal ou la consolante est attendu."))
        start = whole(CashPrize, "start", fields["start"], where, _("du rang"), minimum=1,
                      maximum=MAX_RANK)
        end = whole(CashPrize, "end", fields["end"], where, _("au rang"), minimum=start,
                    maximum=MAX_RANK)
        amount = whole(CashPrize, "amount", fields["amount"], where, _("montant (centimes)"),
                       maximum=MAX_AMOUNT, optional=True)
        percent = (None if fields["percent"] is None
                   else _percent(fields["percent"], where))
        if (amount is None) == (percent is None):
            fail(where, _("un montant ou un pourcentage est attendu (l'un des deux)."))
        lines.append(PoolLine(start, end, amount, percent, tableau))
    try:
        return pool_checked(lines)
    except AmountError as error:
        fail(_("Prix en espèces"), str(error))


def _taken(model: type[Game] | type[DonneRecord], field: str, values: list[str],
           replaces: Tournament | None) -> str | None:
    """One of `values` that another tournament in the database already uses, if any."""
    path = "round__tournament" if model is Game else "game__round__tournament"
    for start in range(0, len(values), _CHUNK):
        found = model.objects.filter(**{f"{field}__in": values[start:start + _CHUNK]})
        if replaces is not None:
            found = found.exclude(**{path: replaces})
        taken = found.values_list(field, flat=True).first()
        if taken is not None:
            return str(taken)
    return None


def _check_unique(rounds: list[_Round], replaces: Tournament | None) -> None:
    """Table-link tokens and donne keys: each once in the file, and used by no other
    tournament of this database (the one being replaced gives its own up)."""
    # A table's two links (Game.token, and token_ew for two confirmations) open the table:
    # each is given once in the file, in either column, and used by no other concours.
    tokens = [game.fields[name] for round_ in rounds for game in round_.games
              for name in ("token", "token_ew") if name in game.fields]
    keys = [donne["key"] for round_ in rounds for game in round_.games for donne in game.donnes
            if donne["key"] is not None]
    for values, label in ((tokens, _("lien de table")), (keys, _("clé de donne"))):
        seen: set[str] = set()
        for value in values:
            if value in seen:
                fail(_("Sauvegarde"), _("le même %(label)s figure deux fois (%(v)s).")
                     % {"label": label, "v": value})
            seen.add(value)
    taken = _taken(Game, "token", tokens, replaces) or _taken(Game, "token_ew", tokens,
                                                               replaces)
    if taken is not None:
        fail(_("Sauvegarde"), _("le lien de table %(v)s est celui d'un autre concours.")
             % {"v": taken})
    taken = _taken(DonneRecord, "key", keys, replaces)
    if taken is not None:
        fail(_("Sauvegarde"), _("la clé de donne %(v)s est celle d'un autre concours.")
             % {"v": taken})


def _read_season(value: object) -> dict[str, Any] | None:
    """The season the concours counts for (version 6), checked as the season's form is
    (services.season); None: none."""
    if value is None:
        return None
    where = _("Saison")
    fields = named(value, where, SEASON_FIELDS)
    dates = []
    for name in ("start", "end"):
        try:
            dates.append(datetime.date.fromisoformat(fields[name]))
        except (TypeError, ValueError):
            fail(where, _("une date ISO (2026-11-21) est attendue."))
    table = fields["points_table"]
    if (not isinstance(table, list) or len(table) > SEASON_MAX
            or any(type(points) is not int for points in table)):
        fail(where, _("barème : une liste de nombres entiers est attendue."))
    tie_breaks = fields["tie_breaks"]
    if not isinstance(tie_breaks, list) or any(type(key) is not str for key in tie_breaks):
        fail(where, _("départages : une liste de critères est attendue."))
    best = fields["best"]
    try:
        return season_values_checked(
            name=fields["name"], start=dates[0], end=dates[1], kind=fields["kind"],
            points_table=",".join(str(points) for points in table), beyond=fields["beyond"],
            participation=fields["participation"], best=best,
            min_ranked=fields["min_ranked"], min_lot=fields["min_lot"], tie_breaks=tie_breaks,
            published=boolean(fields["published"], where, _("publiée")))
    except UserError as error:
        fail(where, error.message)


def read(data: object) -> Backup:
    """Check the whole document (of any readable version, upgraded first); refuse
    (UserError) at the first fault. Reads no table: what the database decides is
    `check_database`'s."""
    fields = named(upgraded(data), _("Sauvegarde"), DOCUMENT_FIELDS)
    tournament = _read_tournament(fields["tournament"])
    players = _read_players(fields["players"])
    # A mêlée's registered teams are its pairs in phases, and after parties qualificatives
    # its players in neither tableau, each a team of one (services.pairs).
    teams = _read_teams(fields["teams"], {player["number"] for player in players},
                        alone=format_of(tournament["format"]).by_player)
    lots, lot_values = _read_lots(fields["prizes"])
    rules = rules_from(tournament)
    rounds = _read_rounds(fields["rounds"], {team["number"] for team in teams},
                          {player["number"] for player in players}, rules)
    entries = _read_audit(fields["audit"])
    melee = format_of(tournament["format"]).by_player
    payments = _read_payments(fields["payments"], {row["number"] for row in (
        players if melee else teams)}, melee)
    pool = _read_pool(fields["cash_prizes"])
    season = _read_season(fields["season"])
    phases = read_phases(
        fields["phases"], {team["number"] for team in teams},
        {(round_.fields["number"], game.fields["table"]): (round_.fields["phase"], game.ns,
                                                            game.ew)
         for round_ in rounds for game in round_.games},
        {round_.fields["poule"] for round_ in rounds if round_.fields["poule"] is not None})
    # A lot (a cash prize) of a tableau fits the phases the file gives, as the lots page
    # checks it (services.prizes.tableau_checked).
    consolante = phases is not None and bool(phases.plan.get("consolante"))
    for lot in lots:
        refusal = tableau_refusal(lot.tableau, phases=phases is not None,
                                  consolante=consolante)
        if refusal:
            fail(_("Lots"), f"{lot.label} : {refusal}")
    for line in pool:
        refusal = tableau_refusal(line.tableau, phases=phases is not None,
                                  consolante=consolante)
        if refusal:
            fail(_("Prix en espèces"), f"{pool_line_words(line)} : {refusal}")
    if season is not None and not season["start"] <= tournament["date"] <= season["end"]:
        # A season counts the concours of its dates only (services.season): a file that
        # says otherwise was altered, and would count it where the club never put it.
        fail(_("Saison"), _("le concours du %(date)s n'est pas dans les dates de la saison "
                            "« %(name)s » (du %(start)s au %(end)s).") % {
            "date": date_format(tournament["date"], "SHORT_DATE_FORMAT"),
            "name": season["name"],
            "start": date_format(season["start"], "SHORT_DATE_FORMAT"),
            "end": date_format(season["end"], "SHORT_DATE_FORMAT")})
    return Backup(tournament=tournament, players=players, teams=teams, lots=lots,
                  lot_values=lot_values, rounds=rounds, audit=entries, payments=payments,
                  pool=pool, season=season, screens=read_screens(fields["screens"]),
                  sponsors=read_sponsors(fields["sponsors"]), phases=phases)


def check_database(backup: Backup, organiser: User | AnonymousUser, replace: bool) -> None:
    """What the database decides: the concours the file would replace (only when asked,
    only the same organiser's), and tokens and keys no other concours uses."""
    slug = backup.tournament["slug"]
    replaces = Tournament.objects.filter(slug=slug).first()
    if replaces is not None:
        if not replace:
            raise UserError(_("Le concours « %(slug)s » existe déjà : demandez à le "
                              "remplacer.") % {"slug": slug})
        if not runs_club(organiser, replaces.club_id):
            raise UserError(_("Le concours « %(slug)s » appartient à un autre organisateur : "
                              "il n'est pas remplacé.") % {"slug": slug})
    _check_unique(backup.rounds, replaces)
    backup.replaces = replaces


# A concours's backup is a few megabytes at most (hundreds of teams, thousands of donnes,
# their journal); the cap keeps a wrong file from filling the memory.
MAX_BYTES = 50 * 1024 * 1024
RESTORE_MODES = ("replace", "copy")


def parse_document(raw: bytes) -> Any:
    """The JSON document in `raw` (a file's bytes), or a UserError saying why not."""
    if len(raw) > MAX_BYTES:
        raise UserError(_("Fichier trop gros pour une sauvegarde de concours (%(mb)d Mo au "
                          "plus).") % {"mb": MAX_BYTES // (1024 * 1024)})
    try:
        return json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise UserError(_("Ce fichier n'est pas du texte UTF-8 : ce n'est pas une sauvegarde "
                          "de concours.")) from None
    except RecursionError:
        raise UserError(_("Ce fichier a des données imbriquées trop profondément.")) from None
    except ValueError:  # json.JSONDecodeError, or an integer of 4,300+ digits
        raise UserError(_("Ce fichier n'est pas du JSON valide : ce n'est pas une "
                          "sauvegarde de concours.")) from None


def backup_contents(data: object) -> Contents:
    """What the backup `data` holds, once it passed every check (else a UserError)."""
    return _contents(read(data))


@dataclasses.dataclass(frozen=True)
class Review:
    """A backup checked for its restore's confirmation page: what it holds, and its players
    whose entry in the register of the club it goes to is ambiguous (to choose)."""

    contents: Contents
    ambiguities: list[Ambiguity]
    numbers: list[int]  # the player number of each of the file's players, in its order


def backup_review(data: object, *, club: Club | None) -> Review:
    """`data` checked whole (else a UserError), and matched to `club`'s register (none: no
    register yet, every player new)."""
    backup = read(data)
    return Review(_contents(backup), register_ambiguities(club, backup.identities()),
                  [player["number"] for player in backup.players])


def restoring_club(organiser: User | AnonymousUser,
                   tournament: Tournament | None = None) -> Club | None:
    """The club whose register a restore links to: the concours' own when it is replaced,
    else the club where `organiser` organises (as write.py's `club_of_organiser`, which
    makes one when there is none: then no register yet)."""
    if tournament is not None:
        return tournament.club
    return organising_club(organiser) if isinstance(organiser, User) else None


def _contents(backup: Backup) -> Contents:
    return Contents(
        name=backup.tournament["name"], slug=backup.tournament["slug"],
        date=backup.tournament["date"], published=bool(backup.tournament["published"]),
        teams=len(backup.teams), players=len(backup.players),
        parties=len(backup.rounds),
        donnes=sum(len(game.donnes) for round_ in backup.rounds for game in round_.games),
        entries=len(backup.audit),
        season=backup.season["name"] if backup.season is not None else "",
        payments=len(backup.payments), lots=len(backup.lots),
        arrived=sum(1 for row in (backup.players if format_of(backup.tournament["format"]).by_player
                                  else backup.teams) if row.get("arrived")),
        **_phases_contents(backup.phases))


def _phases_contents(phases: Phases | None) -> dict[str, Any]:
    if phases is None:
        return {}
    return {"formule": formule_label(phases.plan),
            "poules": len({seat["poule"] for seat in phases.seats}),
            "tableaux": len(phases.tableaux),
            "matches": sum(len(tableau["matches"]) for tableau in phases.tableaux)}
