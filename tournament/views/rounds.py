"""The organiser's pages of parties: draw, a partie's tables, undo, late teams, time."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..access import (
    is_member,
    is_organiser,
    organised,
    readable_round,
    require_desk,
    require_organiser,
)
from ..addresses import TOKEN_MARKER, addresses
from ..errors import UserError
from ..forms import (
    RoundDrawForm,
    SwapForm,
)
from ..launcher import network
from ..models import Game, Round, Team, Tournament
from ..selectors.phases import TABLEAU_PHASES, partie_to_draw, tableau_partie_names
from ..validators import whole_number
from .common import _by, _form_error, _form_refusals, table_link_base


@login_required
def round_generate(request: HttpRequest, slug: str) -> HttpResponse:
    """Draw the next partie. GET: the draw's page (method, seed, the rotation's reach); POST:
    the draw, from that page, a partie's page (`back`: its number, where a refusal is shown)
    or the concours' page."""
    tournament = organised(request, slug)
    options = selectors.round_draw_options(tournament)
    form = RoundDrawForm(request.POST if request.method == "POST" else None,
                         methods=options.methods)
    if request.method != "POST":
        if partie_to_draw(tournament, tournament.rounds.all()) is None:
            # In phases the formule decides the parties: the page that draws them instead.
            if tournament.phase_plan.qualification == "poules":
                messages.info(request, _("Les parties des poules se tirent depuis la page des "
                                         "poules."))
                return redirect("tournament:poules", slug=slug)
            messages.info(request, _("La suite du concours se joue en tableaux : les matchs "
                                     "s'appellent depuis cette page."))
            return redirect("tournament:tableaux", slug=slug)
        return _draw_page(request, tournament, options, form)
    # Drawn from a partie's page, a refusal is shown there; from the draw's page, on it.
    back = whole_number(request.POST.get("back", ""))
    if back is None or not tournament.rounds.filter(number=back).exists():
        back = None
        back_to = reverse("tournament:detail", args=[slug])
    else:
        back_to = reverse("tournament:round", args=[slug, back])
    on_page = request.POST.get("page") == "draw"
    if not form.is_valid():
        if on_page:
            return _draw_page(request, tournament, options, form)
        _form_refusals(request, form)
        return redirect(back_to)
    try:
        round_ = services.round_generate(
            tournament=tournament, by=_by(request), seed=form.chosen_seed,
            method=form.chosen_method, beyond_planned=request.POST.get("confirm") == "1")
    except UserError as error:
        if error.field == "beyond_planned":  # one more partie than planned: ask first
            return render(request, "tournament/organiser/round_generate_confirm.html", {
                "tournament": tournament, "question": error.message,
                "seed": "" if form.chosen_seed is None else form.chosen_seed,
                "draw_method": form.chosen_method or "",
                "number": options.number, "back": back_to, "back_number": back or "",
            })
        if on_page:
            _form_error(form, error)
            return _draw_page(request, tournament, options, form)
        messages.error(request, error.message)
        return redirect(back_to)
    messages.success(request, _("Partie %(n)d tirée.") % {"n": round_.number})
    return redirect("tournament:round", slug=slug, number=round_.number)


def _draw_page(request: HttpRequest, tournament: Tournament,
               options: selectors.DrawOptions, form: RoundDrawForm) -> HttpResponse:
    return render(request, "tournament/organiser/round_generate.html", {
        "tournament": tournament, "draw": options, "form": form,
        "arrivals": selectors.arrivals_board(tournament), "rounds": tournament.rounds.count(),
    }, status=422 if form.is_bound else 200)  # a POST back here was refused


@dataclass(frozen=True)
class TableRow:
    """A table of the partie's page, with the team that left it (a withdrawn team's
    unfinished game: its forfeit is still to declare), and whether its score awaits a
    side's confirmation or was disputed (two confirmations)."""

    game: selectors.PartieTable
    leaving: selectors.SeatedTeam | None
    forfeit_due: bool
    awaiting: bool = False
    disputed: bool = False
    # The table's page and its links' addresses (reversed once for the page: `addresses`).
    url: str = ""
    link: str = ""
    link_ew: str = ""
    # Each side's team as the page names it (`seat_html`).
    ns: str = ""
    ew: str = ""

    @classmethod
    def of(cls, game: selectors.PartieTable, awaiting: set[int] | None = None,
           disputed: set[int] | None = None,
           urls: tuple[Callable[[int | str], str], Callable[[int | str], str]] | None = None,
           melee: bool = False) -> TableRow:
        """`awaiting`, `disputed`: the concours' game ids (selectors.awaiting_games,
        selectors.disputed_games), read once for the whole page; `urls`: the partie's table
        pages by table number and the table links by token; `melee`: the format."""
        leaving = next((team for team in (game.team_ns, game.team_ew)
                        if team is not None and not team.active), None)
        is_disputed = disputed is not None and game.pk in disputed
        game_url, link_url = urls if urls is not None else (_no_url, _no_url)
        return cls(game, leaving, leaving is not None and not game.finished
                   and not game.forfeit and not game.is_bye,
                   awaiting=awaiting is not None and game.pk in awaiting and not is_disputed,
                   disputed=is_disputed, url=game_url(game.table), link=link_url(game.token),
                   link_ew=link_url(game.token_ew), ns=seat_html(game.team_ns, melee),
                   ew=seat_html(game.team_ew, melee))


def _no_url(last: int | str) -> str:
    return ""


def seat_html(team: selectors.SeatedTeam | None, melee: bool) -> SafeString:
    """A team at a partie's table: a registered team by number and name; in a mêlée, the
    partie's team number then its players with their numbers. Written here rather than by
    an included template: 500 tables included it a thousand times; and with `html.escape`
    rather than format_html (`_row_html` says why)."""
    if team is None:
        return mark_safe("")
    if not melee:
        return mark_safe(f"{team.number}. {escape(team.name)}")
    assert team.first is not None  # a mêlée's tables are read with their players
    # The words outside the f-strings, where makemessages finds them.
    and_, title = escape(_("et")), escape(_("équipe de la partie"))
    second = ("" if team.second is None else f" {and_} {escape(team.second.name)} "
              f"<small>({team.second.number})</small>")
    return mark_safe(f'<span class="partie-team" title="{title}">{team.number}.</span> '
                     f"{escape(team.first.name)} <small>({team.first.number})</small>{second}")


@dataclass(frozen=True)
class RowsPage:
    """What every row of a partie's table depends on besides its game."""

    slug: str
    desk: bool  # a member of the club (the table de marque too): links, entry, forfeits
    melee: bool
    two_links: bool
    link_base: str
    csrf_input: str  # the {% csrf_token %} field, for a forfeit's form


def rows_html(rows: list[TableRow], page: RowsPage) -> SafeString:
    """The partie's tables, a row each, as the template wrote them row by row (500 tables:
    half the page's time went into the template's tags), in one pass: every value escaped,
    the same French words, read once for the page."""
    words = RowWords.of(page)
    return mark_safe("\n".join(_row_html(row, page, words) for row in rows))


@dataclass(frozen=True)
class RowWords:
    """The rows' French words and the page's own pieces, escaped once for all its rows."""

    exempt: str
    enter: str
    ns: str
    ew: str
    link_base: str

    @classmethod
    def of(cls, page: RowsPage) -> RowWords:
        return cls(exempt=escape(_("exempt") if page.melee else _("exempte")),
                   enter=escape(_("saisir")), ns=escape(_("NS :")), ew=escape(_("EO :")),
                   link_base=escape(page.link_base))


def _row_html(row: TableRow, page: RowsPage, words: RowWords) -> str:
    # Plain f-strings over `html.escape`, which Django's own escape calls: format_html's
    # checks of each argument for a lazy or safe string were half the rows' time (64 tables:
    # 2.4 ms of a 13 ms page). What is escaped is what format_html escaped: the texts and
    # addresses; the numbers are integers; `row.ns`, `row.ew` and the state are HTML already.
    game = row.game
    desk = page.desk
    if game.is_bye:
        return (f'<tr class="bye"><td>—</td><td>{row.ns}</td><td>{words.exempt}</td>'
                f"<td>{game.score_ns}</td><td>{words.exempt}</td>"
                f'{"<td></td>" if desk else ""}</tr>')
    url = escape(row.url)
    enter = (f' <a class="enter" href="{url}">{words.enter}</a>'
             if desk and not game.finished else "")
    cells = (f'<td><a href="{url}">{game.table}</a>{enter}</td><td>{row.ns}</td>'
             f"<td>{row.ew}</td><td>{game.score_ns} – {game.score_ew}</td>"
             f"<td>{_state_html(row, page)}</td>")
    if desk:
        link = escape(row.link)
        link = (f'<a href="{link}" data-table-link="{game.table}">{words.link_base}{link}</a>')
        if page.two_links:
            link_ew = escape(row.link_ew)
            link = (f'{words.ns} {link}<br>{words.ew} <a href="{link_ew}" '
                    f'data-table-link-ew="{game.table}">{words.link_base}{link_ew}</a>')
        cells += ('<td class="link" style="overflow-wrap: anywhere; '
                  f'font-size: .85rem; min-width: 9rem">{link}</td>')
    return f"<tr>{cells}</tr>"


def _state_html(row: TableRow, page: RowsPage) -> SafeString:
    """The "État" cell: where the game stands, then whether its score awaits a side's
    confirmation or was disputed."""
    game = row.game
    state: str
    if row.forfeit_due and row.leaving is not None:
        state = format_html('<strong class="forfeit-due">{}</strong>', mark_safe(
            _("forfait à déclarer (%(name)s s'est retirée)")
            % {"name": escape(row.leaving.name)}))
        if page.desk:
            state += format_html(
                ' <form method="post" action="{}" class="inline">{}<input type="hidden" '
                'name="back" value="round"><button type="submit">{}</button></form>',
                reverse("tournament:team_forfeit", args=[page.slug, row.leaving.number]),
                mark_safe(page.csrf_input), _("Déclarer forfait"))
    elif game.forfeit:
        state = _("forfait")
    elif game.finished and game.stop_after:
        state = _("terminée (fin du temps)")
    elif game.finished:
        state = _("terminée")
    elif game.stop_after and game.played >= game.stop_after:
        state = _("fin du temps : égalité, une donne de plus décide")
    elif game.stop_after:
        state = ngettext("fin du temps : s'arrête après la donne %(n)s",
                         "fin du temps : s'arrête après la donne %(n)s",
                         game.stop_after) % {"n": game.stop_after}
    elif game.played:
        state = ngettext("%(n)s donne", "%(n)s donnes", game.played) % {"n": game.played}
    else:
        state = _("à jouer")
    if row.disputed:
        state += format_html(' <strong class="disputed" data-disputed="{}">{}</strong>',
                             game.table, _("contesté"))
    elif row.awaiting:
        state += format_html(' <strong class="awaiting" data-awaiting="{}">{}</strong>',
                             game.table, _("à confirmer"))
    # The code's own French words (an apostrophe as it is written) and format_html's pieces.
    return mark_safe(state)


def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round_ = readable_round(request, slug, number)
    tournament = round_.tournament
    organiser = is_organiser(request, tournament)
    desk = is_member(request, tournament)  # the table de marque too
    swap_form = SwapForm()
    if request.method == "POST":  # the swap of two teams (closing has its own address)
        require_organiser(request, tournament)
        swap_form = SwapForm(request.POST)
        if swap_form.is_valid():
            ids = dict(selectors.round_teams(round_).values_list("number", "id"))
            try:
                services.round_swap_teams(
                    round_=round_, team_a=ids.get(swap_form.cleaned_data["team_a"], 0),
                    team_b=ids.get(swap_form.cleaned_data["team_b"], 0), by=_by(request))
            except UserError as error:
                swap_form.add_error(None, error.message)
            else:
                messages.success(request, _("Équipes échangées."))
                return redirect("tournament:round", slug=slug, number=number)
    games = selectors.partie_tables(round_, players=tournament.by_player)
    link_base = table_link_base(request) if desk else ""
    # The parties, read once with the page's menu: whether this one is the last, and what
    # the next draw's options need.
    drawn = selectors.drawn_parties(tournament)
    is_last = all(number <= round_.number for number in drawn)
    unfinished = [game.table for game in games if not game.finished]
    # One query each (none without the option), whatever the number of tables.
    awaiting, disputed = selectors.awaiting_games(tournament), selectors.disputed_games(tournament)
    urls = (addresses("tournament:game", slug, round_.number),
            addresses("tournament:table_link", marker=TOKEN_MARKER))
    rows = [TableRow.of(game, awaiting, disputed, urls, melee=tournament.by_player)
            for game in games]
    # In phases, the formule decides the parties: no « Tirer la partie suivante » after a
    # poule's partie or a tableau's match.
    can_draw_next = (organiser and is_last and not unfinished
                     and partie_to_draw(tournament, tournament.rounds.all()) is not None)
    # The registered entrants, read once for the teams waiting, the pointage and the next
    # draw's entrants and movement; the partie started, told by its tables.
    registered = (selectors.registered_entrants(tournament)
                  if (desk and is_last) or can_draw_next else [])
    # In phases nobody waits to be seated: the poules seat every entrant and a tableau's
    # partie is one match (its last partie listed every other team as « en attente », to
    # be given a table of their own).
    waiting = (selectors.partie_waiting_teams(round_, games, registered)
               if desk and is_last and not round_.phase else [])
    two_links = desk and tournament.two_confirmations
    started = selectors.partie_started(games)
    page = RowsPage(slug=slug, desk=desk, melee=tournament.by_player,
                    two_links=two_links, link_base=link_base,
                    csrf_input=format_html('<input type="hidden" name="csrfmiddlewaretoken" '
                                           'value="{}">', get_token(request))
                    if desk else "")
    return render(request, "tournament/organiser/round_detail.html", {
        "tournament": tournament, "round": round_, "games": games, "rows": rows,
        "rows_html": rows_html(rows, page),
        "is_organiser": organiser, "is_desk": desk, "swap_form": swap_form,
        "last_change": selectors.last_change(tournament, round_number=round_.number)
        if desk else None,
        "started": started,
        "unfinished": bool(unfinished),
        "can_undo_time": organiser and selectors.round_time_undoable(round_),
        "link_base": link_base,
        "link_is_local": desk and network.only_this_computer(link_base),
        "is_last": is_last,
        # A tableau's partie is its matches' calls, each undone on the tableaux' page.
        "can_undo_draw": (organiser and is_last and not started
                          and round_.phase not in TABLEAU_PHASES),
        "can_draw_next": can_draw_next,
        "draw": selectors.round_draw_options(tournament, drawn=drawn, registered=registered)
        if can_draw_next else None,
        "method_label": selectors.draw_label(round_.draw_method),
        # A tableau's partie named by its round (« Quarts de finale — tableau principal »).
        "tableau_round": tableau_partie_names(tournament, round_.number).get(round_.number, "")
        if round_.phase in TABLEAU_PHASES else "",
        "melee": tournament.by_player,
        "two_links": two_links,
        "unfinished_phrase": selectors.tables_phrase(unfinished) if unfinished else "",
        "waiting": waiting, "bye": next((game for game in games if game.is_bye), None),
        # With the pointage in use, a waiting team not marked arrived was absent at the draw.
        "pointage": bool(waiting) and selectors.pointage_in_use(registered),
        "clock_offered": selectors.partie_clock_offered(round_, tournament.rounds.all()),
        "rotation": selectors.draw_has_chart(tournament),
    })


@login_required
def round_close(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Close a partie (its table links no longer enter donnes), or reopen it (`closed` "0").
    A GET is « Clore la partie… »'s confirmation page: closing stops every table's phone,
    which a click by mistake did without a word (issue 32); reopening, its undo, needs none."""
    round_ = readable_round(request, slug, number)
    require_organiser(request, round_.tournament)
    if request.method != "POST":
        if round_.closed:
            return redirect("tournament:round", slug=slug, number=number)
        unfinished = selectors.round_unfinished_tables(round_)
        return render(request, "tournament/organiser/round_close.html", {
            "tournament": round_.tournament, "round": round_,
            "unfinished_phrase": selectors.tables_phrase(unfinished) if unfinished else "",
        })
    if request.POST.get("closed") not in ("0", "1"):  # the page's buttons send one or other
        messages.error(request, _("Ni « clore » ni « rouvrir » : la partie est inchangée."))
        return redirect("tournament:round", slug=slug, number=number)
    closed = request.POST["closed"] == "1"
    services.round_close(round_=round_, closed=closed, by=_by(request))
    messages.success(request, _("Partie close : les liens des tables ne permettent plus "
                                "de saisir (« Rouvrir la partie » les rouvre).") if closed
                     else _("Partie rouverte."))
    return redirect("tournament:round", slug=slug, number=number)


@login_required
def round_undo(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """"Annuler le tirage" of the last partie: a confirmation page listing its tables."""
    round_ = readable_round(request, slug, number)
    tournament = round_.tournament
    require_organiser(request, tournament)
    if request.method == "POST":
        try:
            previous = services.round_undo(round_=round_, by=_by(request))
        except UserError as error:
            messages.error(request, error.message)
            return redirect("tournament:round", slug=slug, number=number)
        if round_.seed is None:
            messages.success(request, _("Tirage de la partie %(n)d annulé.") % {"n": number})
        else:
            messages.success(request, _("Tirage de la partie %(n)d annulé (graine %(s)d : "
                                        "la même graine et la même méthode redonnent le même "
                                        "tirage).") % {"n": number, "s": round_.seed})
        if previous is not None:
            return redirect("tournament:round", slug=slug, number=previous.number)
        return redirect("tournament:detail", slug=slug)
    reason = ""
    if not selectors.round_undoable(round_):
        reason = (_("Des donnes sont saisies ou un forfait est déclaré : ce tirage ne peut plus "
                    "être annulé.") if selectors.round_started(round_) else
                  _("Seul le tirage de la dernière partie peut être annulé."))
    return render(request, "tournament/organiser/round_undo.html", {
        "tournament": tournament, "round": round_, "reason": reason,
        "games": round_.games.select_related("team_ns", "team_ew").order_by("table"),
    })


def _waiting_team(round_: Round, text: str) -> Team | None:
    number = whole_number(text)
    if number is None:
        return None
    return round_.tournament.teams.filter(number=number, round__isnull=True).first()


def _seat_late(request: HttpRequest, slug: str, number: int,
               seat: Callable[..., Game], said: Callable[[Team, Game], str]) -> HttpResponse:
    """A late team chosen on the partie's page, given to `seat` (a service taking round_,
    team, by); `said` words the success. The two ways of seating one team share all else."""
    round_ = readable_round(request, slug, number)
    require_desk(request, round_.tournament)  # the desk seats a late team
    team = _waiting_team(round_, request.POST.get("team", ""))
    try:
        if team is None:
            raise UserError(_("Choisissez une équipe en attente."))
        game = seat(round_=round_, team=team, by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, said(team, game))
    return redirect("tournament:round", slug=slug, number=number)


@login_required
@require_POST
def round_late_bye(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Seat a late team against the exempt team of the current partie."""
    return _seat_late(request, slug, number, services.round_seat_against_bye, lambda team, game: (
        _("« %(late)s » joue contre « %(bye)s » à la table %(t)d.")
        % {"late": team.name, "bye": game.team_ns.name, "t": game.table}
        + _late_after_time(game)))


def _late_after_time(game) -> str:
    """What the organiser is told of a table seated after time was called."""
    if game.stop_after is None:
        return ""
    return " " + _("La fin du temps est annoncée : cette table joue une donne.")


@login_required
@require_POST
def round_late_exempt(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Give a late team that could not be seated the exempt score of the current partie."""
    return _seat_late(request, slug, number, services.round_seat_as_exempt, lambda team, game: (
        _("« %(name)s » marque le score d'une équipe exempte à cette partie : %(points)d "
          "points.") % {"name": team.name, "points": game.score_ns}))


@login_required
@require_POST
def round_late_table(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Seat two late teams at a new table of the current partie."""
    round_ = readable_round(request, slug, number)
    require_desk(request, round_.tournament)  # the desk seats late teams
    team_a = _waiting_team(round_, request.POST.get("team_a", ""))
    team_b = _waiting_team(round_, request.POST.get("team_b", ""))
    try:
        if team_a is None or team_b is None:
            raise UserError(_("Choisissez deux équipes en attente."))
        game = services.round_seat_new_table(round_=round_, team_ns=team_a, team_ew=team_b,
                                             by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Nouvelle table %(t)d : « %(a)s » contre « %(b)s ».")
                         % {"t": game.table, "a": team_a.name, "b": team_b.name}
                         + _late_after_time(game))
    return redirect("tournament:round", slug=slug, number=number)


@login_required
def round_time(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """"Fin du temps": a confirmation listing the unfinished tables, where the organiser ticks
    those playing a donne right now; then every unfinished game stops after it."""
    round_ = readable_round(request, slug, number)
    require_organiser(request, round_.tournament)
    if request.method == "POST":
        posted = request.POST.getlist("in_play")
        tables = [table for table in map(whole_number, posted) if table is not None]
        try:
            if len(tables) != len(posted):
                raise UserError(_("Numéro de table invalide : rechargez la page."))
            services.round_time_call(round_=round_, in_play=tables, by=_by(request))
        except UserError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("Fin du temps enregistrée."))
        return redirect("tournament:round", slug=slug, number=number)
    games = (round_.games.select_related("team_ns", "team_ew")
             .filter(finished=False, team_ew__isnull=False, forfeit="").order_by("table"))
    return render(request, "tournament/organiser/round_time.html", {
        "tournament": round_.tournament, "round": round_, "games": games,
    })


@login_required
@require_POST
def round_time_cancel(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round_ = readable_round(request, slug, number)
    require_organiser(request, round_.tournament)
    try:
        services.round_time_cancel(round_=round_, by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Fin du temps annulée : les tables reprennent leur partie."))
    return redirect("tournament:round", slug=slug, number=number)

