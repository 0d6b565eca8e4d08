"""The tableaux of a concours in phases on paper (BRACKETS.md 7): each tableau as a tree on
A4 landscape — names in boxes, lines joining each match to the next, the rounds' names, the
tables, « donne décisive » and forfaits as on the page — and, before the poules end, the
blank tree with the places that will fill it (« 1er poule A », « 2e poule B »).

The tree is laid out here, in millimetres, and drawn by absolutely placed boxes: WeasyPrint
has no layout of its own for a tree. A first round of more than `PAGE_MATCHES` matches is
cut into parts of that many (a half, a quarter …), each on its page down to its own last
match, which says on which page the tableau continues; the rounds after the parts go on a
page of their own. Then the placing matches (5) as trees joined as they are played (« places
5–8 » to « places 5–6 »), as many on a page as it holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.template.loader import render_to_string
from django.utils import timezone

from ..models import Tournament
from ..selectors.phases import (
    BlankTableau,
    Slot,
    TableauView,
    blank_tableaux,
    phase_plan_of,
    poules_view,
    tableaux_view,
)
from . import weasy

# A page holds a first column of 16 matches at most (32 names on 170 mm): a tableau of 32
# is one page, of 64 two halves and its final's page.
PAGE_MATCHES = 16
WIDTH, HEIGHT = 277.0, 168.0  # the tree's area on A4 landscape, in mm (margins, title off)
GAP = 7.0  # between two columns: the lines joining a match to the next
BOX = 7.6  # a match's box: two names (the note below it fits between two boxes of 16)
COLUMN = 55.0  # a round's column at most: a name reads on a short line
GOES_ON = 24.0  # kept right of a part's last match for « → suite page 3 »


@dataclass
class Box:
    """A match as printed: its two sides' words, scores, who won, and a note below it."""

    a: str
    b: str
    score_a: str = ""
    score_b: str = ""
    winner: str = ""  # "a", "b" or ""
    note: str = ""  # « Table 5 », « donne décisive », « forfait », « exempt »
    bye: bool = False
    # Placed on its page (mm), and where the tableau continues ("" when it does not).
    x: float = 0.0
    y: float = 0.0
    width: float = 0.0
    goes_on: str = ""


@dataclass
class Line:
    """A line joining two matches to the next one, drawn as a box's borders (mm)."""

    x: float
    y: float
    width: float
    height: float
    kind: str  # "fork" (the bracket ⊐ of two matches) or "stem" (to the next match)


@dataclass
class TreePage:
    label: str  # « Tableau principal »
    part: str  # « première moitié », « suite », "" for a tableau on one page
    number: int = 0  # the page's number in the document
    # (x, y, round's name): y above the tree's first row, or above a placing tree's.
    titles: list[tuple[float, float, str]] = field(default_factory=list)
    # First-round pairs from one poule that no swap could mend (3.2), on the tableau's
    # first page as on its page.
    unmended: list[tuple[str, str]] = field(default_factory=list)
    boxes: list[Box] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)


@dataclass
class Tree:
    label: str
    rounds: list[tuple[str, list[Box]]]
    unmended: list[tuple[str, str]] = field(default_factory=list)
    # The placing matches as joined trees (5): each a group and the groups its winners play
    # on in (« places 5–8 » then « places 5–6 »), drawn as a tree; the losers' group
    # (« places 7–8 ») starts a tree of its own.
    placing_trees: list[list[tuple[str, list[Box]]]] = field(default_factory=list)


PARTS = {2: ("première moitié", "seconde moitié"),
         4: ("premier quart", "deuxième quart", "troisième quart", "quatrième quart")}


def _part_name(index: int, count: int) -> str:
    names = PARTS.get(count)
    return names[index] if names else f"partie {index + 1} sur {count}"


def paginate(trees: list[Tree], first_page: int = 1) -> list[TreePage]:
    """Each tree's pages, numbered from `first_page`: the parts of its first rounds, then
    the rounds after them; each part's last match says where the tableau continues."""
    pages: list[TreePage] = []
    number = first_page
    for tree in trees:
        begins = len(pages)
        _paginate_tree(tree, number, pages)
        pages[begins].unmended = list(tree.unmended)
        number = pages[-1].number + 1
    return pages


def _paginate_tree(tree: Tree, number: int, pages: list[TreePage]) -> None:
    """One tree's pages, numbered from `number`, added to `pages`."""
    first = len(tree.rounds[0][1])
    if first <= PAGE_MATCHES:
        pages.append(_page(tree.label, "", tree.rounds, 0, first, number, ""))
        return
    parts = first // PAGE_MATCHES
    depth = PAGE_MATCHES.bit_length()  # rounds of a part: 16, 8, 4, 2, 1 matches
    rest_page = number + parts
    for part in range(parts):
        pages.append(_page(tree.label, _part_name(part, parts), tree.rounds[:depth],
                           part * PAGE_MATCHES, PAGE_MATCHES, number + part,
                           f"suite page {rest_page}"))
    later = tree.rounds[depth:]
    # The later rounds' entrants not known yet come from the parts' pages.
    for index, box in enumerate(later[0][1]):
        if box.a == "…":
            box.a = f"vainqueur page {number + 2 * index}"
        if box.b == "…":
            box.b = f"vainqueur page {number + 2 * index + 1}"
    pages.append(_page(tree.label, "suite", later, 0, len(later[0][1]), rest_page, ""))


def _page(label: str, part: str, rounds: list[tuple[str, list[Box]]], start: int,
          count: int, number: int, goes_on: str, *, on: TreePage | None = None,
          top: float = 0.0, height: float = HEIGHT) -> TreePage:
    """The rounds' matches from match `start` of the first round (`count` of them) and the
    matches they lead to, placed on one page (`on`: added to that page, in the band of
    `height` mm from `top`)."""
    page = on if on is not None else TreePage(label, part, number)
    columns = len(rounds)
    column = min(COLUMN, (WIDTH - (GOES_ON if goes_on else 0)) / columns)
    width = column - GAP
    for depth, (name, boxes) in enumerate(rounds):
        shown = count >> depth
        if shown == 0:
            break
        x = depth * column
        page.titles.append((x, top - 5.0, name))
        slot = height / shown
        for index in range(shown):
            box = boxes[(start >> depth) + index]
            placed = Box(**{**box.__dict__, "x": x,
                            "y": top + (index + 0.5) * slot - BOX / 2, "width": width})
            if shown == 1 and depth == columns - 1:
                placed.goes_on = goes_on
            page.boxes.append(placed)
            if depth:  # the fork joining the two matches that lead to it
                fork = top + (2 * index + 0.5) * (slot / 2)
                page.lines.append(Line(x - GAP, fork, GAP / 2, slot / 2, "fork"))
                page.lines.append(Line(x - GAP / 2, top + (index + 0.5) * slot, GAP / 2, 0,
                                       "stem"))
    return page


PLACING_SLOT = HEIGHT / PAGE_MATCHES  # a placing tree's match, its note and the gap below
PLACING_GAP = 8.0  # between two placing trees of a page: the next one's titles


def placing_pages(tree: Tree, number: int) -> list[TreePage]:
    """A tableau's placing trees on pages numbered from `number`, as many on a page as its
    height holds, one below the other; a tree of more than `PAGE_MATCHES` first matches is
    cut into parts as a tableau is."""
    label = f"{tree.label} — matchs de classement"
    pages: list[TreePage] = []
    page: TreePage | None = None
    y = 0.0
    for rounds in tree.placing_trees:
        first = len(rounds[0][1])
        if first > PAGE_MATCHES:
            _paginate_tree(Tree(f"{label} — {rounds[0][0]}", rounds), number, pages)
            number, page = pages[-1].number + 1, None
            continue
        height = first * PLACING_SLOT
        if page is None or y + height > HEIGHT:
            page, y = TreePage(label, "", number), 0.0
            number += 1
            pages.append(page)
        _page(label, "", rounds, 0, first, page.number, "", on=page, top=y, height=height)
        y += height + PLACING_GAP
    return pages


def _placing_trees(groups: list[tuple[tuple[int, int], str, list[Box]]],
                   rounds_by_size: dict[int, str] | None = None
                   ) -> list[list[tuple[str, list[Box]]]]:
    """The placing groups ((low, size), name, boxes) joined into trees: a group, then the
    group its winners play on in (low, size / 2), and so on. A group missing matches (an
    entrant gone to the consolante, 4) is a tree of its own: its matches do not pair. A
    tree's first matches name the losers that will fill them (« perdant places 5–8 n° 1 »,
    « perdant quarts de finale n° 3 », short enough for a box: `rounds_by_size` names the
    bracket's round of that many matches), so that the sheet is printable before they are
    known."""
    by_key = {key: (name, boxes) for key, name, boxes in groups}

    def whole(key: tuple[int, int]) -> bool:
        return key in by_key and len(by_key[key][1]) == key[1] // 2

    trees: list[tuple[int, list[tuple[str, list[Box]]]]] = []
    for (low, size), name, boxes in groups:
        if whole((low, size * 2)) and whole((low, size)):
            continue  # its winners' group's tree has it
        # Whose losers fill it: the placing group it is the lower half of, else a round.
        parent = by_key.get((low - size, size * 2))
        source = parent[0] if parent is not None else (rounds_by_size or {}).get(size)
        if source is not None and len(boxes) == size // 2:
            for index, box in enumerate(boxes):
                if box.a == "…":
                    box.a = f"perdant {source} n° {2 * index + 1}"
                if box.b == "…":
                    box.b = f"perdant {source} n° {2 * index + 2}"
        rounds = [(name, boxes)]
        while whole((low, size)) and whole((low, size // 2)):
            size //= 2
            rounds.append(by_key[(low, size)])
        trees.append((low, rounds))
    # The best places first (the petite finale, places 5–8 …), as the palmarès reads them.
    return [rounds for _low, rounds in sorted(trees, key=lambda tree: tree[0])]


# --- From the tableaux as they stand -----------------------------------------------------


# A match won by forfait (BRACKETS.md 3.3) has no score (its 1000–0 was never played): the
# note says what its winner is — through to the next round, the tableau's winner, or the
# better place of a placing match — and the other side's score cell « forfait ».
QUALIFIED, WINNER, PLACED = ("qualifiée par forfait", "vainqueur par forfait",
                             "gagnante par forfait")


def _slot_box(slot: Slot, forfeit: bool, won: str = QUALIFIED) -> Box:
    a = slot.a.name if slot.a is not None else "…"
    if slot.state == "bye":
        return Box(a, "exempt", winner="a", note="exempt", bye=True)
    b = slot.b.name if slot.b is not None else "…"
    winner = ""
    if slot.winner is not None:
        winner = "a" if slot.a is not None and slot.winner == slot.a.number else "b"
    notes = []
    if slot.table is not None:
        notes.append(f"Table {slot.table}")
    if slot.decisive or slot.state == "level":
        notes.append("donne décisive")
    if forfeit and winner:
        notes.append(won)
        return Box(a, b, "forfait" if winner == "b" else "", "forfait" if winner == "a" else "",
                   winner, " · ".join(notes))
    if forfeit:
        notes.append("forfait")
    scored = slot.state in ("played", "called", "level") and not forfeit
    return Box(a, b, str(slot.score_a) if scored and slot.score_a is not None else "",
               str(slot.score_b) if scored and slot.score_b is not None else "", winner,
               " · ".join(notes))


def view_tree(view: TableauView) -> Tree:
    last = len(view.rounds) - 1
    placing = [((slots[0].low, slots[0].round_index), name,
                [_slot_box(slot, slot.forfeit, PLACED) for slot in slots])
               for name, slots in view.placing if slots]
    return Tree(str(view.label),
                [(name, [_slot_box(slot, slot.forfeit, WINNER if index == last else QUALIFIED)
                         for slot in slots]) for index, (name, slots) in enumerate(view.rounds)],
                list(view.unmended),
                _placing_trees(placing, {len(slots): name for name, slots in view.rounds}))


def blank_tree(blank: BlankTableau) -> Tree:
    return Tree(blank.label, [(name, [Box(a, b, bye=b == "exempt",
                                          note="exempt" if b == "exempt" else "")
                                      for a, b in pairs]) for name, pairs in blank.rounds])


@dataclass
class Bracket:
    tournament: Tournament
    pages: list[TreePage]  # each tableau's tree, then its placing trees
    blank: bool  # the places that will fill it, before the poules end
    empty: str  # why there is no tree yet ("" when there is one)


def tournament_trees(tournament: Tournament) -> tuple[list[Tree], bool]:
    """The concours' tableaux as trees, or their blank trees before they are drawn."""
    views = tableaux_view(tournament)
    if views:
        return [view_tree(view) for view in views], False
    plan = phase_plan_of(tournament)
    if plan is None:
        return [], False
    return [blank_tree(blank) for blank in blank_tableaux(plan, poules_view(tournament, plan))
            ], True


def bracket(tournament: Tournament) -> Bracket:
    """The trees' pages, then each tableau's placing trees (joined as they are played)."""
    trees, blank = tournament_trees(tournament)
    empty = "" if trees else "Les tableaux ne sont pas encore tirés."
    pages = paginate(trees)
    for tree in trees:
        pages += placing_pages(tree, pages[-1].number + 1)
    return Bracket(tournament, pages, blank, empty)


def bracket_html(tournament: Tournament) -> str:
    return render_to_string("printing/bracket.html", {
        "tournament": tournament, "bracket": bracket(tournament),
        "printed": timezone.localtime(), "box": BOX, "height": HEIGHT})


def bracket_pdf(tournament: Tournament) -> bytes:
    return weasy.html_to_pdf(bracket_html(tournament))
