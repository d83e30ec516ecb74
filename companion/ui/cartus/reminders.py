"""Rattus Cartus: each building's and special card's rule in a few words, French and English (summarised from
the rules, ``shared/rules/rattus-cartus-fr.txt``). Keys: building type codes and special card kinds."""

from __future__ import annotations

REMINDERS: dict[str, tuple[str, str]] = {
    "PAL": (
        "Privilège : prenez 2 jetons de victoire. Base : prenez-en 1.",
        "Privilege: take 2 victory tokens. Basic: take 1.",
    ),
    "TRE": (
        "Privilège : prenez 2 cartes Or. Base : prenez-en 1. L'Or reste en main et compte à la fin.",
        "Privilege: take 2 Gold cards. Basic: take 1. Gold stays in hand and scores at the end.",
    ),
    "CHA": (
        "Privilège : prenez 2 cartes Épée. Base : prenez-en 1.",
        "Privilege: take 2 Sword cards. Basic: take 1.",
    ),
    "TOU": (
        "Privilège : chaque joueur qui n'y est pas entré et qui a au moins autant de cartes que vous vous en "
        "donne 3 (de son choix). Base : rien, mais vous êtes à l'abri de ce privilège ce tour-ci.",
        "Privilege: every player who did not enter and holds at least as many cards as you gives you 3 "
        "(their choice). Basic: nothing, but you are safe from that privilege this round.",
    ),
    "MON": (
        "Privilège : défaussez 2 rats. Base : défaussez 1 rat.",
        "Privilege: discard 2 rats. Basic: discard 1 rat.",
    ),
    "HOP": (
        "Privilège : défaussez 1 rat, puis jusqu'à 3 cartes de votre main contre autant de rats. "
        "Base : jusqu'à 2 cartes contre autant de rats.",
        "Privilege: discard 1 rat, then up to 3 cards from your hand for as many rats. "
        "Basic: up to 2 cards for as many rats.",
    ),
    "FER": (
        "Privilège : piochez 4 cartes Population. Base : piochez-en 2.",
        "Privilege: draw 4 Population cards. Basic: draw 2.",
    ),
    "BRA": (
        "Privilège : 1 carte Population par point d'influence marqué ce tour-ci. "
        "Base : 1 carte par paire de points.",
        "Privilege: 1 Population card per influence point scored this round. "
        "Basic: 1 card per pair of points.",
    ),
    "MAR": (
        "Privilège : prenez 2 cartes Joker. Base : prenez-en 1.",
        "Privilege: take 2 Joker cards. Basic: take 1.",
    ),
    "ADM": (
        "Privilège : prenez 2 cartes Laissez-passer. Base : prenez-en 1.",
        "Privilege: take 2 Pass cards. Basic: take 1.",
    ),
    "CAB": (
        "Privilège : prenez 2 cartes Flûte. Base : prenez-en 1.",
        "Privilege: take 2 Flute cards. Basic: take 1.",
    ),
    "TEN": (
        "Privilège : regardez 2 cartes du soutien des nonnes. Base : regardez-en 1. "
        "L'ordre ne change jamais.",
        "Privilege: look at 2 cards of the nun row. Basic: look at 1. Their order never changes.",
    ),
    "support": (
        "Soutien (phase B) : chacun à son tour soutient un bâtiment de la rangée et reçoit ce que la carte "
        "montre : piocher des cartes, défausser des rats, regarder une carte du soutien des nonnes.",
        "Support (phase B): in turn, each player supports one building of the row and gets what its card "
        "shows: draw cards, discard rats, look at a card of the nun row.",
    ),
    "sword": (
        "Épée : quand elle est révélée dans un bâtiment, son joueur prend des cartes à un autre joueur du "
        "même bâtiment.",
        "Sword: revealed in a building, its player takes cards from another player there.",
    ),
    "flute": (
        "Flûte : quand elle est révélée, son joueur donne un de ses rats à un autre joueur du même bâtiment.",
        "Flute: revealed in a building, its player gives one of their rats to another player there.",
    ),
    "pass": (
        "Laissez-passer : jouez-le en phase C pour entrer dans un bâtiment sans y poser de carte.",
        "Pass: play it in phase C to enter a building without placing cards there.",
    ),
    "gold": (
        "Or : ne se joue pas ; gardé en main, il rapporte des points à la fin (le plus d'Or : 6 points).",
        "Gold: never played; kept in hand, it scores at the end (most Gold: 6 points).",
    ),
}


def reminder(key: str, lang: str) -> str | None:
    pair = REMINDERS.get(key)
    return None if pair is None else pair[0 if lang == "fr" else 1]
