"""The four presets, as the table of SCORING.md sets them."""

from scoring import PRESETS, Coinche, Outcome, score_donne

from .builders import NS, take


def test_ffb_coinche_is_the_default_rule_set():
    rules = PRESETS["ffb-coinche"]
    assert (rules.game, rules.counting, rules.multiply, rules.surcoinche_factor) == (
        "coinche", "faits", "score", 4,
    )
    assert rules.litige and rules.rounding and rules.annonces and rules.target == 2000


def test_ffb_classique():
    rules = PRESETS["ffb-classique"]
    assert rules.game == "classique" and rules.litige and rules.annonces
    assert not rules.rounding and rules.target == 1000


def test_contrat_seul():
    rules = PRESETS["contrat-seul"]
    assert (rules.game, rules.counting, rules.multiply, rules.surcoinche_factor) == (
        "coinche", "demandes", "contract", 3,
    )
    assert not rules.litige and not rules.tie_to_takers
    assert not rules.rounding and not rules.annonces and rules.target == 1000


def test_contrat_multiplie():
    rules = PRESETS["contrat-multiplie"]
    assert (rules.game, rules.counting, rules.multiply, rules.surcoinche_factor) == (
        "coinche", "faits", "contract", 4,
    )
    assert rules.litige and rules.rounding and rules.annonces and rules.target == 2000


def test_one_coinched_donne_under_each_preset():
    donne = take(NS, 100, 120, coinche=Coinche.COINCHE)
    coinche_presets = {key: rules for key, rules in PRESETS.items() if rules.game == "coinche"}
    scores = {key: score_donne(donne, rules) for key, rules in coinche_presets.items()}
    assert {key: (s.ns, s.ew) for key, s in scores.items()} == {
        "ffb-coinche": ((160 + 100) * 2, 0),
        "contrat-seul": (200, 0),
        "contrat-multiplie": (120 + 200, 40),  # 42 -> 40
    }
    assert all(s.outcome is Outcome.MADE for s in scores.values())
