"""What the Rattus Cartus rules refuse, in French and English (see :mod:`engine.core.lang`)."""

from __future__ import annotations

from engine.core.lang import Phrase as R
from engine.core.lang import Phrasebook

from . import data as D
from .describe import building, word

_SPECIALS = {sp.fr: sp for sp in D.data().specials} | {sp.en: sp for sp in D.data().specials}
_BUILDINGS = {b.fr: b.code for b in D.building_types().values()}


def _words(kind: str, value: str, lang: str) -> str | None:
    if kind == "special":
        sp = _SPECIALS.get(value)
        return (sp.fr if lang == "fr" else sp.en) if sp else None
    if kind == "building":
        code = _BUILDINGS.get(value)
        return building(code, lang) if code else None
    if kind == "phase":
        return word("phase", value, lang)
    if kind == "choice":
        return word("choice", value, lang)
    if kind == "pos":
        return str(int(value) + 1) if value.isdigit() else None
    return None


PHRASES = [
    R("intent", "unknown intent {name}", "action inconnue de Rattus Cartus", "not a Rattus Cartus action"),
    R("game-over", "the game is over", "la partie est terminée"),
    R(
        "building",
        "building {pos} is not in the row (0–{last})",
        "ce bâtiment n'est pas dans la rangée de la manche",
        "that building is not in this round's row",
    ),
    R(
        "cards",
        "you can put 0 to {n} cards (your hand), not {m}",
        "vous pouvez poser de 0 à {n} cartes (votre main), pas {m}",
    ),
    R("choice", "choose among {seats}", "choisissez parmi {seats}"),
    R("choice", "it is {seat}'s action", "c'est l'action de {seat}"),
    R("choice", "no sword or flute choice is waiting", "aucun choix d'épée ou de flûte n'est attendu"),
    R(
        "choice",
        "no {choice} action is waiting",
        "aucune action « {choice} » n'est attendue",
        "no “{choice}” action is waiting",
    ),
    R("choice", "{seat} chooses, not {seat2}", "c'est {seat} qui choisit, pas {seat2}"),
    R("hand", "a hand size cannot be negative", "une main ne peut pas compter moins de zéro carte"),
    R("hand", "counts cannot be negative", "les nombres ne peuvent pas être négatifs"),
    R(
        "hand",
        "{seat} holds {n} cards by the log; the declaration lists {m} (count again, or correct the hand size "
        "first)",
        "{seat} a {n} cartes d'après le journal ; la déclaration en compte {m} (recomptez, ou corrigez "
        "d'abord la main)",
    ),
    R("hospital", "discard 0 to {n} cards here, not {m}", "défaussez ici de 0 à {n} cartes, pas {m}"),
    R("nuns", "five cards show 0 to {n} nuns, not {m}", "cinq cartes montrent de 0 à {n} nonnes, pas {m}"),
    R(
        "nuns",
        "this game keeps the nun row in the app: it is revealed, not declared",
        "dans cette partie l'appli garde le soutien des nonnes : il est révélé, pas déclaré",
    ),
    R(
        "pass",
        "playing a Laissez-passer needs a card in hand",
        "jouer un Laissez-passer demande une carte en main",
        "playing a Pass needs a card in hand",
    ),
    R(
        "peek",
        "look at {n} different nun cards (positions 0–4)",
        "regardez {n} nonnes différentes (positions 1 à 5)",
        "look at {n} different nun cards (positions 1–5)",
    ),
    R(
        "phase",
        "cards are revealed when their building resolves (phase D)",
        "les cartes se révèlent quand leur bâtiment est résolu (phase D)",
    ),
    R(
        "phase",
        "entering buildings is phase C; this is phase {phase}",
        "on entre dans les bâtiments en phase C ; nous sommes en phase « {phase} »",
        "entering buildings is phase C; this is “{phase}”",
    ),
    R("phase", "hands are declared at the end of the game", "les mains se déclarent à la fin de la partie"),
    R(
        "phase",
        "support actions are phase B; this is phase {phase}",
        "les soutiens se font en phase B ; nous sommes en phase « {phase} »",
        "support actions are phase B; this is “{phase}”",
    ),
    R(
        "phase",
        "the nun row is counted at the end of the game",
        "le soutien des nonnes se compte à la fin de la partie",
    ),
    R(
        "phase",
        "the round ends after every building is resolved; this is phase {phase}",
        "la manche finit quand tous les bâtiments sont résolus ; nous sommes en phase « {phase} »",
        "the round ends after every building is resolved; this is “{phase}”",
    ),
    R(
        "rats-convert",
        "converting into a {n} needs {n} value-1 tokens; you have {m}",
        "échanger contre un rat de valeur {n} demande {n} rats de valeur 1 ; vous en avez {m}",
        "swapping for a value-{n} rat needs {n} value-1 rats; you have {m}",
    ),
    R(
        "rats-convert",
        "value-1 rats convert into a value-3 or a value-5 token only",
        "les rats de valeur 1 s'échangent seulement contre un rat de valeur 3 ou 5",
    ),
    R("reveal", "counts cannot be negative", "les nombres ne peuvent pas être négatifs"),
    R(
        "reveal",
        "{seat} put {n} cards face down, the reveal lists {m}",
        "{seat} a posé {n} cartes face cachée, la révélation en compte {m}",
    ),
    R(
        "reveal-once",
        "{seat} already revealed",
        "{seat} a déjà révélé ses cartes",
        "{seat} already revealed their cards",
    ),
    R(
        "reveal-turn",
        "{seat} is not in the building being resolved",
        "{seat} n'est pas dans le bâtiment en cours de résolution",
    ),
    R(
        "seat",
        "no seat '{seat}' in this game ({seats}, table)",
        "aucune place « {seat} » dans cette partie ({seats}, table)",
        "no seat “{seat}” in this game ({seats}, table)",
    ),
    R("seat", "no player '{seat}'", "aucun joueur « {seat} »", "no player “{seat}”"),
    R("seat", "only a player can do this, not '{seat}'", "seul un joueur peut faire cela, pas {seat}"),
    R(
        "seat",
        "only the player or the table may correct a hand size",
        "seuls le joueur ou la table peuvent corriger une main",
    ),
    R(
        "seat",
        "only the player or the table may declare a hand",
        "seuls le joueur ou la table peuvent déclarer une main",
    ),
    R(
        "declared",
        "{seat}'s hand is already declared (undo to correct it)",
        "la main de {seat} est déjà déclarée (annulez pour la corriger)",
    ),
    R(
        "declared",
        "{seat}'s victory points are already declared (undo to correct them)",
        "les points de victoire de {seat} sont déjà déclarés (annulez pour les corriger)",
    ),
    R(
        "declared",
        "the nun count is already declared (undo to correct it)",
        "le soutien des nonnes est déjà compté (annulez pour le corriger)",
    ),
    R(
        "phase",
        "victory points are counted at the end of the game",
        "les points de victoire se comptent à la fin de la partie",
    ),
    R(
        "seat",
        "only the player or the table may say a player's victory points",
        "seuls le joueur ou la table peuvent dire les points de victoire d'un joueur",
    ),
    R(
        "victory-points",
        "{n} victory token(s) show {lo} to {hi} points, not {m}",
        "{n} jeton(s) de victoire valent de {lo} à {hi} points, pas {m}",
    ),
    R(
        "victory-points",
        "{n} of this box's victory tokens ({values}) cannot show {m} points",
        "{n} jetons de victoire de cette boîte ({values}) ne peuvent pas valoir {m} points",
    ),
    R("victory-tokens", "{seat} holds no victory token", "{seat} n'a aucun jeton de victoire"),
    R(
        "victory-tokens",
        "in this game each victory token counts 1 (option victory_tokens 'one')",
        "dans cette partie chaque jeton de victoire compte 1 (option victory_tokens « one »)",
    ),
    R(
        "special-not-in-play",
        "there are no {special} ({kind}) cards in this game: they come with the {building}, "
        "which is not among the chosen buildings",
        "pas de cartes {special} dans cette partie : elles viennent avec {building}, qui n'est pas parmi les "
        "bâtiments choisis",
        "there are no {special} cards in this game: they come with the {building}, which is not among the "
        "chosen buildings",
    ),
    R(
        "support",
        "a support action draws 0–{n} cards and discards 0–{m} rats",
        "un soutien pioche de 0 à {n} cartes et défausse de 0 à {m} rats",
    ),
    R("support", "a support action has at least one symbol", "un soutien a au moins un symbole"),
    R(
        "support",
        "a support action looks at up to {n} nun card (positions 0–4)",
        "un soutien regarde jusqu'à {n} nonne (positions 1 à 5)",
        "a support action looks at up to {n} nun card (positions 1–5)",
    ),
    R(
        "support-card",
        "this card shows draw {draw}, discard {rats} rat(s), look at {peek} nun card(s)",
        "cette carte montre : piocher {draw}, défausser {rats} rat(s), regarder {peek} nonne(s)",
    ),
    R(
        "support-once",
        "{seat} already took a support action this round",
        "{seat} a déjà soutenu un bâtiment cette manche",
    ),
    R(
        "turn-order",
        "it is {seat}'s turn (phase B goes clockwise from the first player)",
        "c'est au tour de {seat} (la phase B tourne dans le sens horaire depuis le premier joueur)",
    ),
    R(
        "turn-order",
        "it is {seat}'s turn to enter a building",
        "c'est au tour de {seat} d'entrer dans un bâtiment",
    ),
    # options (new table)
    R(
        "options",
        "'buildings' is only used with selection 'agreed'",
        "« buildings » ne sert qu'avec la sélection « agreed »",
        "“buildings” is only used with the “agreed” selection",
    ),
    R(
        "options",
        "first_player must be one of {seats} or 'random', not '{first}'",
        "le premier joueur est l'un de {seats} ou « random », pas {first}",
    ),
    R(
        "options",
        "majority_ties must be 'top', 'bottom' or 'share', not '{ties}'",
        "égalités de majorité : « top », « bottom » ou « share », pas {ties}",
    ),
    R(
        "options",
        "nun_row must be 'digital' or 'cards', not '{row}'",
        "le soutien des nonnes est « digital » ou « cards », pas {row}",
    ),
    R(
        "options",
        "selection 'agreed' needs 'buildings': 30 card ids (RCC:B:MON3) or type codes (MON)",
        "la sélection « agreed » demande « buildings » : 30 cartes ou codes de bâtiment",
    ),
    R(
        "options",
        "selection must be one of {choices}, not '{selection}'",
        "la sélection est l'une de {choices}, pas {selection}",
    ),
    R(
        "options",
        "supports[{card}] must be like {{'draw': 2, 'rats': 0, 'peek': 1}}",
        "supports[{card}] s'écrit comme {{'draw': 2, 'rats': 0, 'peek': 1}}",
    ),
    R(
        "options",
        "unknown option(s): {names}; known: {known}",
        "option(s) inconnue(s) : {names} ; connues : {known}",
    ),
    R("options", "a game uses 30 building cards, not {n}", "une partie utilise 30 cartes bâtiment, pas {n}"),
    R(
        "options",
        "a game uses 5 buildings of each class; class {cls} has {n}",
        "une partie utilise 5 bâtiments par classe ; la classe {cls} en a {n}",
    ),
    R("options", "building card {card} chosen twice", "la carte bâtiment {card} est choisie deux fois"),
    R("options", "building type {code} has only {n} cards", "le bâtiment {code} n'a que {n} cartes"),
    R("options", "building '{item}' is not a text", "le bâtiment {item} n'est pas un texte"),
    R("options", "options must be a dict", "les options doivent être un objet JSON"),
    R("options", "players must be 2 to 5, not '{n}'", "il faut de 2 à 5 joueurs, pas {n}"),
    R("options", "simultaneous_support must be true or false", "simultaneous_support : vrai ou faux"),
    R(
        "options",
        "start_tokens must be [value-1, value-3, value-5] token counts worth {n} rats, not '{start}'",
        "start_tokens : [valeur 1, valeur 3, valeur 5], {n} rats en tout, pas {start}",
    ),
    R(
        "options",
        "supports must map building card ids to {{draw, rats, peek}}",
        "supports associe des cartes bâtiment à {{draw, rats, peek}}",
    ),
    R("options", "supports: {problem}", "supports : {problem}"),
    R(
        "options",
        "supports[{card}]: draw 0–{n}, rats 0–{m}, peek 0–{k}, at least one symbol",
        "supports[{card}] : pioche 0–{n}, rats 0–{m}, nonnes 0–{k}, au moins un symbole",
    ),
    R("options", "'{item}': there are only copies 1 to {n}", "{item} : il n'y a que les exemplaires 1 à {n}"),
    R(
        "options",
        "victory_tokens must be 'printed', 'one' or the points printed on the box's {n} victory tokens "
        "(a list of whole numbers 0–{max}), not '{value}'",
        "victory_tokens : « printed », « one » ou les points imprimés sur les {n} jetons de victoire de la "
        "boîte (des nombres entiers de 0 à {max}), pas {value}",
    ),
]

GENERIC = {
    "phase": ("Pas à ce moment de la manche.", "Not at this point of the round."),
    "turn-order": ("Ce n'est pas votre tour.", "It is not your turn."),
}

BOOK = Phrasebook(PHRASES, _words, GENERIC)
