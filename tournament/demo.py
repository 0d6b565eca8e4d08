"""Realistic donnes and the demo tournament: used by the demo generator, benches and tests.

`realistic_donne` draws a donne the way they come at a table (mostly 80-120 contracts at a
colour, a few passes, coinches, capots, belotes and annonces); it imports only `scoring`.
"""

from __future__ import annotations

import random

from scoring import Coinche, Donne, Rules, Side, Trump

SUITS = [Trump.SPADES, Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS]

TEAM_NAMES = [
    "Les As de Pique", "Belote et Rebelote", "Les Coincheurs", "Dix de Der", "Les Capots",
    "Atout Cœur", "Les Valets Noirs", "Carré de Neuf", "Les Surcoincheurs", "Tierce Majeure",
    "Les Dames de Trèfle", "Sans Atout", "Les Rois du Carreau", "Cinquante Belle",
    "Les Preneurs", "La Dernière Levée",
]
FIRST_NAMES = [
    "Jean", "Marie", "Pierre", "Nathalie", "Michel", "Isabelle", "Alain", "Sylvie", "Philippe",
    "Catherine", "Patrick", "Martine", "Christophe", "Christine", "Bernard", "Françoise",
    "Daniel", "Monique", "Gérard", "Brigitte", "Jacques", "Véronique", "René", "Hélène",
    "Louis", "Chantal", "Olivier", "Josiane", "Thierry", "Odile", "Serge", "Ginette",
]
LAST_NAMES = [
    "Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy",
    "Moreau", "Simon", "Laurent", "Lefèvre", "Michel", "Garcia", "David", "Bertrand", "Roux",
    "Vincent", "Fournier", "Morel", "Girard", "André", "Mercier", "Dupont", "Lambert",
    "Bonnet", "François", "Martinez", "Legrand", "Garnier", "Faure",
]
CLUBS = ["Belote Club Marseillais", "Amicale d'Aubagne", "Cercle de la Ciotat", "Foyer de Cassis"]


def realistic_donne(rng: random.Random, rules: Rules) -> Donne:
    if rng.random() < 0.06:
        return Donne()
    taker = rng.choice([Side.NS, Side.EW])
    trump = rng.choice(SUITS)
    classique = rules.game == "classique"
    contract = None if classique else rng.choice([80, 80, 90, 90, 100, 100, 110, 120, 130, 160])
    coinche = Coinche.NONE
    if not classique and rng.random() < 0.12:
        coinche = Coinche.SURCOINCHE if rng.random() < 0.2 else Coinche.COINCHE
    points = min(162, max(0, int(rng.gauss((contract or 81) + 5, 25))))
    capot = taker if points >= 150 and rng.random() < 0.3 else None
    if capot is not None:
        points = 162
    belote = rng.random() < 0.25
    belote_side = rng.choice([Side.NS, Side.EW])
    annonces = rng.choice([0, 0, 0, 20, 50, 100]) if rules.annonces else 0
    annonce_side = rng.choice([Side.NS, Side.EW])
    return Donne(
        taker=taker,
        contract=contract,
        trump=trump,
        coinche=coinche,
        taker_points=points,
        capot=capot,
        belote_ns=int(belote and belote_side is Side.NS),
        belote_ew=int(belote and belote_side is Side.EW),
        annonces_ns=annonces if annonce_side is Side.NS else 0,
        annonces_ew=annonces if annonce_side is Side.EW else 0,
    )


def players(rng: random.Random, count: int) -> list[tuple[str, str]]:
    names = [f"{first} {last}" for first in FIRST_NAMES for last in LAST_NAMES]
    chosen = rng.sample(names, 2 * count)
    return [(chosen[2 * i], chosen[2 * i + 1]) for i in range(count)]


def melee_players(rng: random.Random, count: int) -> list[tuple[str, str]]:
    """`count` players of a mêlée, as they register: distinct names, each with a club.

    Beyond the 1,024 first and last names combined, namesakes are told apart as clubs do,
    by a number ("Jean Martin 2")."""
    if count < 0:
        raise ValueError("count must be positive")
    names = [f"{first} {last}" for first in FIRST_NAMES for last in LAST_NAMES]
    chosen = rng.sample(names, min(count, len(names)))
    suffix = 2
    while len(chosen) < count:
        more = rng.sample(names, min(count - len(chosen), len(names)))
        chosen += [f"{name} {suffix}" for name in more]
        suffix += 1
    return [(name, rng.choice(CLUBS)) for name in chosen]
