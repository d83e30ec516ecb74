"""What the Plague and Pestilence rules refuse, in French and English (see :mod:`engine.core.lang`).

Cards are named in the screen's language (:func:`~.cards.name_in`)."""

from __future__ import annotations

from engine.core.lang import Phrase as R
from engine.core.lang import Phrasebook

from .cards import name_in

STAGES = {
    "setup": ("mise en place", "setup"),
    "roll": ("lancer des dés", "dice roll"),
    "act": ("jouer ou défausser une carte", "play or discard a card"),
    "reaction": ("parade possible", "possible parry"),
    "resolving": ("résolution de la carte", "resolving the card"),
    "destroy": ("amélioration à détruire", "improvement to destroy"),
    "last_chance": ("dernière chance", "last chance"),
    "death_ship": ("Vaisseau de la mort", "Death ship"),
    "over": ("partie terminée", "game over"),
}


def _words(kind: str, value: str, lang: str) -> str | None:
    if kind == "stage" and value in STAGES:
        return STAGES[value][0 if lang == "fr" else 1]
    if kind == "card":
        name = name_in(value, lang)
        return None if name == value and lang == "fr" else name
    if kind == "seats" and value == "nobody":
        return "personne" if lang == "fr" else "nobody"
    return None


PHRASES = [
    R("", "{stage} by {seats}", "{stage} : {seats}", "{stage}: {seats}"),
    R(
        "one improvement",
        "a player may have only one improvement at a time",
        "un joueur n'a qu'une amélioration à la fois",
    ),
    R(
        "one improvement",
        "{seat} already has a {card}; no improvement twice",
        "{seat} a déjà {card} ; pas deux fois la même amélioration",
    ),
    R("target", "{card} has no possible target now", "{card} n'a aucune cible possible maintenant"),
    R(
        "target",
        "{card} is built in front of you: it takes no target",
        "{card} se construit devant vous : sans cible",
    ),
    R(
        "target",
        "{card} takes no target (got target={target}, opponent={opponent})",
        "{card} ne vise personne",
        "{card} takes no target",
    ),
    R(
        "target",
        "{card}: the target and its opponent must be two different players still in the game, neither of "
        "them {seat} (targets: {seats})",
        "{card} : la cible et son adversaire sont deux joueurs différents encore en jeu, ni l'un ni l'autre "
        "{seat} (cibles : {seats})",
    ),
    R(
        "target",
        "{card}: target one of {seats} (only two players left: no opponent)",
        "{card} : visez l'un de {seats} (plus que deux joueurs : pas d'adversaire)",
    ),
    R("target", "{card}: target one of {seats}", "{card} : visez l'un de {seats}"),
    R(
        "intent",
        "unknown intent {name}",
        "action inconnue de Plague and Pestilence",
        "not a Plague and Pestilence action",
    ),
    R("game over", "the game is over", "la partie est terminée"),
    R(
        "seat",
        "'{seat}' is not a seat of this game ({seats})",
        "« {seat} » n'est pas une place de cette partie ({seats})",
        "“{seat}” is not a seat of this game ({seats})",
    ),
    R("hand", "that card is not in {seat}'s hand", "cette carte n'est pas dans la main de {seat}"),
    R(
        "Death ship",
        "the Death ship must be played at once, on another player",
        "le Vaisseau de la mort se joue tout de suite, sur un autre joueur",
    ),
    R("improvement", "choose {seat}'s improvement first", "choisissez d'abord l'amélioration de {seat}"),
    R("improvement", "no improvement is to be destroyed now", "aucune amélioration à détruire maintenant"),
    R(
        "improvement",
        "the player of the act ({seat}) chooses, not {seat2}",
        "c'est le joueur de la carte ({seat}) qui choisit, pas {seat2}",
    ),
    R(
        "improvement",
        "that card is not among {seat}'s improvements",
        "cette carte n'est pas une amélioration de {seat}",
    ),
    R(
        "last chance",
        "a last chance is an Act card, not an improvement",
        "une dernière chance se joue avec une carte Action, pas une amélioration",
    ),
    R(
        "one act per turn",
        "play or discard a card; a turn ends by itself after that",
        "jouez ou défaussez une carte ; le tour finit ensuite tout seul",
    ),
    R(
        "parry",
        "{card} is played on one of {seats}",
        "{card} se joue pour l'un de ces joueurs : {seats}",
        "{card} is played for one of {seats}",
    ),
    R(
        "parry",
        "a parry is played while a war or a Crusade is announced",
        "une parade se joue quand une guerre ou une Croisade est annoncée",
    ),
    R("parry", "{seat} has already passed", "{seat} a déjà passé"),
    R("parry", "{seat} is out of the game", "{seat} est hors jeu"),
    R(
        "parry",
        "{card} answers an act (it is played while an act is announced)",
        "{card} répond à une carte Action (elle se joue quand une action est annoncée)",
    ),
    R("parry", "{card} cannot answer {card2} here", "{card} ne peut pas répondre à {card2} ici"),
    R("parry", "{card} is not a parry", "{card} n'est pas une parade"),
    R("turn order", "it is {seat}'s turn, not {seat2}'s", "c'est au tour de {seat}, pas de {seat2}"),
    R(
        "turn order",
        "no card may be played now (waiting for: {waiting})",
        "aucune carte ne peut être jouée maintenant (on attend : {waiting})",
    ),
    R(
        "turn order",
        "not the time to {stage} (waiting for: {waiting})",
        "ce n'est pas le moment : {stage} (on attend : {waiting})",
        "not the time for this: {stage} (waiting for: {waiting})",
    ),
    R("turn order", "{seat} plays now, not {seat2}", "c'est {seat} qui joue maintenant, pas {seat2}"),
    R("turn", "{seat} has nothing to pass now", "{seat} n'a rien à passer maintenant"),
    # options (new table)
    R("options", "options must be a mapping, not {name}", "les options doivent être un objet JSON"),
    R(
        "options",
        "invalid Plague and Pestilence options: {problems}",
        "options de Plague and Pestilence invalides : {problems}",
    ),
    R(
        "",
        "unknown option '{name}' (known: {names})",
        "option inconnue « {name} » (connues : {names})",
        "unknown option “{name}” (known: {names})",
    ),
    R("", "players: missing (2 to 6)", "joueurs : manquant (de 2 à 6)", "players: missing (2 to 6)"),
    R(
        "",
        "players: {n} is not a number of players from 2 to 6",
        "joueurs : {n} n'est pas un nombre de 2 à 6",
    ),
    R(
        "",
        "starting_population: {n} is not a whole number of PPs >= 1",
        "population de départ : {n} n'est pas un nombre entier de PPs ≥ 1",
    ),
    R("", "{flag}: {value} is not true or false", "{flag} : {value} n'est ni vrai ni faux"),
    R(
        "",
        "improvements: '{mode}' is not one of {modes}",
        "améliorations : « {mode} » n'est pas parmi {modes}",
        "improvements: “{mode}” is not one of {modes}",
    ),
    R(
        "",
        "profile: missing — the 2d6 tables are printed only on the reference cards; enter them once in a "
        "box profile (engine.games.plague.profile)",
        "profil : manquant — les tables 2d6 ne sont imprimées que sur les cartes de référence ; entrez-les "
        "une fois dans un profil de boîte",
        "profile: missing — the 2d6 tables are printed only on the reference cards; enter them once in a box "
        "profile",
    ),
    R(
        "",
        "card_counts: expected a mapping of card key to count, not {name}",
        "card_counts : un objet carte → nombre est attendu",
    ),
    R(
        "",
        "card_counts: a deck of {n} cards is too small for {m} players",
        "card_counts : un paquet de {n} cartes est trop petit pour {m} joueurs",
    ),
]

GENERIC = {
    "turn order": ("Ce n'est pas votre tour.", "It is not your turn."),
    "target": ("Cette cible n'est pas possible.", "That target is not possible."),
}

BOOK = Phrasebook(PHRASES, _words, GENERIC)
