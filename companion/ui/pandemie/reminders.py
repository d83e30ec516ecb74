"""Pandémie — invasion barbare: each role's and event card's rule in a few words, French and English
(summarised from the rules, ``shared/rules/pandemie-invasion-barbare-fr.txt``)."""

from __future__ import annotations

REMINDERS: dict[str, tuple[str, str]] = {
    "Consul": (
        "Pour une action, construit un Fort où il se trouve ; une fois par tour, défausse une carte ville "
        "pour aller d'une ville à Fort vers n'importe quelle ville.",
        "For one action, builds a Fort where he stands; once per turn, discards a city card to go from a "
        "Fort city to any city.",
    ),
    "Dictateur": (
        "Aucune punaise ne peut être posée sur sa ville ni sur les villes voisines.",
        "No pin may be placed on his city or on the neighbouring cities.",
    ),
    "Tribun": (
        "Retire toutes les punaises d'un peuple de sa ville ; là où il se tient, les peuples déjà vaincus ne "
        "peuvent plus poser de punaise.",
        "Removes every pin of one people from his city; where he stands, "
        "peoples already beaten can place no pin.",
    ),
    "Sénateur": (
        "Pour une action, donne (ou se laisse prendre) n'importe quelle carte ville à un joueur sur la même "
        "ville.",
        "For one action, gives (or lets a player take) any city card, both on the same city.",
    ),
    "Licteur": (
        "Déplace le pion d'un autre joueur comme le sien, ou rassemble un pion sur une ville où se trouve un "
        "autre pion (avec l'accord de son joueur).",
        "Moves another player's pawn as his own, or gathers a "
        "pawn onto a city where another pawn stands (with its player's consent).",
    ),
    "Magistrat": (
        "Pour une action, reprend une carte événement de la défausse et la garde sur sa carte (une seule) ; "
        "jouée, elle est retirée de la partie.",
        "For one action, takes an event card from the discard and "
        "keeps it on his card (one only); once played it leaves the game.",
    ),
    "Imperator": (
        "Célèbre une victoire avec 4 cartes d'un même peuple au lieu de 5.",
        "Celebrates a victory with 4 cards of one people instead of 5.",
    ),
    "Nuit tranquille": (
        "Le prochain joueur qui devrait tirer les cartes propagation n'en tire aucune.",
        "The next player who should draw propagation cards draws none.",
    ),
    "Mission secrète": (
        "Déplacez un pion vers la ville de votre choix.",
        "Move a pawn to the city of your choice.",
    ),
    "Ville fantôme": (
        "Retirez de la partie une carte de la défausse propagation : cette ville ne sera plus envahie.",
        "Remove a card of the propagation discard from the game: that city will not be invaded again.",
    ),
    "Divinations": (
        "Regardez les 6 cartes du dessus de la pioche propagation, remettez-les dans l'ordre voulu.",
        "Look at the top 6 propagation cards and put them back in the order you want.",
    ),
    "Manu Militari": (
        "Posez gratuitement un Fort sur la ville de votre choix.",
        "Place a Fort on any city, for free.",
    ),
}


def reminder(key: str, lang: str) -> str | None:
    pair = REMINDERS.get(key)
    return None if pair is None else pair[0 if lang == "fr" else 1]
