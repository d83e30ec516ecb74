"""What the Rattus rules refuse, in French and English (see :mod:`engine.core.lang`)."""

from __future__ import annotations

from engine.core.lang import Phrase as R
from engine.core.lang import Phrasebook

from .characters import CHARACTERS
from .text import character, token, word

_BY_NAME = {c.fr: c.key for c in CHARACTERS.values()} | {c.en: c.key for c in CHARACTERS.values()}


def _words(kind: str, value: str, lang: str) -> str | None:
    if kind in ("card", "name"):
        if value.startswith("RAT:"):
            return token(value, lang)
        key = value if value in CHARACTERS else _BY_NAME.get(value)
        return character(key, lang) if key else None
    if kind == "token" and value.startswith("RAT:"):
        return token(value, lang)
    if kind == "phase":
        return word("phase", value, lang)
    if kind == "phases":
        return (" ou " if lang == "fr" else " or ").join(word("phase", p, lang) for p in value.split(" or "))
    return None


PHRASES = [
    # fragments
    R("", "Monk", "Moine", "Monk"),
    R("", "Merchant", "Marchand", "Merchant"),
    R("", "Pied Piper", "Pied Piper", "Pied Piper"),
    R("", "plague", "Peste", "plague"),
    R("", "Soldier", "Soldat", "Soldier"),
    R("", "1 or 2 regions", "d'une ou deux régions", "1 or 2 regions"),
    R("", "1 region", "d'une région", "1 region"),
    # refusals
    R("intent", "rattus does not know {name}", "action inconnue de Rattus", "not a Rattus action"),
    R("game-over", "the game is over", "la partie est terminée"),
    R(
        "seat",
        "no seat '{seat}' at this table ({seats})",
        "aucune place « {seat} » à cette table ({seats})",
        "no seat “{seat}” at this table ({seats})",
    ),
    R("seat", "no seat '{seat}'", "aucune place « {seat} »", "no seat “{seat}”"),
    R("not-your-turn", "it is {seat}'s turn, not {seat2}'s", "c'est au tour de {seat}, pas de {seat2}"),
    R(
        "not-your-turn",
        "tokens are turned over by {seat}, the table or the host",
        "les jetons sont retournés par {seat}, la table ou l'hôte",
    ),
    R(
        "phase",
        "not now: the game is in phase '{phase}' (needs {phases})",
        "pas maintenant : la partie en est à « {phase} » (il faut : {phases})",
        "not now: the game is at “{phase}” (needs {phases})",
    ),
    R(
        "region",
        "'{region}' is not a region in play ({regions})",
        "« {region} » n'est pas une région en jeu ({regions})",
        "“{region}” is not a region in play ({regions})",
    ),
    R(
        "region",
        "a region is only given when taking a Baker that holds cubes",
        "on ne nomme une région qu'en prenant un Boulanger qui porte des cubes",
    ),
    R(
        "baker-region",
        "taking the Baker: name the region where its cubes go",
        "en prenant le Boulanger : nommez la région où vont ses cubes",
    ),
    R(
        "bishop",
        "a bishop keeps new rats out of {region}",
        "un évêque empêche les nouveaux rats d'entrer en {region}",
    ),
    R(
        "bishop",
        "bishop is 0 or 1 (there are {n})",
        "évêque : 0 ou 1 (il y en a {n})",
        "bishop is 0 or 1 (there are {n})",
    ),
    R(
        "burgomaster",
        "you do not have more cubes than anyone else in {region}",
        "vous n'avez pas plus de cubes que chacun des autres en {region}",
    ),
    R(
        "burgomaster",
        "you have more cubes than anyone else in no region",
        "vous n'êtes majoritaire dans aucune région",
        "you lead no region",
    ),
    R(
        "burgomaster",
        "{region} is not a region where you have more cubes than anyone else",
        "vous n'êtes pas majoritaire en {region}",
        "you do not lead {region}",
    ),
    R("card-already-held", "{seat} already holds {card}", "{seat} a déjà {card}"),
    R("card-not-held", "{seat} does not hold {card}", "{seat} n'a pas {card}"),
    R(
        "card-not-in-play",
        "{card} is not among this game's characters ({cards})",
        "{card} ne fait pas partie des personnages de cette partie ({cards})",
    ),
    R(
        "card-not-in-play",
        "'{card}' is not among this game's characters ({cards})",
        "{card} ne fait pas partie des personnages de cette partie ({cards})",
        "{card} is not among this game's characters ({cards})",
    ),
    R(
        "card-not-in-play",
        "{card} is not among this game's characters",
        "{card} ne fait pas partie des personnages de cette partie",
    ),
    R(
        "card-timing",
        "the Witch is used before moving the plague",
        "la Sorcière s'utilise avant de déplacer la Peste",
    ),
    R(
        "card-timing",
        "{card} is used before moving the plague (action 3), not in {phase}",
        "{card} s'utilise avant de déplacer la Peste (action 3), pas pendant « {phase} »",
        "{card} is used before moving the plague (action 3), not during “{phase}”",
    ),
    R("card-used", "the Witch looks at two tokens per turn", "la Sorcière regarde deux jetons par tour"),
    R(
        "card-used",
        "the plague piece moves once in your final turn",
        "la Peste ne bouge qu'une fois à votre dernier tour",
    ),
    R(
        "card-used",
        "{card} was already used this turn (once per turn)",
        "{card} a déjà servi ce tour-ci (une fois par tour)",
    ),
    R(
        "crusader-order",
        "order all the revealed tokens: {tokens}",
        "ordonnez tous les jetons révélés : {tokens}",
    ),
    R(
        "digital-bag",
        "with the digital bag the app draws the token; do not scan one",
        "avec le sac numérique, l'appli tire le jeton : ne scannez rien",
    ),
    R(
        "digital-bag",
        "with the digital bag the app shows the token; do not scan one",
        "avec le sac numérique, l'appli montre le jeton : ne scannez rien",
    ),
    R(
        "digital-bag",
        "with the digital bag the app turns the tokens over itself",
        "avec le sac numérique, l'appli retourne elle-même les jetons",
    ),
    R(
        "face",
        "{token}: {problem}",
        "{token} : face illisible ({problem})",
        "{token}: unreadable face ({problem})",
    ),
    R(
        "face-mismatch",
        "{token}: the profile says '{face}', not '{face2}'",
        "{token} : le profil indique {face}, pas {face2}",
    ),
    R(
        "final-cubes",
        "in the final round only the Peasant, the Queen and the Burgomaster add cubes",
        "à la dernière manche, seuls le Paysan, la Reine et le Bourgmestre ajoutent des cubes",
    ),
    R(
        "final-plague",
        "in the final round only the Knight, the Crusader or the Serf move the plague",
        "à la dernière manche, seuls le Chevalier, le Croisé ou le Serf déplacent la Peste",
    ),
    R(
        "final-soldier",
        "in the final round the Soldier adds a rat instead (SoldierRat)",
        "à la dernière manche, le Soldat ajoute plutôt un rat",
        "in the final round the Soldier adds a rat instead",
    ),
    R(
        "king-rats",
        "the King takes a cube only from a region without rats ({region} has some)",
        "le Roi ne prend un cube que dans une région sans rats ({region} en a)",
    ),
    R("merchant-count", "the Merchant moves 1 to 3 cubes", "le Marchand déplace de 1 à 3 cubes"),
    R(
        "messenger",
        "both cubes are in the same region: swapping them changes nothing",
        "les deux cubes sont dans la même région : les échanger ne change rien",
    ),
    R(
        "messenger",
        "the Messenger swaps the cubes of two different players",
        "le Messager échange les cubes de deux joueurs différents",
    ),
    R(
        "neighbours",
        "a rampart stands between neighbours; {region} and {region2} are not",
        "un rempart se pose entre deux voisines ; {region} et {region2} ne le sont pas",
    ),
    R(
        "neighbours",
        "{region} and {region2} are not neighbours ({what})",
        "{region} et {region2} ne sont pas voisines ({what})",
    ),
    R(
        "no-cube-there",
        "a potion goes beside one of your cubes; none in {region}",
        "une potion se pose à côté d'un de vos cubes ; vous n'en avez pas en {region}",
    ),
    R(
        "no-cube-there",
        "{seat} has fewer than {n} cubes in {region}",
        "{seat} a moins de {n} cubes en {region}",
    ),
    R("no-cube-there", "{seat} has no cube in {region}", "{seat} n'a pas de cube en {region}"),
    R(
        "no-cubes",
        "no cube left in reserve to put on the Baker",
        "plus de cube en réserve à poser sur le Boulanger",
    ),
    R("no-cubes", "{seat} has no cube left in reserve", "{seat} n'a plus de cube en réserve"),
    R(
        "no-face",
        "{token} has no face in the profile: enter the face printed on it (or run the census)",
        "{token} n'a pas de face dans le profil : entrez celle qu'il porte (ou faites le recensement)",
    ),
    R("no-rat", "no rat left in the supply nor out of play", "plus aucun rat, ni en réserve ni hors jeu"),
    R("no-rat", "{region} has no rat number {n}", "{region} n'a pas de rat n° {n}"),
    R("no-rat", "{region} holds no rat", "{region} n'a aucun rat"),
    R(
        "no-rats",
        "no cube may be placed in {region}: it holds no rat (only the Peasant may)",
        "aucun cube ne peut aller en {region} : elle n'a pas de rat (seul le Paysan le peut)",
    ),
    R("nuns", "place 1 to {n} nuns", "placez de 1 à {n} nonnes"),
    R(
        "one-card-per-turn",
        "a player takes at most one class card per turn",
        "un joueur prend au plus une carte de classe par tour",
    ),
    R(
        "one-placement",
        "cubes are placed once per turn (action 2)",
        "on place des cubes une fois par tour (action 2)",
    ),
    R("plague-stays", "the plague may not stay in its region", "la Peste ne peut pas rester dans sa région"),
    R(
        "plague-stays",
        "the plague may not stay in {region}: it moves to a neighbouring region ({regions})",
        "la Peste ne peut pas rester en {region} : elle va dans une région voisine ({regions})",
    ),
    R(
        "queen",
        "both of the Queen's cubes in {region}: name the region once",
        "les deux cubes de la Reine en {region} : nommez la région une seule fois",
    ),
    R(
        "plague-steps",
        "the second move goes on from {region} to one of its neighbours ({regions})",
        "le second pas part de {region} vers l'une de ses voisines ({regions})",
    ),
    R(
        "crusader-sticker",
        "the Crusader orders the tokens she turns over: scan or tap each one's sticker (RAT:nn)",
        "le Croisé ordonne les jetons qu'il retourne : scannez ou touchez la pastille de chacun",
        "the Crusader orders the tokens turned over: scan or tap each one's sticker",
    ),
    R(
        "no-face",
        "a token without a sticker: enter the face printed on it",
        "un jeton sans pastille : entrez la face qu'il porte",
    ),
    R(
        "token-known",
        "you know every rat of {region}: name the one turned over",
        "vous connaissez tous les rats de {region} : nommez celui qui est retourné",
    ),
    R("plague-steps", "the plague moves {what}", "la Peste se déplace {what}"),
    R(
        "plague-steps",
        "the plague must move to a neighbouring region",
        "la Peste doit aller dans une région voisine",
    ),
    R("potions", "all 10 potions are on the board", "les 10 potions sont déjà sur le plateau"),
    R(
        "queen",
        "the Queen's 2 cubes go to one or two regions",
        "les 2 cubes de la Reine vont dans une ou deux régions",
    ),
    R(
        "queen-condition",
        "the Queen needs your cubes to connect more regions than anyone else's",
        "la Reine demande que vos cubes relient plus de régions que ceux de chacun des autres",
    ),
    R(
        "rampart",
        "a rampart stands between {region} and {region2}: nothing crosses it ({what})",
        "un rempart sépare {region} et {region2} : rien ne le franchit ({what})",
    ),
    R(
        "rampart",
        "a rampart stands between {region} and {region2}",
        "un rempart sépare {region} et {region2}",
    ),
    R("ramparts", "a rampart stands between two regions", "un rempart se pose entre deux régions"),
    R("ramparts", "there are {n} ramparts", "il y a {n} remparts"),
    R("ramparts", "two ramparts between {region} and {region2}", "deux remparts entre {region} et {region2}"),
    R("rat-room", "{region} already holds 3 rats", "{region} a déjà 3 rats"),
    R("rat-room", "a bishop keeps rats out of {region}", "un évêque empêche les rats d'entrer en {region}"),
    R(
        "ravage-region",
        "nothing left to turn over in {region} (no rats or no cubes)",
        "plus rien à retourner en {region} (pas de rats ou pas de cubes)",
    ),
    R(
        "ravage-region",
        "the plague ravages {region}, not {region2}",
        "la Peste ravage {region}, pas {region2}",
    ),
    R(
        "spread-neighbour",
        "new rats go to the neighbours of {region}",
        "les nouveaux rats vont dans les voisines de {region}",
    ),
    R(
        "token-already-revealed",
        "{token} was already turned over and is out of play",
        "{token} a déjà été retourné : il est hors jeu",
    ),
    R(
        "token-not-in-region",
        "rat number {n} of {region} is {token}, not {token2}",
        "le rat n° {n} de {region} est le {token}, pas le {token2}",
    ),
    R(
        "token-not-in-region",
        "{token} is not one of the rats in {region}",
        "{token} n'est pas un des rats de {region}",
    ),
    R(
        "token-not-in-region",
        "{token} lies in {region}, not in {region2}",
        "{token} est en {region}, pas en {region2}",
    ),
    R("token-on-board", "{token} already lies in {region}", "{token} est déjà en {region}"),
    R("token-out-of-play", "{token} is out of play", "{token} est hors jeu"),
    R(
        "unknown-token",
        "{token} is not in this box profile",
        "{token} n'est pas dans le profil de cette boîte",
    ),
    # a typed or scanned text that names no rat token (engine.games.rattus.profile.token_id_of)
    R(
        "damaged-code",
        "code {code} is damaged or misread (its check character does not match)",
        "le code « {code} » est abîmé ou mal lu (son caractère de contrôle ne correspond pas) : scannez-le "
        "de nouveau, ou tapez le numéro de son autocollant",
        "the code “{code}” is damaged or misread (its check character does not match): scan it again, or "
        "type its sticker's number",
    ),
    R(
        "not-a-token",
        "code {code} is not one of ours: {reason}",
        "« {code} » n'est pas un code de tablekeeper",
        "“{code}” is not a tablekeeper code",
    ),
    R(
        "not-a-token",
        "{code} is not a rat token id (RAT:01..RAT:49)",
        "« {code} » n'est pas un jeton rat (RAT:01 à RAT:49)",
        "“{code}” is not a rat token (RAT:01 to RAT:49)",
    ),
    R(
        "not-a-token",
        "{code}: rat tokens are numbered 01..49",
        "« {code} » : les jetons rats sont numérotés de 01 à 49",
        "“{code}”: rat tokens are numbered 01 to 49",
    ),
    R("witch-second", "the second look is at another token", "le second regard porte sur un autre jeton"),
    R(
        "witch-swap",
        "both tokens lie in the same region: swapping them changes nothing",
        "les deux jetons sont dans la même région : les intervertir ne change rien",
    ),
    R(
        "witch-swap",
        "the Witch swaps the two tokens she has just looked at (two looks first)",
        "la Sorcière intervertit les deux jetons qu'elle vient de regarder (deux regards d'abord)",
    ),
    R(
        "witch-swap",
        "the token looked at in {region} is no longer there",
        "le jeton regardé en {region} n'y est plus",
    ),
    R("witch-swap", "{token} is no longer on the board", "{token} n'est plus sur le plateau"),
    R(
        "plague-walled",
        "ramparts close every border of the plague's region: it stays, and no card acts on it this turn",
        "des remparts ferment toutes les frontières de la région de la Peste : elle reste, et aucune "
        "carte n'agit sur elle ce tour-ci",
    ),
    # options (new table)
    R("options", "options must be a table of keys", "les options sont une table de clés"),
    R(
        "options",
        "unknown option(s) {names}; known: {known}",
        "option(s) inconnue(s) {names} ; connues : {known}",
    ),
    R("options", "players must be 2, 3 or 4, not '{n}'", "il faut 2, 3 ou 4 joueurs, pas {n}"),
    R(
        "options",
        "mode must be 'digital' (the app's hidden bag) or 'physical' (real tokens), not '{mode}'",
        "le mode est « digital » (le sac caché de l'appli) ou « physical » (les vrais jetons), pas "
        "« {mode} »",
        "the mode is “digital” (the app's hidden bag) or “physical” (real tokens), not “{mode}”",
    ),
    R(
        "options",
        "the app's hidden bag needs the faces of all {total} rat tokens and this box profile knows {n}. "
        "Two ways out: play with the real tokens (each face typed when a token is turned over is kept in "
        "the box profile, and the hidden bag opens once all are known), or record the missing faces now "
        "with the census",
        "le sac caché de l'appli demande la face des {total} jetons rats, et ce profil de boîte n'en connaît "
        "que {n}. Deux solutions : jouer avec les vrais jetons (chaque face saisie quand un jeton est "
        "retourné est gardée dans le profil de la boîte, et le sac caché s'ouvre quand toutes sont connues), "
        "ou recenser dès maintenant les faces qui manquent",
    ),
    R(
        "options",
        "final_potions is true (potions still protect after the last turn) or false (the rulebook: only "
        "« lors de l'action n°3 »), not '{value}'",
        "final_potions vaut true (les potions protègent encore après le dernier tour) ou false (la règle : "
        "seulement « lors de l'action n°3 »), pas « {value} »",
    ),
    R(
        "options",
        "characters '{spec}': give a list of 6, or one of {presets}",
        "personnages « {spec} » : donnez une liste de 6, ou l'un de {presets}",
        "characters “{spec}”: give a list of 6, or one of {presets}",
    ),
    R(
        "options",
        "characters must be a list of 6 character names or a preset name",
        "les personnages : une liste de 6 noms ou le nom d'une sélection",
    ),
    R(
        "options",
        "unknown character '{name}'; known: {names}",
        "personnage inconnu « {name} » ; connus : {names}",
        "unknown character “{name}”; known: {names}",
    ),
    R("options", "a game uses 6 characters, not {n}", "une partie utilise 6 personnages, pas {n}"),
    R(
        "options",
        "character '{name}' chosen twice",
        "personnage « {name} » choisi deux fois",
        "character “{name}” chosen twice",
    ),
]

GENERIC = {
    "not-your-turn": ("Ce n'est pas votre tour.", "It is not your turn."),
    "phase": ("Pas à ce moment de la partie.", "Not at this point of the game."),
    "unknown-token": (
        "Ce jeton n'est pas dans le profil de cette boîte.",
        "This token is not in this box profile.",
    ),
    "damaged-code": (
        "Ce code est abîmé ou mal lu : scannez-le de nouveau, ou tapez le numéro de son autocollant.",
        "This code is damaged or misread: scan it again, or type its sticker's number.",
    ),
    "not-a-token": (
        "Ce n'est pas un jeton rat (RAT:01 à RAT:49).",
        "This is not a rat token (RAT:01 to RAT:49).",
    ),
}

BOOK = Phrasebook(PHRASES, _words, GENERIC)
