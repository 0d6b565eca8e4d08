"""The printed standings' figures: one cell of monospaced fields under their titles
(pdf.figure_columns, pdf.figures_text)."""

from __future__ import annotations

import pytest

from tests.builders import play_to_the_end, tournament
from tournament import services
from tournament.exports import documents, pdf
from tournament.models import Game


def _standing(ranking_points: bool = False) -> documents.Standings:
    return documents.Standings(lines=[], criteria=[], ranking_points=ranking_points)


def test_each_figure_ends_at_its_field_s_end_less_one_space():
    columns = pdf.figure_columns(_standing(), [["10", "9", "22850", "12920", "+9930"]])
    text = pdf.figures_text(["10", "9", "22850", "12920", "+9930"], columns)
    assert len(text) == sum(column.chars for column in columns)
    ends, position = [], 0
    for column in columns:
        position += column.chars
        ends.append(position - 1)  # the field's last character is its space
    assert [text.rindex(value, 0, end) + len(value) for value, end in zip(
        ["10", "9", "22850", "12920", "+9930"], ends, strict=True)] == ends
    assert [column.chars for column in columns] == [10, 10, 10, 10, 12]


def test_a_figure_longer_than_its_title_widens_its_column_and_the_title_with_it():
    short = pdf.figure_columns(_standing(), [["1", "1", "1", "1", "+1"]])
    long = pdf.figure_columns(_standing(), [["1", "1", "123456789012345", "1", "+1"]])
    assert long[2].chars == 17 and short[2].chars == 10  # a space before and after
    assert float(long[2].width.removesuffix("mm")) > float(short[2].width.removesuffix("mm"))
    text = pdf.figures_text(["1", "1", "123456789012345", "1", "+1"], long)
    assert " 123456789012345 " in text  # never run into its neighbours


def test_ranking_points_come_first_with_their_own_title():
    columns = pdf.figure_columns(_standing(ranking_points=True),
                                 [["7", "1", "1", "9", "0", "+9"]])
    assert [column.title for column in columns][:2] == ["Points de classement", "Jouées"]
    assert columns[0].chars == 13


@pytest.mark.django_db
def test_the_printed_lines_hold_each_team_s_figures_in_order():
    t = tournament(teams=2, slug="chiffres")
    round_ = services.round_generate(tournament=t, seed=1)
    game = Game.objects.get(round=round_, table=1)
    play_to_the_end(game)
    game.refresh_from_db()
    html = pdf.standings_html(t)
    won, lost = sorted([game.score_ns, game.score_ew], reverse=True)
    difference = won - lost

    def line(*values: object) -> str:  # fields of 10 characters, the difference's 12
        return "".join(str(value).rjust(width - 1) + " "
                       for value, width in zip(values, [10, 10, 10, 10, 12], strict=True))

    assert f'colspan="5">{line(1, 1, won, lost, f"+{difference}")}</td>' in html
    assert f'colspan="5">{line(1, 0, lost, won, -difference)}</td>' in html
