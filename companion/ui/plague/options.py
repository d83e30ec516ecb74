"""Plague & Pestilence: title, new-table options and the titles of its groups of choices."""

from __future__ import annotations

from ..model import OptionSpec, fr_en, players_option

_t = fr_en
_players = players_option

TITLE = {"fr": "Plague & Pestilence", "en": "Plague & Pestilence"}

OPTION_SPECS: tuple[OptionSpec, ...] = (
    _players(2, 6, 4),
    OptionSpec(
        "hidden_population",
        "bool",
        False,
        "Populations cachées (règle optionnelle 1)",
        "Hidden populations (optional rule 1)",
    ),
    OptionSpec("doubles", "bool", False, "Doubles (règle optionnelle 3)", "Doubles (optional rule 3)"),
    OptionSpec(
        "last_chance", "bool", False, "Dernière chance (règle optionnelle 4)", "Last chance (optional rule 4)"
    ),
)

GROUP_TITLES: dict[str, dict[str, str]] = {
    "Roll": _t("Lancer les dés", "Roll the dice"),
    "PlayCard": _t("Jouer une carte", "Play a card"),
    "Discard": _t("Défausser", "Discard"),
    "EndTurn": _t("Finir le tour", "End the turn"),
    "PlayParry": _t("Parer", "Parry"),
    "Pass": _t("Passer", "Pass"),
    "DestroyImprovement": _t("Détruire une amélioration", "Destroy an improvement"),
}
