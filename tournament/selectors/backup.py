"""What a concours holds, as the page restoring a backup over it lists it (beside what the
backup holds: services.backup.backup_contents), and its last journal entry."""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..models import AuditEntry, DonneRecord, PhasePlan, PouleSeat, TableauMatch, Tournament
from ..models.phases import (
    CADRAGE_CHOICES,
    PLACEMENT_CHOICES,
    POULE_STYLE_CHOICES,
    QUALIFICATION_CHOICES,
)


@dataclasses.dataclass(frozen=True)
class Contents:
    """What a concours or a backup holds, as the confirmation page lists it."""

    name: str
    slug: str
    date: datetime.date
    teams: int
    players: int
    parties: int
    donnes: int
    entries: int
    # What a restore replaces beside the games (issue 32: a season, the caisse's payments and
    # the pointage went without the page saying so): the season's name ("" none), the
    # payments, the lots and the entrants marked arrived.
    season: str = ""
    payments: int = 0
    lots: int = 0
    # Whether the public reads it: a restore takes the file's (issue 32: the page did not
    # say that a concours published tonight goes back to unpublished, or the reverse).
    published: bool = False
    arrived: int = 0
    # A concours in phases (issue 35): its formule in words ("" none), its poules drawn, its
    # tableaux drawn and their matches called.
    formule: str = ""
    poules: int = 0
    tableaux: int = 0
    matches: int = 0


def formule_label(plan: Mapping[str, object]) -> str:
    """A formule's options in a few words, to tell two formules apart on the confirmation
    page (`plan`: PhasePlan's fields)."""
    qualification = plan["qualification"]
    words = [str(dict(QUALIFICATION_CHOICES).get(str(qualification), qualification))]
    if qualification == "poules":
        words.append(str(dict(POULE_STYLE_CHOICES).get(str(plan["poule_style"]), "")))
        words.append(ngettext("%(n)d qualifié par poule", "%(n)d qualifiés par poule",
                              int(plan["qualified"]))  # type: ignore[call-overload]
                     % {"n": plan["qualified"]})
    elif qualification == "parties":
        words.append(_("%(p)s parties, les %(m)s premiers au tableau principal")
                     % {"p": plan["parties"], "m": plan["principal"]})
    words.append(_("consolante") if plan["consolante"] else _("sans consolante"))
    words.append(_("cadrage : %(c)s") % {"c": dict(CADRAGE_CHOICES).get(str(plan["cadrage"]),
                                                                     plan["cadrage"])})
    words.append(str(dict(PLACEMENT_CHOICES).get(str(plan["placement"]), "")))
    if plan["separate_clubs"]:
        words.append(_("clubs séparés"))
    if plan["tetes"]:
        words.append(_("têtes de série %(t)s") % {"t": ", ".join(
            str(number) for number in plan["tetes"])})  # type: ignore[attr-defined]
    return ", ".join(word for word in words if word)


def tournament_contents(tournament: Tournament) -> Contents:
    entrants = (tournament.players if tournament.by_player
                else tournament.teams.filter(round__isnull=True))
    return Contents(
        name=tournament.name, slug=tournament.slug, date=tournament.date,
        published=tournament.published, teams=tournament.teams.filter(round__isnull=True).count(),
        players=tournament.players.count(), parties=tournament.rounds.count(),
        donnes=DonneRecord.objects.filter(game__round__tournament=tournament).count(),
        entries=tournament.audit.count(),
        season=tournament.season.name if tournament.season is not None else "",
        payments=tournament.payments.count(), lots=tournament.prizes.count(),
        arrived=entrants.filter(arrived=True).count(), **_phases_contents(tournament))


def _phases_contents(tournament: Tournament) -> dict[str, Any]:
    plan = PhasePlan.objects.filter(tournament=tournament).first()
    if plan is None:
        return {}
    return {"formule": formule_label(vars(plan)),
            "poules": len(set(PouleSeat.objects.filter(tournament=tournament)
                              .values_list("poule", flat=True))),
            "tableaux": tournament.tableaux.count(),
            "matches": TableauMatch.objects.filter(tableau__tournament=tournament).count()}


def restore_losses(current: Contents, incoming: Contents) -> list[str]:
    """What restoring `incoming` over `current` takes away, in words for the confirmation
    page: each count the concours holds more of than the backup (the donnes typed since,
    the payments taken since…), and its season when the backup names another. A season the
    backup does not name is kept (services.backup), and said on the page's table."""
    counts = (
        (current.teams - incoming.teams, ngettext(
            "%(n)d équipe inscrite", "%(n)d équipes inscrites", current.teams - incoming.teams)),
        (current.players - incoming.players, ngettext(
            "%(n)d joueur", "%(n)d joueurs", current.players - incoming.players)),
        (current.parties - incoming.parties, ngettext(
            "%(n)d partie tirée", "%(n)d parties tirées", current.parties - incoming.parties)),
        (current.donnes - incoming.donnes, ngettext(
            "%(n)d donne saisie", "%(n)d donnes saisies", current.donnes - incoming.donnes)),
        (current.arrived - incoming.arrived, ngettext(
            "%(n)d arrivée pointée", "%(n)d arrivées pointées",
            current.arrived - incoming.arrived)),
        (current.payments - incoming.payments, ngettext(
            "%(n)d paiement de la caisse", "%(n)d paiements de la caisse",
            current.payments - incoming.payments)),
        (current.lots - incoming.lots, ngettext(
            "%(n)d lot", "%(n)d lots", current.lots - incoming.lots)),
        (current.poules - incoming.poules, ngettext(
            "%(n)d poule tirée", "%(n)d poules tirées", current.poules - incoming.poules)),
        (current.tableaux - incoming.tableaux, ngettext(
            "%(n)d tableau tiré", "%(n)d tableaux tirés", current.tableaux - incoming.tableaux)),
        (current.matches - incoming.matches, ngettext(
            "%(n)d match de tableau appelé", "%(n)d matchs de tableau appelés",
            current.matches - incoming.matches)),
    )
    lost = [words % {"n": n} for n, words in counts if n > 0]
    if current.formule and current.formule != incoming.formule:
        lost.append(_("la formule en phases (%(formule)s)") % {"formule": current.formule}
                    if not incoming.formule else
                    _("la formule en phases (%(formule)s) : la sauvegarde joue « %(other)s »")
                    % {"formule": current.formule, "other": incoming.formule})
    if current.season and incoming.season and incoming.season != current.season:
        lost.append(_("la saison « %(season)s » : le concours passe dans « %(other)s »")
                    % {"season": current.season, "other": incoming.season})
    return lost


def last_entry(tournament: Tournament) -> int:
    """The concours' last journal entry (0: none): every change writes one, so a number
    that moved says the concours changed (since a confirmation page was shown)."""
    return (AuditEntry.objects.filter(tournament=tournament).order_by("-id")
            .values_list("id", flat=True).first()) or 0

