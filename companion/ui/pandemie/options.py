"""Pandémie: title, new-table options and the titles of its groups of choices."""

from __future__ import annotations

from ..model import OptionSpec, fr_en

_t = fr_en

TITLE = {"fr": "Pandémie — Invasion barbare", "en": "Pandemic — Barbarian invasion"}

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("provinces", "int", 1, "Provinces (plateaux, 1 à 4)", "Provinces (boards, 1 to 4)", (1, 4)),
    OptionSpec("players", "int", 4, "Joueurs par province (1 à 6)", "Players per province (1 to 6)", (1, 6)),
    OptionSpec(
        "difficulty",
        "choice",
        "normal",
        "Difficulté",
        "Difficulty",
        ("novice", "normal", "expert"),
        labels={
            "novice": ("Initiation (4 Ruptures)", "Novice (4 Ruptures)"),
            "normal": ("Normal (5 Ruptures)", "Normal (5 Ruptures)"),
            "expert": ("Expert (6 Ruptures)", "Expert (6 Ruptures)"),
        },
    ),
    OptionSpec("open_hands", "bool", True, "Mains visibles de tous", "Hands open to everyone"),
)

GROUP_TITLES: dict[str, dict[str, str]] = {
    "Move": _t("Se déplacer", "Move"),
    "Redeploy": _t("Redéploiement", "Redeploy"),
    "ForcedMarch": _t("Marche forcée", "Forced march"),
    "ViaRomana": _t("Via Romana", "Via Romana"),
    "ConsulMove": _t("Déplacement du Consul", "Consul's move"),
    "LicteurGather": _t("Rassemblement du Licteur", "Licteur's gathering"),  # the role as the box names it
    "BuildFort": _t("Construire un fort", "Build a fort"),
    "Combat": _t("Combattre", "Fight"),
    "Celebrate": _t("Célébrer une victoire", "Celebrate a victory"),
    "ShareKnowledge": _t("Partager ses connaissances", "Share knowledge"),
    "ShareVictory": _t("Partager une victoire", "Share a victory"),
    "StoreEvent": _t("Garder un événement", "Store an event"),
    "EndActions": _t("Finir les actions", "End the actions"),
    "DrawCards": _t("Piocher", "Draw cards"),
    "Discard": _t("Défausser", "Discard"),
    "Propagate": _t("Propagation", "Infect"),
    "PlayEvent": _t("Jouer un événement", "Play an event"),
    "ArrangeDivination": _t("Divinations : ordonner", "Divinations: arrange"),
}
