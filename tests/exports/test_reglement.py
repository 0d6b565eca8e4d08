"""« Règlement du concours »: built for every preset and for random option sets, it states
each option that applies, in words that name its value (checked against a table written
here, apart from the code); the PDF is one page, and the concours' page shows the same text."""

import io
import re

import pytest
from django.urls import reverse
from hypothesis import given, settings
from pypdf import PdfReader

from scoring import PRESETS, CoincheMade, Counting, Multiply, Rules
from tests.builders import tournament
from tests.scoring.strategies import rule_sets, v3_rule_sets
from tournament.exports import pdf
from tournament.exports.reglement import reglement
from tournament.models import RULE_FIELDS


def text_of(rules: Rules) -> str:
    return " ".join(f"{clause.title} : {clause.text}" for clause in reglement(rules))


def expected(rules: Rules) -> dict[str, str]:
    """For each option that applies, a phrase the règlement must hold for its value."""
    coinche = rules.game == "coinche"
    faits = rules.counting is not Counting.DEMANDES
    base = rules.chute_base or (160 if rules.rounding else 162)
    phrases = {
        "game": "Belote coinchée" if coinche else "Belote classique",
        "sa_ta": "Sans atout et tout atout : joués" if rules.sa_ta else "Ni sans atout",
        "annonces": "tierce 20" if rules.annonces else "Pas d'annonce",
        "belote_in_contract": ("La belote compte pour réussir" if rules.belote_in_contract
                               else "ne compte pas pour réussir"),
        "capot_points": {252: "Capot : 252 points (dix de der à 100)",
                         250: "Capot : 250 points",
                         162: "Pas de prime de capot"}[rules.capot_points],
        "rounding": ("Pas d'arrondi" if not rules.rounding else
                     "Arrondi : le preneur à partir de 6, la défense à partir de 7"
                     if rules.rounding_160 else "Arrondi à la dizaine"),
        "belote_exception": ("doit encore faire un pli" if rules.belote_exception
                             else "la belote compte pour atteindre le score"),
    }
    if rules.target:
        phrases["target"] = f"{rules.target} points"
    if rules.max_donnes:
        phrases["max_donnes"] = f"{rules.max_donnes} donnes"
    if rules.rounding:
        phrases["rounding_decides"] = ("jugé sur les points arrondis" if rules.rounding_decides
                                       else "ne permet pas de réaliser le contrat")
    if rules.annonces and faits:
        phrases["capot_takes_annonces"] = ("changent de camp" if rules.capot_takes_annonces
                                           else "la défense garde ses annonces")
    if faits or rules.demandes_belote:
        phrases["losing_belote"] = {"kept": "Belote imprenable", "winner": "Belote prenable",
                                    "lost": "Belote perdue"}[rules.losing_belote]
    if faits:
        phrases["chute_base"] = f"la défense marque {base} points"
        phrases["defence_capot_bonus"] = (
            f"elle marque le capot ({rules.capot_points})" if rules.defence_capot_bonus
            else "Même si la défense a fait tous les plis")
        if rules.beat_defence:
            phrases["litige"] = "Litige :" if rules.litige else "À égalité, le"
            if not rules.litige:
                phrases["tie_to_takers"] = ("le contrat est réussi" if rules.tie_to_takers
                                            else "À égalité, le preneur est")
    if coinche:
        phrases["max_contract"] = f"de 80 à {rules.max_contract}"
        phrases["counting"] = {Counting.FAITS: "points faits plus le contrat",
                               Counting.DEMANDES: "Seul le contrat est marqué",
                               Counting.FAITS_SEULS: "Le contrat est un seuil"}[rules.counting]
        phrases["surcoinche_factor"] = f"surcoinche × {rules.surcoinche_factor}"
        phrases["multiply"] = ("multiplie tout le score" if rules.multiply is Multiply.SCORE
                               else "multiplie le contrat seul")
        phrases["capot_bid_score"] = (
            "Capot annoncé : un contrat de 250" if rules.capot_bid_score is None
            else f"Capot annoncé : {rules.capot_bid_score} points, réussi ou chuté")
        phrases["generale_score"] = (
            "Pas de générale" if rules.generale_score is None
            else f"seul tous les plis) : {rules.generale_score} points, réussie ou chutée")
        if rules.counting is Counting.DEMANDES:
            phrases["demandes_belote"] = ("20 points par belote" if rules.demandes_belote
                                          else "La belote n'est pas marquée")
        if faits:
            phrases["beat_defence"] = ("faire plus que la défense" if rules.beat_defence
                                       else "Atteindre le contrat suffit")
            made = rules.coinche_made or (CoincheMade.BASE if rules.multiply is Multiply.SCORE
                                          else CoincheMade.POINTS)
            phrases["coinche_made"] = ("comme s'ils avaient tous les points"
                                       if made is CoincheMade.BASE
                                       else "chaque équipe garde ses points")
            if rules.multiply is Multiply.SCORE:
                phrases["belote_multiplied"] = ("est multipliée avec le reste"
                                                if rules.belote_multiplied
                                                else "n'est jamais multipliée")
    return phrases


def check(rules: Rules, text: str) -> None:
    for option, phrase in expected(rules).items():
        assert phrase in text, (option, phrase)


@pytest.mark.parametrize("key", list(PRESETS))
def test_each_presets_reglement_states_each_option(key):
    check(PRESETS[key], text_of(PRESETS[key]))


def test_the_posters_words_of_the_issue_are_there():
    concours = text_of(PRESETS["coinche-concours"])
    assert "Capot annoncé : 500 points, réussi ou chuté" in concours
    assert "Pas de prime de capot" in concours and "Pas d'annonce" in concours
    dedans = text_of(PRESETS["classique-dedans"])
    assert "Belote prenable" in dedans and "À égalité, le preneur est dedans" in dedans
    assert "elle marque le capot (252)" in dedans
    assert "(160, même sur un capot)" in concours  # no capot bonus: no 250 either
    assert "(160, 250 sur un capot)" in text_of(PRESETS["ffb-coinche"])
    rounding = text_of(Rules(rounding_160=True))
    assert "Arrondi : le preneur à partir de 6, la défense à partir de 7" in rounding


@settings(max_examples=200)
@given(v3_rule_sets())
def test_a_random_option_sets_reglement_states_each_option(rules):
    check(rules, text_of(rules))


@given(rule_sets())
def test_a_version_2_option_sets_reglement_states_each_option(rules):
    check(rules, text_of(rules))


def test_every_rule_option_is_stated_by_some_clause():
    stated = {option for key in PRESETS for clause in reglement(PRESETS[key])
              for option in clause.options}
    extra = [Rules(counting="demandes", annonces=False), Rules(target=None, max_donnes=12)]
    stated |= {option for rules in extra for clause in reglement(rules)
               for option in clause.options}
    assert set(RULE_FIELDS) <= stated


def test_the_expected_table_can_fail():
    # The check is not vacuous: another value's words are absent.
    with pytest.raises(AssertionError):
        check(Rules(losing_belote="winner"), text_of(Rules()))


def _pdf_text(content: bytes) -> tuple[int, str]:
    pages = PdfReader(io.BytesIO(content)).pages
    return len(pages), re.sub(r"\s+", " ", " ".join(page.extract_text() for page in pages))


@pytest.mark.django_db
@pytest.mark.parametrize("key", list(PRESETS))
def test_the_pdf_of_each_preset_is_one_page_stating_each_option(key):
    t = tournament(slug=f"reglement-{key}", preset=key, place="Salle des fêtes")
    count, text = _pdf_text(pdf.reglement_pdf(t))
    assert count == 1
    assert "Règlement du concours" in text and t.name in text
    for option, phrase in expected(PRESETS[key]).items():
        assert re.sub(r"\s+", " ", phrase) in text, (option, phrase)


@pytest.mark.django_db
def test_the_concours_page_shows_the_same_text_and_links_the_pdf(client):
    t = tournament(slug="reglement-page", preset="coinche-concours", capot_bid_score=500)
    page = client.get(reverse("tournament:detail", args=[t.slug])).content.decode()
    import html

    page = html.unescape(page)
    for clause in reglement(t.rules):
        assert clause.text in page
    assert reverse("tournament:reglement_pdf", args=[t.slug]) in page
    response = client.get(reverse("tournament:reglement_pdf", args=[t.slug]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"


@pytest.mark.django_db
def test_user_text_in_the_reglement_is_text():
    t = tournament(slug="reglement-texte", name="<b>Concours</b> & cie")
    assert "&lt;b&gt;Concours&lt;/b&gt; &amp; cie" in pdf.reglement_html(t)
