"""Small builders for donnes, so that a test reads like the table it describes."""

from scoring import Coinche, Donne, Rules, Side, Trump

NS, EW = Side.NS, Side.EW
FFB = Rules()
EXACT = Rules(rounding=False)


def take(
    taker: Side,
    contract: int | None,
    points: int,
    trump: Trump = Trump.HEARTS,
    coinche: Coinche = Coinche.NONE,
    **figures,
) -> Donne:
    """A taken donne: `taker` bid `contract` (None: a capot bid) and made `points`."""
    return Donne(
        taker=taker,
        contract=contract,
        capot_bid=contract is None,
        trump=trump,
        coinche=coinche,
        taker_points=points,
        **figures,
    )


PASSED = Donne()
