"""Rattus Cartus: title, new-table options and the titles of its groups of choices."""

from __future__ import annotations

from ..model import OptionSpec, fr_en, players_option

_t = fr_en
_players = players_option

TITLE = {"fr": "Rattus Cartus", "en": "Rattus Cartus"}

OPTION_SPECS: tuple[OptionSpec, ...] = (
    _players(2, 5, 4),
    OptionSpec(
        "selection",
        "choice",
        "first",
        "Bâtiments",
        "Buildings",
        ("first", "random-type", "random-five"),
        labels={
            "first": ("Première partie", "First game"),
            "random-type": ("Au hasard par type", "Random by type"),
            "random-five": ("Cinq au hasard", "Random five"),
        },
    ),
    OptionSpec(
        "first_player",
        "choice",
        "p1",
        "Premier joueur",
        "First player",
        ("p1", "random"),
        labels={"p1": ("Joueur 1", "Player 1"), "random": ("Au hasard", "Random")},
    ),
)

GROUP_TITLES: dict[str, dict[str, str]] = {
    "Support": _t("Soutenir", "Support"),
    "Enter": _t("Entrer dans un bâtiment", "Enter a building"),
    "PlayPass": _t("Jouer ou passer", "Play or pass"),
    "Reveal": _t("Révéler", "Reveal"),
    "ChooseTarget": _t("Choisir la cible", "Choose the target"),
    "Hospital": _t("Hôpital", "Hospital"),
    "Peek": _t("Regarder", "Peek"),
    "EndRound": _t("Finir la manche", "End the round"),
    "Convert": _t("Convertir", "Convert"),
    "CorrectHand": _t("Corriger la main", "Correct the hand"),
    "DeclareHand": _t("Déclarer la main", "Declare the hand"),
    "DeclareNuns": _t("Déclarer les nonnes", "Declare the nuns"),
}
