"""How hard a Pandémie set-up is: its win rate measured by the simulation's policy
(:func:`engine.games.pandemie.simulate.win_count`, played in a worker process by
:mod:`companion.ui.estimate`), and the options the rules offer to change it, in words."""

from __future__ import annotations

from typing import Any

from engine.games.pandemie.rules import DIFFICULTY
from engine.games.pandemie.simulate import win_count

from ..i18n import pairs

play = win_count  # a module-level function of the engine: the worker process imports no UI to run it

TEXTS: dict[str, tuple[str, str]] = {
    "ruptures": (
        "Moins de cartes Rupture : « Initiation » en met {easy} par province au lieu de {n} (le réglage de "
        "difficulté des règles) ; « Expert » en met {hard}.",
        "Fewer Rupture cards: \u201cNovice\u201d puts {easy} in each province instead of {n} (the rules' "
        "difficulty setting); \u201cExpert\u201d puts {hard}.",
    ),
    "ruptures.easiest": (
        "Déjà le niveau le plus facile des règles ({n} cartes Rupture par province) ; "
        "« Normal » en met {mid}.",
        "Already the rules' easiest level ({n} Rupture cards per province); \u201cNormal\u201d puts {mid}.",
    ),
    "players": (
        "Joueurs par province ({n} ici) : les règles permettent de jouer sur moins de plateaux ou d'en "
        "ajouter un ; moins de joueurs par plateau, chacun joue plus souvent (à 2 ou 3, avec plus de cartes "
        "en main).",
        "Players per province ({n} here): the rules allow fewer boards or an added one; fewer players per "
        "board, each plays more often (with 2 or 3, with more cards in hand).",
    ),
    "start": (
        "La ville de départ tirée au sort, comme les règles le suggèrent (option avancée "
        '{"start": "drawn"}).',
        'The start city drawn, as the rules suggest (advanced option {"start": "drawn"}).',
    ),
    "variants": (
        "Là où les règles sont floues : victoires partagées entre provinces, bien plus facile "
        '({"victories": "shared"}) ; une propagation plus lente ({"speed_track": [2,2,2,2,3,3,3]}) ; '
        'plus de déferlements permis ({"max_surges": 10}).',
        "Where the rules are unclear: victories shared between provinces, much easier "
        '({"victories": "shared"}); a slower propagation ({"speed_track": [2,2,2,2,3,3,3]}); more '
        'surges allowed ({"max_surges": 10}).',
    ),
}
t = pairs(TEXTS)


def levers(options: dict[str, Any], lang: str) -> list[str]:
    """What changes this set-up's difficulty, said for its options (the form's and the advanced ones)."""
    level = str(options.get("difficulty") or "normal")
    n = DIFFICULTY.get(level, DIFFICULTY["normal"])
    out = [
        t("ruptures.easiest", lang, n=n, mid=DIFFICULTY["normal"])
        if n <= DIFFICULTY["novice"]
        else t("ruptures", lang, easy=DIFFICULTY["novice"], n=n, hard=DIFFICULTY["expert"])
    ]
    players = options.get("players", 4)
    if isinstance(players, int) and not isinstance(players, bool) and 1 <= players <= 6:
        out.append(t("players", lang, n=players))
    if options.get("start", "fixed") != "drawn":
        out.append(t("start", lang))
    out.append(t("variants", lang))
    return out


__all__ = ["levers", "play"]
