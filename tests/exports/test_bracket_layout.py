"""The bracket PDF's layout, without a database: a tableau of 128 in four quarters and the
page of its last rounds, each quarter saying where it continues."""

from types import SimpleNamespace

from django.template.loader import render_to_string

from tournament.exports import brackets


def test_the_pagination_numbers_each_part_and_the_rest_of_a_tableau_of_128():
    rounds = []
    count = 64
    while count:
        rounds.append((f"r{count}", [brackets.Box("…", "…") for _ in range(count)]))
        count //= 2
    tree = brackets.Tree("principal", rounds, unmended=[("<Les As>", "Les Rois")])
    pages = brackets.paginate([tree], first_page=2)
    assert [page.number for page in pages] == [2, 3, 4, 5, 6]
    assert [page.part for page in pages] == ["premier quart", "deuxième quart",
                                            "troisième quart", "quatrième quart", "suite"]
    assert {box.goes_on for page in pages[:4] for box in page.boxes} == {"", "suite page 6"}
    assert [len(page.boxes) for page in pages] == [31, 31, 31, 31, 3]
    assert [box.a for box in pages[4].boxes[:2]] == ["vainqueur page 2", "vainqueur page 4"]
    # A first-round pair from one poule that no swap mends: said once, on the first page.
    assert [page.unmended for page in pages] == [[("<Les As>", "Les Rois")], [], [], [], []]
    html = render_to_string("printing/bracket.html", {
        "tournament": SimpleNamespace(name="Concours", date=None),
        "bracket": brackets.Bracket(None, pages[:1], False, ""), "box": 7, "height": 9})
    assert "Premier tour : &lt;Les As&gt; et Les Rois viennent de la même poule" in html


def test_the_placing_groups_are_joined_trees_packed_on_a_page():
    """Places 5–8 lead their winners to 5–6 (a fork joins its two matches), their losers
    to 7–8 (a tree of its own), with the petite finale below on the same page."""
    def boxes(count: int) -> list:
        return [brackets.Box("…", "…") for _ in range(count)]

    # As the rounds give them (the quarter-finals' losers first); drawn best places first.
    groups = [((5, 4), "places 5–8", boxes(2)), ((5, 2), "places 5–6", boxes(1)),
              ((7, 2), "places 7–8", boxes(1)), ((3, 2), "petite finale", boxes(1))]
    trees = brackets._placing_trees(groups, {2: "demi-finales", 4: "quarts de finale"})
    assert [[name for name, _boxes in rounds] for rounds in trees] == [
        ["petite finale"], ["places 5–8", "places 5–6"], ["places 7–8"]]
    # Printable before play: each tree's first matches name the losers that fill them.
    assert [(box.a, box.b) for rounds in trees for box in rounds[0][1]] == [
        ("perdant demi-finales n° 1", "perdant demi-finales n° 2"),
        ("perdant quarts de finale n° 1", "perdant quarts de finale n° 2"),
        ("perdant quarts de finale n° 3", "perdant quarts de finale n° 4"),
        ("perdant places 5–8 n° 1", "perdant places 5–8 n° 2")]
    assert [(box.a, box.b) for box in trees[1][1][1]] == [("…", "…")]  # joined: the fork
    tree = brackets.Tree("tableau principal", [("finale", boxes(1))], placing_trees=trees)
    (page,) = brackets.placing_pages(tree, number=2)
    assert page.number == 2 and len(page.boxes) == 5
    assert [name for _x, _y, name in page.titles] == ["petite finale", "places 5–8",
                                                      "places 5–6", "places 7–8"]
    # One fork: the two matches of 5–8 joined to 5–6, beside them and between them.
    (fork,) = [line for line in page.lines if line.kind == "fork"]
    first, second, joined = page.boxes[1:4]
    assert first.y < fork.y + fork.height / 2 < second.y + brackets.BOX
    assert joined.x > first.x and first.y < joined.y < second.y
    # The trees one below the other, none over the next.
    tops = sorted(box.y for box in page.boxes)
    assert tops[-1] + brackets.BOX <= brackets.HEIGHT
    # A group missing a match (an entrant gone to the consolante) is a tree of its own.
    assert len(brackets._placing_trees([((5, 4), "places 5–8", boxes(1)),
                                        ((5, 2), "places 5–6", boxes(1))])) == 2
