"""Rattus: title, new-table options and the titles of its groups of choices."""

from __future__ import annotations

from ..model import OptionSpec, fr_en, players_option

_t = fr_en
_players = players_option

TITLE = {"fr": "Rattus", "en": "Rattus"}

OPTION_SPECS: tuple[OptionSpec, ...] = (
    _players(2, 4, 4),
    OptionSpec(
        "mode",
        "choice",
        "physical",
        "Jetons rats",
        "Rat tokens",
        ("physical", "digital"),
        labels={
            "physical": ("Vrais jetons (scannés)", "Real tokens (scanned)"),
            "digital": ("Sac caché dans l'app", "Hidden bag in the app"),
        },
    ),
    OptionSpec(
        "characters",
        "choice",
        "base",
        "Personnages",
        "Characters",
        ("base", "age-d-or", "controle-des-rats", "europe-en-guerre", "random", "one-per-class"),
        labels={
            "base": ("De base", "Base game"),
            "age-d-or": ("Âge d'or", "Golden age"),
            "controle-des-rats": ("Contrôle des rats", "Rat control"),
            "europe-en-guerre": ("Europe en guerre", "Europe at war"),
            "random": ("Au hasard", "Random"),
            "one-per-class": ("Un par classe", "One per class"),
        },
    ),
)

GROUP_TITLES: dict[str, dict[str, str]] = {
    "SetupCubes": _t("Mise en place des cubes", "Set up the cubes"),
    "TakeCard": _t("Prendre une carte", "Take a card"),
    "PlaceCubes": _t("Placer des cubes", "Place cubes"),
    "PlaceCubesBurgomaster": _t("Placer des cubes (Bourgmestre)", "Place cubes (Burgomaster)"),
    "FinalCubes": _t("Derniers cubes", "Final cubes"),
    "ToCastle": _t("Au château", "To the castle"),
    "MoveRat": _t("Déplacer un rat", "Move a rat"),
    "MoveCubes": _t("Déplacer des cubes", "Move cubes"),
    "WitchPeek": _t("Sorcière : regarder", "Witch: peek"),
    "WitchSwap": _t("Sorcière : échanger", "Witch: swap"),
    "SwapCubes": _t("Échanger des cubes", "Swap cubes"),
    "SetRamparts": _t("Remparts", "Ramparts"),
    "SetNuns": _t("Nonnes", "Nuns"),
    "SetBishop": _t("Évêque", "Bishop"),
    "AddPotion": _t("Potion", "Potion"),
    "PipeCube": _t("Joueur de flûte", "Pied Piper"),
    "BakerStore": _t("Boulanger : réserver", "Baker: store"),
    "BakerPlace": _t("Boulanger : placer", "Baker: place"),
    "MovePlague": _t("Déplacer la Peste", "Move the Plague"),
    "SpreadRat": _t("Propager un rat", "Spread a rat"),
    "FlipToken": _t("Retourner un jeton", "Turn a token over"),
    "OrderTokens": _t("Ordonner les jetons", "Order the tokens"),
    "SoldierRat": _t("Soldat", "Soldier"),
    "EndTurn": _t("Finir le tour", "End the turn"),
}
