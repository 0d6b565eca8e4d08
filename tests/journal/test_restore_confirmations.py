"""A donne restored from the journal is the organiser's change: a score that awaited the other
side's confirmation, or was disputed, no longer awaits anything (services.journal)."""

import pytest

from scoring import Side
from tests.builders import made
from tests.services.test_confirmations import concours, enter, table  # noqa: F401  (concours: a fixture)
from tournament import services
from tournament.models import AuditEntry

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("disputed", [False, True])
def test_restoring_a_donne_clears_what_the_game_awaited(concours, disputed):  # noqa: F811
    game = table(concours)
    enter(game, Side.NS, made())
    enter(game, Side.NS)  # the game ends from North-South's phone: East-West must confirm
    game = table(concours)
    assert game.awaiting == "EW"
    if disputed:
        services.game_dispute(game=game, side=Side.EW, score=(game.score_ns, game.score_ew))
        assert table(concours).disputed
    entry = AuditEntry.objects.filter(tournament=concours, kind="donne").latest("id")
    services.audit_restore(entry=entry, which="before")  # the last donne taken back
    game = table(concours)
    assert (game.awaiting, game.disputed, game.finished) == ("", False, False)
