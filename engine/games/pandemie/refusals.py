"""What the Pandémie rules refuse, in French and English (see :mod:`engine.core.lang`).

Each entry: the rule id, the English message as the rules raise it with its parameters named, the
French text, and (when the raised text shows raw ids) a cleaner English one. Option errors (``options``)
are the new-table screen's; fragments (rule ``""``) are pieces other messages are built from.
"""

from __future__ import annotations

from engine.core.lang import Phrase as R
from engine.core.lang import Phrasebook

from .board import COLOURS
from .names import card, city, people, province, word


def _words(kind: str, value: str, lang: str) -> str | None:
    if kind in ("city",):
        return city(value)
    if kind == "card":
        return card(value, lang) if ":" in value else None
    if kind == "colour" and value in COLOURS:
        return people(value, lang)
    if kind == "province":
        return province(value)
    if kind == "phase":
        return word("phase", value, lang)
    return None


PHRASES = [
    # fragments: what an action needs (inside other messages)
    R("", "destination", "destination", "destination"),
    R("", "discard", "défausse", "discard"),
    R("", "the Consul's move", "déplacement du Consul", "the Consul's move"),
    R("", "share knowledge", "échange de carte", "card exchange"),
    R("", "Fort to move", "Fort à déplacer", "Fort to move"),
    R("", "Mission secrète", "Mission secrète", "Secret mission"),
    R("", "Manu Militari", "Manu Militari", "Manu Militari"),
    R(
        "",
        "redeployment needs the card of the city left ({city})",
        "le redéploiement demande la carte de la ville quittée ({city})",
    ),
    R(
        "",
        "a forced march needs the card of the destination ({city})",
        "une marche forcée demande la carte de la destination ({city})",
    ),
    R("", "building a Fort needs the card of {city}", "construire un Fort demande la carte de {city}"),
    R("", "no {colour} pins left to place on {city}", "plus de punaises {colour} à poser sur {city}"),
    R("", "more than {n} barbarian surges", "plus de {n} déferlements barbares"),
    R("", "the propagation deck is empty", "la pioche propagation est vide"),
    R("", "no player cards left to draw", "plus de cartes joueur à piocher"),
    # refusals
    R("intent", "unknown intent {name}", "action inconnue de ce jeu", "unknown action"),
    R("intent", "pandemie has no intent {name}", "action inconnue de Pandémie", "not a Pandémie action"),
    R(
        "seat",
        "no seat '{seat}' at this table (seats: {seats})",
        "aucune place « {seat} » à cette table (places : {seats})",
        "no seat “{seat}” at this table (seats: {seats})",
    ),
    R(
        "unknown-city",
        "{what}: no city '{key}' in play",
        "{what} : aucune ville « {key} » en jeu",
        "{what}: no city “{key}” in play",
    ),
    R(
        "own-province",
        "{what}: {city} is not in your province",
        "{what} : {city} n'est pas dans votre province",
    ),
    R(
        "unknown-colour",
        "no colour '{name}' (one of {colours})",
        "aucun peuple « {name} » (au choix : {colours})",
        "no people “{name}” (one of {colours})",
    ),
    R(
        "divinations",
        "{seat} must first put back the cards of Divinations",
        "{seat} doit d'abord remettre les cartes de Divinations",
    ),
    R(
        "hand-limit",
        "{seat} holds {n} cards: discard down to {limit} first",
        "{seat} a {n} cartes en main : il faut d'abord défausser jusqu'à {limit}",
    ),
    R("not-your-turn", "it is {seat}'s turn in {province}", "c'est au tour de {seat} en {province}"),
    R("not-your-turn", "it is {seat}'s turn", "c'est au tour de {seat}"),
    R(
        "no-actions-left",
        "no action left this turn: draw your two cards",
        "plus d'action ce tour-ci : piochez vos deux cartes",
    ),
    R(
        "unknown-pawn",
        "no pawn '{seat}' in your province",
        "aucun pion « {seat} » dans votre province",
        "no pawn “{seat}” in your province",
    ),
    R(
        "licteur",
        "only the Licteur moves another player's pawn",
        "seul le Licteur déplace le pion d'un autre joueur",
    ),
    R(
        "licteur-consent",
        "the Licteur needs {seat}'s permission to move their pawn",
        "le Licteur doit avoir l'accord de {seat} pour déplacer son pion",
    ),
    R(
        "not-in-hand",
        "{what}: {card} is not in {seat}'s hand",
        "{what} : {card} n'est pas dans la main de {seat}",
    ),
    R(
        "not-in-hand",
        "{what}: that card is not in {seat}'s hand",
        "{what} : cette carte n'est pas dans la main de {seat}",
    ),
    R("ask", "nobody is asking you for a card", "personne ne vous demande de carte"),
    R(
        "share-same-city",
        "you no longer stand on the same city: decline (empty card)",
        "vous n'êtes plus sur la même ville : refusez (sans carte)",
        "you no longer stand on the same city: decline",
    ),
    R("event-card", "that card is not an event card", "cette carte n'est pas une carte événement"),
    R("event-not-held", "{seat} does not hold that event card", "{seat} n'a pas cette carte événement"),
    R(
        "ask-pending",
        "{seat} must first answer {seat2}'s request for a card",
        "{seat} doit d'abord répondre à la demande de carte de {seat2}",
    ),
    R(
        "share-hidden-hands",
        "hands are hidden: ask {seat} for a card (AskCard); {seat2} chooses the card to give",
        "les mains sont cachées : demandez une carte à {seat} ; {seat2} choisit la carte à donner",
        "hands are hidden: ask {seat} for a card; {seat2} chooses the card to give",
    ),
    R(
        "ask-open-hands",
        "hands are open: take the card with ShareKnowledge (give: false)",
        "les mains sont ouvertes : prenez la carte par un échange",
        "hands are open: take the card by an exchange",
    ),
    R(
        "magistrat-discard",
        "that card is not an event card in the player discard",
        "cette carte n'est pas une carte événement de la défausse des joueurs",
    ),
    R(
        "ville-fantome",
        "Ville fantôme: name a card of the propagation discard",
        "Ville fantôme : nommez une carte de la défausse propagation",
        "Ghost town: name a card of the propagation discard",
    ),
    R(
        "event-fields",
        "{card} takes no {fields}",
        "{card} ne prend pas ce paramètre ({fields})",
        "{card} takes no {fields}",
    ),
    R("event-card", "{card} is not an event card", "{card} n'est pas une carte événement"),
    R("event-not-held", "{seat} does not hold {card}", "{seat} n'a pas {card}"),
    R("game-over", "the game is over", "la partie est terminée"),
    R(
        "hand-limit",
        "{seat} holds {n} cards: no need to discard",
        "{seat} a {n} cartes : inutile de défausser",
    ),
    R(
        "divinations",
        "you have no Divinations cards to put back",
        "vous n'avez pas de cartes de Divinations à remettre",
    ),
    R(
        "divinations",
        "put back exactly the {n} cards you looked at, in any order",
        "remettez exactement les {n} cartes regardées, dans l'ordre de votre choix",
    ),
    R(
        "wrong-phase",
        "draw after your four actions (now: {phase})",
        "on pioche après ses quatre actions (maintenant : {phase})",
    ),
    R(
        "wrong-phase",
        "propagation comes after the draw (now: {phase})",
        "la propagation vient après la pioche (maintenant : {phase})",
    ),
    R("same-city", "the pawn is already there", "le pion y est déjà"),
    R("move-adjacent", "{city} is not adjacent to {city2}", "{city} n'est pas voisine de {city2}"),
    R(
        "via-romana-forts",
        "the Via Romana joins two cities that both have a Fort",
        "la Via Romana relie deux villes qui ont chacune un Fort",
    ),
    R("consul", "only the Consul moves that way", "seul le Consul se déplace ainsi"),
    R(
        "consul-once-per-turn",
        "the Consul's move is once per turn",
        "le déplacement du Consul : une fois par tour",
    ),
    R("consul-fort", "the Consul leaves from a city with a Fort", "le Consul part d'une ville qui a un Fort"),
    R("consul-card", "discard a city card", "défaussez une carte ville"),
    R("licteur", "only the Licteur gathers pawns", "seul le Licteur rassemble les pions"),
    R("licteur-gather", "no other pawn stands on {city}", "aucun autre pion sur {city}"),
    R("build-fort", "{city} already has a Fort", "{city} a déjà un Fort"),
    R(
        "forts-exhausted",
        "the six Forts are on the board: say which one to move",
        "les six Forts sont posés : dites lequel déplacer",
    ),
    R("forts-exhausted", "{city} has no Fort", "{city} n'a pas de Fort"),
    R("propagate-cards", "draw one card or more (0: all of them)", "tirez une carte ou plus (0 : toutes)"),
    R("propagate-cards", "a quiet night: no card is drawn", "nuit tranquille : aucune carte n'est tirée"),
    R(
        "combat-here",
        "a player fights in the city where they stand (option combat=anywhere: in any city of the province)",
        "un joueur combat dans la ville où il se trouve (option combat partout : dans toute ville de la "
        "province)",
        "a player fights in the city where they stand (with the option to fight anywhere: in any city of the "
        "province)",
    ),
    R(
        "forts-left",
        "a Fort is still in the box: build it without moving one",
        "il reste un Fort dans la boîte : construisez-le sans en déplacer un",
    ),
    R("combat-no-pins", "no {colour} pins on {city}", "aucune punaise {colour} sur {city}"),
    R("celebrate-fort", "a victory is celebrated on a Fort", "une victoire se célèbre sur un Fort"),
    R(
        "celebrate-done",
        "the victory over the {colour} people is already celebrated",
        "la victoire sur les {colour} est déjà célébrée",
        "the victory over the {colour} is already celebrated",
    ),
    R(
        "celebrate-cards",
        "discard {n} {colour} city cards from your hand",
        "défaussez {n} cartes ville {colour} de votre main",
    ),
    R(
        "share-other",
        "no other player '{seat}' in your province",
        "pas d'autre joueur {seat} dans votre province",
    ),
    R(
        "share-same-city",
        "both players must stand on the same city",
        "les deux joueurs doivent être sur la même ville",
    ),
    R("share-card", "only city cards are exchanged", "seules les cartes ville s'échangent"),
    R(
        "share-card",
        "only the card of {city} may change hands (any city card when the Sénateur gives)",
        "seule la carte de {city} peut changer de main (n'importe quelle carte ville quand le Sénateur "
        "donne)",
    ),
    R(
        "share-victory",
        "victories are not exchanged with option victories={option}",
        "les victoires ne s'échangent pas avec l'option victoires = {option}",
    ),
    R(
        "share-victory-link",
        "{city} has no link to province '{province}'",
        "{city} n'a pas de lien vers {province}",
        "{city} has no link to {province}",
    ),
    R(
        "share-victory",
        "your province has not celebrated the {colour} victory",
        "votre province n'a pas célébré la victoire sur les {colour}",
        "your province has not celebrated the victory over the {colour}",
    ),
    R(
        "share-victory",
        "{province} already has the {colour} victory",
        "{province} a déjà la victoire sur les {colour}",
        "{province} already has the victory over the {colour}",
    ),
    R(
        "magistrat",
        "only the Magistrat stores an event card",
        "seul le Magistrat entrepose une carte événement",
    ),
    R(
        "magistrat-storage",
        "the Magistrat's card already holds an event",
        "la carte du Magistrat porte déjà un événement",
    ),
    R(
        "magistrat-discard",
        "{card} is not an event card in the player discard",
        "{card} n'est pas une carte événement de la défausse des joueurs",
    ),
    R(
        "nuit-tranquille",
        "the next propagation is already skipped",
        "la prochaine propagation est déjà sautée",
    ),
    R(
        "ville-fantome",
        "{card} is not in the propagation discard",
        "{card} n'est pas dans la défausse propagation",
    ),
    R("divinations", "Divinations is already being resolved", "Divinations est déjà en cours"),
    R("divinations", "the propagation deck is empty", "la pioche propagation est vide"),
    # options (new table)
    R("options", "options must be a dict", "les options doivent être un objet JSON"),
    R(
        "options",
        "unknown option '{name}' (known: {names})",
        "option inconnue « {name} » (connues : {names})",
        "unknown option “{name}” (known: {names})",
    ),
    R(
        "options",
        "option extra_provinces must be a list of province data (see load_province)",
        "l'option extra_provinces est une liste de provinces (voir load_province)",
    ),
    R(
        "options",
        "option provinces: give a number 1-4 or a list of province codes",
        "option provinces : un nombre de 1 à 4 ou une liste de codes de province",
    ),
    R(
        "options",
        "option provinces: give a number 1-4 or a non-empty list of province codes",
        "option provinces : un nombre de 1 à 4 ou une liste non vide de codes de province",
    ),
    R(
        "options",
        "option provinces: {n} is not between 1 and {m}",
        "option provinces : {n} n'est pas entre 1 et {m}",
    ),
    R(
        "options",
        "option provinces: a province is listed twice",
        "option provinces : une province figure deux fois",
    ),
    R(
        "options",
        "option provinces: unknown province '{code}' (known: {codes})",
        "option provinces : province inconnue {code} (connues : {codes})",
    ),
    R(
        "options",
        "option players: a number of players per province, or a list of {n} numbers",
        "option joueurs : un nombre de joueurs par province, ou une liste de {n} nombres",
    ),
    R(
        "options",
        "option players: '{n}' players in a province (1 to 6: six pawns and role cards)",
        "option joueurs : {n} joueurs dans une province (de 1 à 6 : six pions et cartes rôle)",
    ),
    R(
        "options",
        "option {name}: '{value}' is not one of {choices}",
        "option {name} : {value} n'est pas parmi {choices}",
    ),
    R(
        "options",
        "option max_surges: '{n}' is not a whole number >= 0",
        "option max_surges : {n} n'est pas un nombre entier ≥ 0",
    ),
    R("options", "option open_hands: true or false", "option open_hands : vrai ou faux"),
    R(
        "options",
        "option speed_track: a list of whole numbers >= 1 (cards drawn per propagation)",
        "option speed_track : une liste de nombres entiers ≥ 1 (cartes tirées par propagation)",
    ),
    R(
        "options",
        "option speed_track: needs at least {n} spaces for {m} Ruptures",
        "option speed_track : il faut au moins {n} cases pour {m} Ruptures",
    ),
]

GENERIC = {
    "not-your-turn": ("Ce n'est pas votre tour.", "It is not your turn."),
    "wrong-phase": ("Pas à ce moment du tour.", "Not at this point of the turn."),
}

BOOK = Phrasebook(PHRASES, _words, GENERIC)
