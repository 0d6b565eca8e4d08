"""Writes of the club's register of players: add, correct, merge two (and undo the merge),
anonymise (RGPD), and the link of a concours' entrant to the register.

The register is the club's, not a concours': its changes are logged in `RegisterEntry`
(models/register.py). A change it makes to concours — a merge moves entrants from one
register player to another, an anonymisation renames entrants — touches only the link
(`Player.registered`, which no page of the concours shows) or is journaled in each concours
it touches (so that its documents, kept by their journal's version, are made again).

A concours' entrant is linked when registered (services.team_create, player_create):
to the register player chosen in the form, else to the one its licence names, else to the
one of the same name and home club (accents and case ignored), else to a new register
player. An entrant already linked in this concours is never linked twice.
"""

from __future__ import annotations

import datetime
import re
import uuid
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from .. import journal as audit
from .. import validators
from ..errors import UserError
from ..journal import SYSTEM, Actor
from ..models import AuditEntry, Club, ClubPlayer, Player, RegisterEntry, Team, Tournament
from ..models.players import licence_key
from ..selectors.rounds import partie_team_name
from .autobackup_folders import autobackups_rewrite
from .common import text_field

REGISTER_FIELDS = ("name", "first_name", "licence", "home_club")
# What an anonymised player is called, wherever its name was.
ANONYMOUS = "Joueur n° %(pk)d"
# A word of a player's name this long names them in a team's name (shorter: "Le", "de").
NAME_WORD = 3
# The `registered` of an entrant the desk said is a new person (the type-ahead's « Nouveau
# joueur »), though the register has someone of that name: no register id is 0.
NEW_REGISTER_PLAYER = 0


def club_player_values(player: ClubPlayer) -> dict[str, Any]:
    return {name: getattr(player, name) for name in REGISTER_FIELDS}


def _log(club: Club | int, by: Actor, action: str, player: ClubPlayer | None, *,
         before: Any = None, after: Any = None) -> RegisterEntry:
    club_id = club if isinstance(club, int) else club.pk
    return RegisterEntry.objects.create(club_id=club_id, user_id=by.user_id, actor=by.label,
                                        action=action, player=player, before=before,
                                        after=after)


def _checked(values: Mapping[str, object]) -> dict[str, str]:
    labels = {"name": _("Nom"), "first_name": _("Prénom"), "licence": _("Licence"),
              "home_club": _("Club d'origine")}
    return {field: text_field(ClubPlayer, field, value, label=str(labels[field]))
            for field, value in values.items()}


def _licence_free(club_id: int, licence: str, exclude: int = 0) -> None:
    """A licence names one player of the club (compared by `licence_key`)."""
    key = licence_key(licence)
    if not key:
        return
    holder = (ClubPlayer.objects.filter(club_id=club_id, licence_key=key)
              .exclude(pk=exclude).first())
    if holder is not None:
        raise UserError(_("La licence %(licence)s est déjà celle de %(name)s dans le "
                          "registre du club.") % {"licence": licence, "name": holder.full_name},
                        "licence")


@transaction.atomic
def club_player_create(*, club: Club, name: str, first_name: str = "", licence: str = "",
                       home_club: str = "", by: Actor = SYSTEM) -> ClubPlayer:
    """A new player of the club's register; a licence already in the register is refused."""
    values = _checked({"name": name, "first_name": first_name, "licence": licence,
                       "home_club": home_club})
    _licence_free(club.pk, values["licence"])
    player = ClubPlayer.objects.create(club=club, **values)
    _log(club, by, "create", player, after=club_player_values(player))
    return player


def _anonymised_refused(player: ClubPlayer) -> None:
    if player.anonymised:
        raise UserError(_("Ce joueur est anonymisé : il ne se modifie plus."))


@transaction.atomic
def club_player_update(*, player: ClubPlayer, name: str | None = None,
                       first_name: str | None = None, licence: str | None = None,
                       home_club: str | None = None, by: Actor = SYSTEM) -> ClubPlayer:
    """Correct the fields given (not None) of a register player. The concours already played
    keep the name their entrant had then."""
    player = ClubPlayer.objects.select_for_update().get(pk=player.pk)
    _anonymised_refused(player)
    given = {field: value for field, value in (("name", name), ("first_name", first_name),
                                               ("licence", licence), ("home_club", home_club))
             if value is not None}
    values = _checked(given)
    if "licence" in values:
        _licence_free(player.club_id, values["licence"], exclude=player.pk)
    before = club_player_values(player)
    for field, value in values.items():
        setattr(player, field, value)
    player.save()
    if club_player_values(player) != before:
        _log(player.club_id, by, "update", player, before=before,
             after=club_player_values(player))
    return player


# --- Merging two entries of one person ------------------------------------------------------


@transaction.atomic
def club_player_merge(*, kept: ClubPlayer, duplicate: ClubPlayer,
                      by: Actor = SYSTEM) -> RegisterEntry:
    """`duplicate` is `kept` registered twice: its concours entrants move to `kept`, which
    takes the first name, licence and home club it lacks, and `duplicate` is removed. The
    entry returned undoes it (club_player_merge_undo)."""
    players = {player.pk: player for player in ClubPlayer.objects.select_for_update()
               .filter(pk__in=[kept.pk, duplicate.pk])}
    if kept.pk == duplicate.pk or len(players) != 2:
        raise UserError(_("Choisissez deux joueurs différents du registre."))
    kept, duplicate = players[kept.pk], players[duplicate.pk]
    if kept.club_id != duplicate.club_id:
        raise UserError(_("Les deux joueurs ne sont pas du même club."))
    if kept.anonymised or duplicate.anonymised:
        raise UserError(_("Un joueur anonymisé ne se fusionne pas."))
    if kept.licence_key and duplicate.licence_key and kept.licence_key != duplicate.licence_key:
        raise UserError(_("%(a)s et %(b)s ont deux licences différentes (%(la)s, %(lb)s) : ce "
                          "sont deux personnes.")
                        % {"a": kept.full_name, "b": duplicate.full_name, "la": kept.licence,
                           "lb": duplicate.licence})
    both = (Player.objects.filter(registered=kept)
            .filter(tournament__in=Player.objects.filter(registered=duplicate)
                    .values("tournament")).select_related("tournament").first())
    if both is not None:
        raise UserError(_("%(a)s et %(b)s ont joué le même concours (%(t)s) : ce sont deux "
                          "personnes.") % {"a": kept.full_name, "b": duplicate.full_name,
                                            "t": both.tournament.name})
    kept_before = club_player_values(kept)
    gone = {**club_player_values(duplicate), "id": duplicate.pk, "uid": str(duplicate.uid),
            "created": duplicate.created.isoformat()}
    moved = list(Player.objects.filter(registered=duplicate).values_list("pk", flat=True))
    # The log's entries about the duplicate (an earlier merge into it among them) lose their
    # player with it: kept, to link them again when this merge is undone, so that the
    # earlier merge undoes too.
    logged = list(RegisterEntry.objects.filter(player=duplicate).values_list("pk", flat=True))
    Player.objects.filter(pk__in=moved).update(registered=kept)
    duplicate.delete()
    for field in ("first_name", "home_club", "licence"):
        if not getattr(kept, field):
            setattr(kept, field, gone[field])
    kept.save()
    return _log(kept.club_id, by, "merge", kept,
                before={"kept": kept_before, "duplicate": gone},
                after={"kept": club_player_values(kept), "entrants": moved, "log": logged})


@transaction.atomic
def club_player_merge_undo(*, entry: RegisterEntry, by: Actor = SYSTEM) -> ClubPlayer:
    """Undo a merge: the duplicate is back (its id and uid), with the entrants that were its
    own (those still there), and the kept player has its values of before. Refused when the
    kept player changed since (corrected, anonymised, gone)."""
    entry = RegisterEntry.objects.select_for_update().get(pk=entry.pk)
    before, after = entry.before, entry.after
    if (entry.action != "merge" or entry.undone is not None or not isinstance(before, dict)
            or not isinstance(after, dict)):
        raise UserError(_("Cette fusion est déjà annulée."))
    kept = (ClubPlayer.objects.select_for_update().filter(pk=entry.player_id).first()
            if entry.player_id is not None else None)
    if (kept is None or kept.anonymised
            or club_player_values(kept) != after["kept"]):
        raise UserError(_("Le joueur gardé a changé depuis la fusion (corrigé, anonymisé ou "
                          "supprimé) : la fusion ne s'annule plus."))
    gone = before["duplicate"]
    if ClubPlayer.objects.filter(Q(pk=gone["id"]) | Q(uid=gone["uid"])).exists():
        raise UserError(_("Le joueur fusionné existe de nouveau : la fusion ne s'annule "
                          "plus."))
    for field, value in before["kept"].items():
        setattr(kept, field, value)
    kept.save()
    _licence_free(kept.club_id, gone["licence"], exclude=kept.pk)
    duplicate = ClubPlayer(pk=gone["id"], uid=uuid.UUID(gone["uid"]), club_id=kept.club_id,
                           **{field: gone[field] for field in REGISTER_FIELDS})
    duplicate.save(force_insert=True)
    ClubPlayer.objects.filter(pk=duplicate.pk).update(
        created=datetime.datetime.fromisoformat(gone["created"]))
    Player.objects.filter(pk__in=after["entrants"], registered=kept).update(
        registered=duplicate)
    RegisterEntry.objects.filter(pk__in=after.get("log", []), club_id=kept.club_id,
                                 player__isnull=True).update(player=duplicate)
    entry.undone = timezone.now()
    entry.save(update_fields=["undone"])
    _log(kept.club_id, by, "unmerge", duplicate, before=after,
         after={"kept": club_player_values(kept), "duplicate": club_player_values(duplicate)})
    return duplicate


# --- Anonymising (RGPD) ---------------------------------------------------------------------


def _names_in(text: str, names: set[str]) -> bool:
    """Whether one of `names` (search keys) is a whole word or words of `text`."""
    padded = f" {validators.search_key(text)} "
    return any(name and f" {name} " in padded for name in names)


def _scrub(values: Any, replaced: dict[str, str],
           within: Mapping[str, str] | None = None) -> Any:
    """An entry's value with each text of `replaced` (a key: old text, value: new) replaced,
    and each name of `within` replaced inside longer texts too (« 16. L'Équipe à Dédé », as
    the caisse's entries name an entrant)."""
    if isinstance(values, dict):
        return {key: _scrub(value, replaced, within) for key, value in values.items()}
    if isinstance(values, list):
        return [_scrub(value, replaced, within) for value in values]
    if isinstance(values, str) and values in replaced:
        return replaced[values]
    if isinstance(values, str) and within:
        for old in sorted(within, key=len, reverse=True):  # "Les As 2" before "Les As"
            # Whole words only: « Léa » is not erased from « Léandre », nor « Marie
            # Dupont » from « Marie Dupont-Moretti » (a replacement text is literal: escaped
            # for re.sub, a backslash stays one).
            values = re.sub(rf"(?<![\w'’-]){re.escape(old)}(?![\w'’-])",
                            within[old].replace("\\", "\\\\"), values)
    return values


def _free_team_name(tournament: Tournament, number: int) -> str:
    name = _("Équipe n° %(n)d") % {"n": number}
    taken = {validators.same_name(other) for other in Team.objects.filter(
        tournament=tournament, round__isnull=True).exclude(number=number)
        .values_list("name", flat=True)}
    suffix = 1
    candidate = name
    while validators.same_name(candidate) in taken:
        suffix += 1
        candidate = f"{name} ({suffix})"
    return candidate


def _anonymise_entrant(entrant: Player, anonymous: str, names: set[str],
                       by: Actor) -> None:
    """One concours' entrant renamed, its licence (and a mêlée player's own club) erased;
    the teams named after it renamed; its old values scrubbed from the concours' journal,
    and the change journaled there."""
    tournament = entrant.tournament
    replaced = {entrant.name: anonymous}
    names_only = {entrant.name}  # replaced inside longer texts too; a licence or club not
    if entrant.licence:
        replaced[entrant.licence] = ""
    melee = tournament.by_player
    if melee and entrant.club:
        replaced[entrant.club] = ""
    entrant.name, entrant.licence = anonymous, ""
    if melee:
        entrant.club = ""
    entrant.save(update_fields=["name", "licence", "club"])
    # A registered team's number → its field of this player, of its licence, and its new
    # name (None: not named after the player).
    slots: dict[int, tuple[str, str, str | None]] = {}
    for team in (Team.objects.filter(Q(first=entrant) | Q(second=entrant))
                 .select_related("first", "second")):
        if team.round_id is not None:  # a mêlée's partie: named after its players
            second = team.second.name if team.second is not None else None
            new = partie_team_name(team.player1, second)
        elif _names_in(team.name, names):
            new = _free_team_name(tournament, team.number)
        else:
            new = team.name
        renamed = new != team.name
        if renamed:
            replaced[team.name] = new
            names_only.add(team.name)
            team.name = new
            team.save(update_fields=["name"])
        if team.round_id is None:
            slot = "1" if team.first_id == entrant.pk else "2"
            slots[team.number] = (f"player{slot}", f"licence{slot}", new if renamed else None)

    def by_keys(kind: str, number: int | None, values: Any) -> Any:
        """An entry's values with this entrant's fields anonymised whatever they held: every
        name it had (one corrected at the desk too), not only its last."""
        if not isinstance(values, dict):
            return values
        values = dict(values)
        if kind == "player":
            changes: dict[str, str | None] = {"name": anonymous, "club": "", "licence": ""}
        elif kind == "team" and number in slots:
            player, licence, name = slots[number]
            changes = {player: anonymous, licence: "", "name": name}
        else:  # the caisse's « 16. L'Équipe à Dédé », the arrivals' name
            shown = anonymous if melee else slots.get(number or 0, ("", "", None))[2]
            changes = {"name": None if shown is None
                       else f"{number}. {shown}"[:200] if kind == "money" else shown}
        values.update({key: value for key, value in changes.items()
                       if key in values and value is not None})
        return values

    # The journal keeps no trace of it in the entries that name it: its own (a mêlée
    # player's, its teams'), the caisse's and the arrivals' of its number; by their fields,
    # then any text still holding its names. Another entrant's entries are never touched:
    # a namesake, or « Marie Dupont-Moretti », is another person.
    within = {old: replaced[old] for old in names_only if len(old) >= NAME_WORD}
    own_numbers = [entrant.number] if melee else list(slots)
    own = (Q(kind="player", number=entrant.number) if melee
           else Q(kind="team", number__in=own_numbers))
    own |= Q(kind__in=("arrival", "money"), number__in=own_numbers)
    # Read whole before any is saved (a few dozen: rows of the table being read are saved).
    for record in list(AuditEntry.objects.filter(own, tournament=tournament)):
        before = _scrub(by_keys(record.kind, record.number, record.before), replaced, within)
        after = _scrub(by_keys(record.kind, record.number, record.after), replaced, within)
        if (before, after) != (record.before, record.after):
            record.before, record.after = before, after
            record.save(update_fields=["before", "after"])
    if melee:
        audit.log(tournament, by, "player", "anonymise", after=audit.player_values(entrant),
                  number=entrant.number)
    for team in Team.objects.filter(Q(first=entrant) | Q(second=entrant),
                                    round__isnull=True).select_related("first", "second"):
        audit.log(tournament, by, "team", "anonymise", after=audit.team_values(team),
                  number=team.number)


@transaction.atomic
def club_player_anonymise(*, player: ClubPlayer, by: Actor = SYSTEM) -> ClubPlayer:
    """RGPD: the player becomes « Joueur n° <id> » in the register and in every concours of
    the club (the teams named after them renamed), first name, licence and home club erased,
    the old values scrubbed from the journals and the register's log. The results stay.
    Irreversible."""
    player = ClubPlayer.objects.select_for_update().get(pk=player.pk)
    _anonymised_refused(player)
    anonymous = ANONYMOUS % {"pk": player.pk}
    entrants = list(Player.objects.filter(registered=player).select_related("tournament")
                    .order_by("pk"))
    # A team is named after the player when its name holds the player's name, or a word of
    # it ("Dupré et Martin"): renamed, rather than the name left in its standings.
    texts = {player.name, player.full_name, f"{player.name} {player.first_name}",
             *(entrant.name for entrant in entrants)}
    names = {validators.search_key(text) for text in texts}
    names |= {word for text in names for word in text.split() if len(word) >= NAME_WORD}
    entrants_before = [Player(name=entrant.name, licence=entrant.licence)
                       for entrant in entrants]
    own_teams = Team.objects.filter(Q(first__in=entrants) | Q(second__in=entrants),
                                    round__isnull=True)
    team_names = dict(own_teams.values_list("pk", "name"))
    for entrant in entrants:
        _anonymise_entrant(entrant, anonymous, names, by)
    # The teams named after it, renamed: their old names go from the backups too.
    renamed = {team_names[pk]: name for pk, name in own_teams.values_list("pk", "name")
               if team_names.get(pk, name) != name}
    old = club_player_values(player)
    player.name, player.first_name, player.licence, player.home_club = anonymous, "", "", ""
    player.anonymised = True
    player.save()
    replaced = {text: "" for text in old.values() if text}
    # The duplicates merged into it: their spellings and home clubs were the player's too
    # (« Dernières fusions » and the log kept them, and the duplicates' own entries, no
    # longer linked to a player since the merge removed them).
    duplicates: dict[str, str] = {}
    for record in RegisterEntry.objects.filter(player=player, action="merge"):
        gone = record.before.get("duplicate") if isinstance(record.before, dict) else None
        if isinstance(gone, dict):
            duplicates |= {str(gone[field]): "" for field in ("first_name", "licence",
                                                              "home_club") if gone.get(field)}
            if gone.get("name"):
                duplicates[str(gone["name"])] = anonymous
                texts.add(str(gone["name"]))
    replaced = {**replaced, **duplicates, old["name"]: anonymous}
    for record in RegisterEntry.objects.filter(player=player):
        record.before = _scrub(record.before, replaced)
        record.after = _scrub(record.after, replaced)
        record.save(update_fields=["before", "after"])
    if duplicates:
        for record in RegisterEntry.objects.filter(club_id=player.club_id,
                                                   player__isnull=True):
            before, after = _scrub(record.before, duplicates), _scrub(record.after, duplicates)
            if (before, after) != (record.before, record.after):
                record.before, record.after = before, after
                record.save(update_fields=["before", "after"])
    _log(player.club_id, by, "anonymise", player, after=club_player_values(player))
    # The automatic backups of its concours (written before) hold its names and licence:
    # rewritten too. Its full names only (exact, or inside a longer text such as a team's
    # name), never a word alone nor its home club: a namesake's entry stays as it was.
    spelled = {text for text in texts if len(text) >= NAME_WORD}
    scrubbed = {**renamed, **{text: anonymous for text in spelled},
                **{entrant.licence: "" for entrant in entrants_before if entrant.licence},
                **({old["licence"]: ""} if old["licence"] else {})}
    uid = str(player.uid)
    autobackups_rewrite(tournament_ids=[entrant.tournament_id for entrant in entrants],
                        rewrite=lambda data: _scrub(_register_row_anonymised(data, uid, {
                            "name": anonymous, "first_name": "", "licence": "",
                            "home_club": ""}), scrubbed, {text: anonymous for text in spelled}))
    return player


def _register_row_anonymised(data: Any, uid: str, values: dict[str, str]) -> Any:
    """A backup's JSON with the register rows of `uid` (each entrant's `registered`) given
    `values`."""
    if isinstance(data, list):
        return [_register_row_anonymised(item, uid, values) for item in data]
    if isinstance(data, dict):
        if data.get("uid") == uid:
            return {**data, **{key: value for key, value in values.items() if key in data}}
        return {key: _register_row_anonymised(item, uid, values) for key, item in data.items()}
    return data


def entrants_anonymised_again(*, tournament: Tournament, by: Actor = SYSTEM) -> int:
    """The concours' entrants linked to an anonymised register player that carry a name
    other than its « Joueur n° » (a backup written before the anonymisation, restored):
    anonymised again, as club_player_anonymise did (team names, journal). How many."""
    count = 0
    for entrant in (Player.objects.filter(tournament=tournament, registered__anonymised=True)
                    .select_related("registered", "tournament").order_by("pk")):
        assert entrant.registered is not None
        anonymous = ANONYMOUS % {"pk": entrant.registered.pk}
        if (entrant.name, entrant.licence) == (anonymous, "") and not (
                tournament.by_player and entrant.club):
            continue
        names = {validators.search_key(entrant.name)}
        names |= {word for text in names for word in text.split() if len(word) >= NAME_WORD}
        _anonymise_entrant(entrant, anonymous, names, by)
        count += 1
    return count


# --- A concours' entrant and the register ---------------------------------------------------


def licence_holder(tournament: Tournament, licence: str,
                   exclude: Iterable[int] = ()) -> Player | None:
    """The player of the concours (other than those of `exclude`) with this licence: a
    licence identifies one person (`Player.identity`), so it is given once in a concours.
    Compared by `licence_key`, as a season does ("ab 12" is "AB12")."""
    if not licence:
        return None
    key = licence_key(licence)
    for player in tournament.players.exclude(pk__in=list(exclude)).exclude(licence=""):
        if licence_key(player.licence) == key:
            return player
    return None


def _licence_learnt(entry: ClubPlayer, licence: str, by: Actor) -> None:
    """`entry`, which had no licence, takes `licence` (checked free by the caller); logged."""
    before = club_player_values(entry)
    entry.licence = licence
    entry.save(update_fields=["licence"])
    _log(entry.club_id, by, "update", entry, before=before, after=club_player_values(entry))


def register_licences_from_file(*, club_id: int,
                                linked: Sequence[tuple[ClubPlayer, str, str]],
                                by: Actor = SYSTEM) -> list[str]:
    """The licences of a file's lines (teams' « Licence 1 ; Licence 2 », a mêlée's
    « Licence ») given to the register players they were linked to: an entry without a
    licence takes it (logged in the register); one with another licence keeps its own, and
    a licence another player of the club has is not added — each said in a sentence for the
    import's summary (issue 32: a file's licences never reached the register). `linked`:
    (register player, licence of the line, name on the line), in the file's order."""
    notes: list[str] = []
    done: set[int] = set()
    for entry, licence, name in linked:
        key = licence_key(licence)
        if not key or entry.pk in done or entry.anonymised or entry.licence_key == key:
            continue
        done.add(entry.pk)
        if entry.licence_key:
            notes.append(_("%(name)s : le fichier donne la licence %(licence)s, le registre "
                           "garde la sienne (%(kept)s) ; corrigez sa fiche si c'est le "
                           "fichier qui a raison.")
                         % {"name": name, "licence": licence, "kept": entry.licence})
            continue
        holder = (ClubPlayer.objects.filter(club_id=club_id, licence_key=key)
                  .exclude(pk=entry.pk).first())
        if holder is not None:
            notes.append(_("%(name)s : la licence %(licence)s n'est pas ajoutée au registre, "
                           "elle y est déjà celle de %(holder)s.")
                         % {"name": name, "licence": licence, "holder": holder.full_name})
            continue
        _licence_learnt(entry, licence, by)
    return notes


def register_licence_learnt(*, player: Player, by: Actor = SYSTEM) -> None:
    """An entrant's licence given at the desk after it was linked: its register entry, which
    had none, takes it (logged in the register), unless another player of the club has it
    (the desk then merges or corrects on the register's page). A licence never replaces
    another one in the register."""
    entry = player.registered
    key = licence_key(player.licence)
    if entry is None or entry.licence_key or not key or entry.anonymised:
        return
    if ClubPlayer.objects.filter(club_id=entry.club_id, licence_key=key).exists():
        return
    _licence_learnt(entry, player.licence, by)


def entrant_registered(*, tournament: Tournament, name: str, licence: str = "",
                       home_club: str = "", registered: int | None = None,
                       field: str = "name", taken: set[int] | None = None,
                       by: Actor = SYSTEM) -> tuple[ClubPlayer | None, str]:
    """The register player a new entrant of `tournament` is, and the licence it enters with.

    `registered`: the register player chosen in the form (an id of the concours' club, not
    anonymised, not already an entrant of the concours; else refused on `field`), or
    NEW_REGISTER_PLAYER (a new one, whoever the register has of that name). Without
    one: the player of this licence, else of this name and home club (the oldest, when the
    register has it twice), else the one player of this name when no club is said or the
    register says none, else a new one when the register has nobody of this name. A
    register player of this name but of another home club is asked about (refused on
    `field`, naming them), as a file's line is (register_match): a second « Mireille
    Castel » in the register would split her season's points in two. `taken`: register
    ids already entrants of this registration (a team's other player). None when the match
    found is an entrant of the concours already (two namesakes: the link is left to be made
    later)."""
    taken = set(taken or ())
    in_concours = set(Player.objects.filter(tournament=tournament, registered__isnull=False)
                      .values_list("registered", flat=True)) | taken
    club_players = ClubPlayer.objects.filter(club_id=tournament.club_id, anonymised=False)
    if registered == NEW_REGISTER_PLAYER:
        return _register_player_added(tournament, name, licence, home_club, by), licence
    if registered is not None:
        chosen = club_players.filter(pk=registered).first()
        if chosen is None:
            raise UserError(_("Ce joueur n'est pas (ou plus) dans le registre du club."), field)
        if chosen.pk in taken:
            raise UserError(_("%(name)s : ce joueur du registre est choisi deux fois dans "
                              "l'équipe.") % {"name": chosen.full_name}, field)
        if chosen.pk in in_concours:
            raise UserError(_("%(name)s : ce joueur du registre est déjà inscrit à ce "
                              "concours.") % {"name": chosen.full_name}, field)
        return chosen, licence or chosen.licence
    key = licence_key(licence)
    if key:
        found = club_players.filter(licence_key=key).first()
        if found is not None:
            return (None if found.pk in in_concours else found), licence
    club_key = validators.same_name(home_club)
    keys = validators.name_rotations(name)
    named = [candidate for candidate in club_players.filter(key__in=keys).order_by("pk")
             if not key or not candidate.licence_key]
    namesakes = [candidate for candidate in named
                 if validators.same_name(candidate.home_club) == club_key]
    # As a file's line is matched (register_match): the one namesake of the register is
    # the player when no club is said, or when the register says none (« Denis Petit »
    # typed without a club was a second Denis Petit in the register, and in the season).
    if not namesakes and len(named) == 1 and (not club_key or not named[0].home_club):
        namesakes = named
    if namesakes:
        found = namesakes[0]
        if found.pk in in_concours:
            return None, licence
        if key:  # the register learns the licence it lacked
            _licence_free(tournament.club_id, licence, exclude=found.pk)
            _licence_learnt(found, licence, by)
        return found, licence
    if named:
        raise UserError(_namesakes_asked(name, named), field)
    return _register_player_added(tournament, name, licence, home_club, by), licence


def _namesakes_asked(name: str, named: list[ClubPlayer]) -> str:
    """The question a name the register has under another home club asks the desk."""
    no_club = _("sans club")
    who = ", ".join(
        f"{player.full_name} ({player.home_club or no_club}, "
        + _("fiche n° %(n)d") % {"n": player.pk} + ")" for player in named[:3])
    return _("« %(name)s » : le registre du club a déjà %(who)s, d'un autre club. "
             "Choisissez ce joueur dans les suggestions sous le nom, ou « Nouveau joueur » "
             "s'il s'agit d'une autre personne.") % {"name": name, "who": who}


def _register_player_added(tournament: Tournament, name: str, licence: str, home_club: str,
                           by: Actor) -> ClubPlayer:
    if licence:  # « nouveau joueur » with a licence the register has: that is the player
        _licence_free(tournament.club_id, licence)
    # Written by the register's one rule (validators.name_spelled); the entrant then takes
    # it (register_spelling), as it does the spelling of a player the register had.
    created = ClubPlayer.objects.create(club_id=tournament.club_id,
                                        name=validators.name_spelled(name),
                                        licence=licence, home_club=home_club)
    _log(tournament.club_id, by, "create", created, after=club_player_values(created))
    return created


def register_spelling(found: ClubPlayer | None, typed: str) -> str:
    """The name an entrant linked to the register is entered under: the register's spelling
    (« Mireille Castel » where « CASTEL mireile » was typed and the licence or the
    type-ahead found her), so that the standings, the season and the site write one name
    for one person (issue 32). Unlinked, or a register name too long for an entrant: the
    name typed."""
    if found is None:
        return typed
    spelled = found.full_name
    length = Player._meta.get_field("name").max_length or 0
    return spelled if 0 < len(spelled) <= length else typed


def entrant_relinked(*, player: Player, home_club: str, registered: int | None = None,
                     taken: set[int] | None = None, field: str = "name",
                     previous: ClubPlayer | None = None, by: Actor = SYSTEM) -> Player:
    """An entrant whose name the desk corrected (or whose register player it chose on the
    entrant's page), linked again as its registration linked it (`entrant_registered`):
    its old link is dropped first, or a season, the register and the club's site would
    credit its results to the person first chosen by mistake. The entrant's licence stays
    the one the desk gave; none given, it takes the register player's when no other
    entrant of the concours holds it; a licence that came with the register player chosen
    by mistake (another player chosen, or a name that is no longer that player's) goes
    with it, or the licence would link the entrant back to that player. The caller holds
    the concours' lock (shared: two corrections at once are as two registrations).
    `previous`: its register player before, when the caller has dropped the link already."""
    old = previous if previous is not None else player.registered
    if (old is not None and player.licence and licence_key(player.licence) == old.licence_key
            and (old.pk != registered if registered is not None
                 else old.key not in validators.name_rotations(player.name))):
        player.licence = ""
    if player.registered_id is not None:  # (a team's update has dropped both links already)
        player.registered = None
        player.save(update_fields=["registered"])
    found, licence = entrant_registered(
        tournament=player.tournament, name=player.name, licence=player.licence,
        home_club=home_club, registered=registered, field=field, taken=taken, by=by)
    player.registered = found
    if licence and not player.licence and licence_holder(
            player.tournament, licence, exclude=[player.pk]) is None:
        player.licence = licence
    player.save(update_fields=["registered", "licence"])
    return player


__all__ = [
    "NEW_REGISTER_PLAYER",
    "club_player_anonymise",
    "club_player_create",
    "club_player_merge",
    "club_player_merge_undo",
    "club_player_update",
    "club_player_values",
    "entrant_registered",
    "entrant_relinked",
    "entrants_anonymised_again",
    "licence_holder",
    "register_licence_learnt",
    "register_licences_from_file",
    "register_spelling",
]
