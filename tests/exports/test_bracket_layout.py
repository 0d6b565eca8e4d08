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
        "bracket": brackets.Bracket(None, pages[:1], [], False, ""), "box": 7, "height": 9})
    assert "Premier tour : &lt;Les As&gt; et Les Rois viennent de la même poule" in html
