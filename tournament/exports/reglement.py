"""« Règlement du concours »: the rules the scoring applies, in the words a poster uses.

Built from a `scoring.Rules` alone (pure: no ORM), one sentence per option that applies, so
that what players read is what the program computes (SCORING.md v3). The PDF
(printing/reglement.html) and the concours' page print the same sentences. Each `Clause`
names the options it states, so a test can check that every option that applies is stated.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import CoincheMade, Counting, LosingBelote, Multiply, Rules


@dataclass(frozen=True)
class Clause:
    """One rule of the règlement: a short title, its sentence, the options it states."""

    title: str
    text: str
    options: tuple[str, ...]


def _base(rules: Rules) -> int:
    if rules.chute_base is not None:
        return rules.chute_base
    return 160 if rules.rounding else 162


def _coinche_made(rules: Rules) -> CoincheMade:
    if rules.coinche_made is not None:
        return rules.coinche_made
    return CoincheMade.BASE if rules.multiply is Multiply.SCORE else CoincheMade.POINTS


def _end(rules: Rules) -> Clause:
    if rules.target and rules.max_donnes:
        text = ngettext("La partie se joue en %(t)d points ou en %(n)d donne : elle s'arrête "
                        "au premier des deux.",
                        "La partie se joue en %(t)d points ou en %(n)d donnes : elle s'arrête "
                        "au premier des deux.", rules.max_donnes) % {
            "t": rules.target, "n": rules.max_donnes}
    elif rules.target:
        text = _("La partie se joue en %(t)d points : la première équipe qui les atteint "
                 "gagne.") % {"t": rules.target}
    else:
        text = ngettext("La partie se joue en %(n)d donne : l'équipe qui a le plus de "
                        "points gagne.",
                        "La partie se joue en %(n)d donnes : l'équipe qui a le plus de "
                        "points gagne.", rules.max_donnes or 0) % {"n": rules.max_donnes}
    text += " " + _("À égalité, une donne de plus départage les équipes.")
    return Clause(_("Partie"), text, ("target", "max_donnes"))


def reglement(rules: Rules) -> list[Clause]:
    """Every rule the scoring applies under `rules`, in the order of a poster: the game, the
    contract, the belote, the chute and the capot, the coinche, the rounding, the end."""
    coinche = rules.game == "coinche"
    faits = rules.counting is not Counting.DEMANDES  # points faits are scored (or decide)
    base = _base(rules)
    clauses = [*_game_clauses(rules, coinche, faits),
               *_contract_clauses(rules, coinche, faits, base),
               *_belote_clauses(rules, faits), *_chute_clauses(rules, coinche, faits, base)]
    if coinche:
        clauses += [*_flat_bid_clauses(rules), *_coinche_clauses(rules, faits, base)]
    return [*clauses, *_rounding_and_end_clauses(rules)]


def _game_clauses(rules: Rules, coinche: bool, faits: bool) -> list[Clause]:
    """The game, the end of a partie, the trumps, the annonces."""
    clauses: list[Clause] = []
    if coinche:
        text = _("Belote coinchée : les enchères vont de 80 à %(max)d, de 10 en 10, puis le "
                 "capot.") % {"max": rules.max_contract}
        clauses.append(Clause(_("Jeu"), text, ("game", "max_contract")))
    else:
        clauses.append(Clause(_("Jeu"), _("Belote classique : on prend à la couleur "
                                           "retournée, sans contrat chiffré."), ("game",)))
    clauses.append(_end(rules))
    clauses.append(Clause(_("Atouts"), _("Sans atout et tout atout : joués.") if rules.sa_ta
                          else _("Ni sans atout ni tout atout : on joue à la couleur."),
                          ("sa_ta",)))
    if rules.annonces:
        text = _("Annonces : tierce 20, cinquante 50, cent 100, carrés de 100 à 200 ; seule "
                 "l'équipe qui a la meilleure annonce marque les siennes.")
        clauses.append(Clause(_("Annonces"), text, ("annonces",)))
        if faits:
            text = (_("Sur un capot des preneurs, les annonces de la défense changent de camp.")
                    if rules.capot_takes_annonces else
                    _("Sur un capot des preneurs, la défense garde ses annonces."))
            clauses.append(Clause(_("Annonces et capot"), text, ("capot_takes_annonces",)))
    else:
        clauses.append(Clause(_("Annonces"), _("Pas d'annonce (la belote reste)."),
                              ("annonces",)))
    return clauses


def _contract_clauses(rules: Rules, coinche: bool, faits: bool, base: int) -> list[Clause]:
    """What a contract scores, when it is made, and a tie."""
    clauses: list[Clause] = []
    if not coinche:
        text = _("Les preneurs marquent leurs points, la défense les siens, si les preneurs "
                 "font plus que la défense.")
        clauses.append(Clause(_("Donne réussie"), text, ("counting",)))
    elif rules.counting is Counting.FAITS:
        text = _("Contrat réussi : les preneurs marquent leurs points faits plus le contrat, "
                 "la défense ses points faits.")
        clauses.append(Clause(_("Contrat"), text, ("counting",)))
    elif rules.counting is Counting.FAITS_SEULS:
        text = _("Le contrat est un seuil : réussi, chaque équipe marque ses points faits et le "
                 "contrat n'est pas marqué ; chuté, la défense marque %(base)d.") % {"base": base}
        clauses.append(Clause(_("Contrat"), text, ("counting",)))
    else:
        text = _("Seul le contrat est marqué : réussi, par les preneurs ; chuté, par la "
                 "défense.")
        belote = (_("Chaque équipe marque aussi 20 points par belote.")
                  if rules.demandes_belote else _("La belote n'est pas marquée."))
        clauses.append(Clause(_("Contrat"), f"{text} {belote}", ("counting", "demandes_belote")))
    if coinche and faits:
        text = (_("Pour réussir, les preneurs doivent atteindre leur contrat et faire plus "
                  "que la défense.") if rules.beat_defence else
                _("Atteindre le contrat suffit pour le réussir."))
        clauses.append(Clause(_("Réussite"), text, ("beat_defence",)))
    if rules.counting is not Counting.DEMANDES and rules.beat_defence:
        if rules.litige:
            text = _("Litige : à égalité, les points des preneurs sont mis en réserve et vont "
                     "à l'équipe qui gagne la donne suivante.")
            clauses.append(Clause(_("Égalité"), text, ("litige",)))
        else:
            dedans = _("dedans") if not coinche else _("chuté")
            text = (_("À égalité, le contrat est réussi.") if rules.tie_to_takers else
                    _("À égalité, le preneur est %(word)s.") % {"word": dedans})
            clauses.append(Clause(_("Égalité"), text, ("litige", "tie_to_takers")))
    return clauses


def _belote_clauses(rules: Rules, faits: bool) -> list[Clause]:
    """The belote: for the contract, and the losing side's."""
    clauses: list[Clause] = []
    clauses.append(Clause(
        _("Belote"),
        _("La belote compte pour réussir le contrat.") if rules.belote_in_contract else
        _("La belote ne compte pas pour réussir le contrat : elle est seulement marquée."),
        ("belote_in_contract",)))
    if faits or rules.demandes_belote:
        losing = {
            LosingBelote.KEPT: _("Belote imprenable : l'équipe qui perd la donne garde ses 20 "
                                 "points de belote."),
            LosingBelote.WINNER: _("Belote prenable : la belote de l'équipe qui perd la "
                                   "donne va à l'équipe qui la gagne."),
            LosingBelote.LOST: _("Belote perdue : l'équipe qui perd la donne ne marque pas "
                                 "sa belote."),
        }[rules.losing_belote]
        clauses.append(Clause(_("Belote de l'équipe battue"), losing, ("losing_belote",)))
    return clauses


def _chute_clauses(rules: Rules, coinche: bool, faits: bool, base: int) -> list[Clause]:
    """The chute and the capot."""
    clauses: list[Clause] = []
    if faits:
        word = _("Contrat chuté") if coinche else _("Dedans")
        text = _("%(word)s : la défense marque %(base)d points") % {"word": word,
                                                                      "base": base}
        more = []
        if rules.annonces:
            more.append(_("les annonces des deux équipes"))
        if coinche and rules.counting is Counting.FAITS:
            more.append(_("le contrat"))
        text += (_(", plus %(more)s") % {"more": _(" et ").join(more)} if more else "") + "."
        if rules.defence_capot_bonus:
            text += " " + _("Si la défense a fait tous les plis, elle marque le capot "
                            "(%(n)d) au lieu de %(base)d.") % {"n": rules.capot_points,
                                                                "base": base}
        else:
            text += " " + _("Même si la défense a fait tous les plis.")
        clauses.append(Clause(_("Chute"), text, ("chute_base", "defence_capot_bonus")))
    capot = {
        252: _("Capot : 252 points (dix de der à 100)."),
        250: _("Capot : 250 points."),
        162: _("Pas de prime de capot : un capot non annoncé vaut 162 points."),
    }[rules.capot_points]
    clauses.append(Clause(_("Capot"), capot, ("capot_points",)))
    return clauses


def _flat_bid_clauses(rules: Rules) -> list[Clause]:
    """Coinche: the capot annoncé and the générale."""
    clauses: list[Clause] = []
    if rules.capot_bid_score is None:
        text = _("Capot annoncé : un contrat de 250, réussi si les preneurs font tous "
                 "les plis.")
    else:
        text = _("Capot annoncé : %(n)d points, réussi ou chuté.") % {
            "n": rules.capot_bid_score}
    clauses.append(Clause(_("Capot annoncé"), text, ("capot_bid_score",)))
    if rules.generale_score is None:
        text = _("Pas de générale.")
    else:
        text = _("Générale (le preneur fait seul tous les plis) : %(n)d points, réussie ou "
                 "chutée.") % {"n": rules.generale_score}
    clauses.append(Clause(_("Générale"), text, ("generale_score",)))
    return clauses


def _coinche_clauses(rules: Rules, faits: bool, base: int) -> list[Clause]:
    """The coinche: what it multiplies, and a coinched contract made."""
    clauses: list[Clause] = []
    what = (_("tout le score") if rules.multiply is Multiply.SCORE
            else _("le contrat seul"))
    text = _("Coinche × 2, surcoinche × %(f)d : la coinche multiplie %(what)s.") % {
        "f": rules.surcoinche_factor, "what": what}
    options: tuple[str, ...] = ("surcoinche_factor", "multiply")
    if rules.multiply is Multiply.SCORE and faits:
        text += " " + (_("La belote de l'équipe gagnante est multipliée avec le reste.")
                       if rules.belote_multiplied else
                       _("La belote n'est jamais multipliée."))
        options += ("belote_multiplied",)
    clauses.append(Clause(_("Coinche"), text, options))
    if faits:
        if _coinche_made(rules) is CoincheMade.BASE:
            # A coinched capot counts 250 by score, the base by contract or without a
            # capot bonus (SCORING.md, "Made, coinché, coinche_made = base").
            if rules.multiply is Multiply.SCORE and rules.capot_points != 162:
                points = _("%(base)d, 250 sur un capot") % {"base": base}
            else:
                points = _("%(base)d, même sur un capot") % {"base": base}
            text = _("Contrat coinché réussi : les preneurs marquent comme s'ils avaient "
                     "tous les points (%(points)s), la défense ne marque que sa belote.") % {
                "points": points}
        else:
            text = _("Contrat coinché réussi : chaque équipe garde ses points, les "
                     "preneurs multiplient les leurs avec le contrat.")
            if rules.multiply is Multiply.CONTRACT:
                text = _("Contrat coinché réussi : chaque équipe garde ses points, les "
                         "preneurs y ajoutent le contrat multiplié.")
        clauses.append(Clause(_("Coinche réussie"), text, ("coinche_made",)))
    return clauses


def _rounding_and_end_clauses(rules: Rules) -> list[Clause]:
    """The rounding, the belote at the end of a partie, the penalties."""
    clauses: list[Clause] = []
    if not rules.rounding:
        text = _("Pas d'arrondi : les scores sont comptés au point près.")
    elif rules.rounding_160:
        text = _("Arrondi : le preneur à partir de 6, la défense à partir de 7 (les deux "
                 "équipes font 160).")
    else:
        text = _("Arrondi à la dizaine : 85 donne 90, 84 donne 80.")
    if rules.rounding:
        text += " " + (_("Le contrat est jugé sur les points arrondis (85 fait 90).")
                       if rules.rounding_decides else
                       _("L'arrondi ne permet pas de réaliser le contrat (89 ne fait pas 90)."))
    clauses.append(Clause(_("Arrondi"), text, ("rounding", "rounding_160", "rounding_decides")))

    text = (_("Fin de partie : une équipe chutée ou capot qui atteint le score grâce à sa "
              "seule belote doit encore faire un pli pour gagner.")
            if rules.belote_exception else
            _("Fin de partie : la belote compte pour atteindre le score, même chutée."))
    clauses.append(Clause(_("Belote en fin de partie"), text, ("belote_exception",)))
    clauses.append(Clause(_("Pénalités"), _(
        "L'arbitre peut attribuer des points à une équipe (renonce : les annonces de l'équipe "
        "fautive vont à l'adversaire) ; ils ne comptent ni dans le contrat ni dans "
        "l'arrondi."), ()))
    return clauses
