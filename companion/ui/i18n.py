"""French and English texts of the companion app (French by default).

Every key has both languages; ``tests/app/test_app_model.py`` checks it. Screens ask :func:`tr` for a
text; a missing key is a bug and raises ``KeyError`` (no silent English fallback in a French screen).
"""

from __future__ import annotations

import re

_SEATLIKE = re.compile(r"^p\d+$")

LANGS: tuple[str, ...] = ("fr", "en")
DEFAULT_LANG = "fr"

STRINGS: dict[str, dict[str, str]] = {
    "app.title": {"fr": "Tablekeeper", "en": "Tablekeeper"},
    "lang.switch": {"fr": "English", "en": "Français"},
    "home": {"fr": "Accueil", "en": "Home"},
    # start screen
    "start.new": {"fr": "Nouvelle table", "en": "New table"},
    "start.new.sub": {"fr": "Choisir un jeu et ses options", "en": "Choose a game and its options"},
    "start.join": {"fr": "Rejoindre une table", "en": "Join a table"},
    "start.join.sub": {
        "fr": "Tables trouvées sur le réseau, ou code de la table",
        "en": "Tables found on the network, or the table's join code",
    },
    "start.resume": {"fr": "Reprendre une partie", "en": "Resume a game"},
    "start.resume.sub": {"fr": "Parties enregistrées sur cet appareil", "en": "Games saved on this device"},
    "start.open": {"fr": "Tables ouvertes ici", "en": "Tables open here"},
    # new table
    "new.title": {"fr": "Nouvelle table", "en": "New table"},
    "new.game": {"fr": "Jeu", "en": "Game"},
    "new.unavailable": {"fr": "indisponible : {why}", "en": "unavailable: {why}"},
    "new.unavailable.short": {"fr": "indisponible", "en": "unavailable"},
    "new.name": {"fr": "Nom de la table", "en": "Table name"},
    "new.options": {"fr": "Options du jeu", "en": "Game options"},
    "new.advanced": {"fr": "Options avancées (JSON)", "en": "Advanced options (JSON)"},
    "new.advertise": {"fr": "Visible sur le réseau local", "en": "Visible on the local network"},
    "new.create": {"fr": "Créer la table", "en": "Create the table"},
    "new.no_game": {"fr": "Choisissez d'abord un jeu.", "en": "Choose a game first."},
    "new.bad_json": {"fr": "Options avancées illisibles : {err}", "en": "Advanced options unreadable: {err}"},
    "new.bad_option": {"fr": "Option « {name} » : {err}", "en": "Option \u201c{name}\u201d: {err}"},
    "new.failed": {"fr": "La table n'a pas pu être créée : {err}", "en": "The table could not be created: {err}"},
    # hosted table
    "hosted.title": {"fr": "Table prête", "en": "Table ready"},
    "hosted.code": {"fr": "Code de la table", "en": "Join code"},
    "hosted.pin": {"fr": "Code PIN : {pin}", "en": "PIN: {pin}"},
    "hosted.current": {"fr": "À son tour : {seat}", "en": "Their turn: {seat}"},
    "hosted.seat": {"fr": "Cet appareil sera :", "en": "This device will be:"},
    "hosted.help": {
        "fr": "Les autres appareils : « Rejoindre une table », puis choisir cette table ou taper ce code.",
        "en": "Other devices: \u201cJoin a table\u201d, then pick this table or type this code.",
    },
    # seats
    "seat.table": {"fr": "Tablette de la table (plateau commun)", "en": "Table tablet (shared board)"},
    "seat.player": {"fr": "Joueur {seat}", "en": "Player {seat}"},
    "seat.host": {"fr": "Hôte (voit tout)", "en": "Host (sees everything)"},
    # join
    "join.title": {"fr": "Rejoindre une table", "en": "Join a table"},
    "join.found": {"fr": "Tables sur le réseau", "en": "Tables on the network"},
    "join.searching": {"fr": "Recherche des tables…", "en": "Looking for tables\u2026"},
    "join.none": {
        "fr": "Aucune table trouvée pour l'instant. Tapez le code de la table ci-dessous.",
        "en": "No table found yet. Type the table's join code below.",
    },
    "join.nodiscovery": {
        "fr": "Recherche réseau indisponible : {err}",
        "en": "Network search unavailable: {err}",
    },
    "join.code": {"fr": "Code de la table (ou scan)", "en": "Join code (or scan)"},
    "join.pin": {"fr": "Code PIN", "en": "PIN"},
    "join.seat": {"fr": "Je suis :", "en": "I am:"},
    "join.bad_code": {"fr": "Code de table illisible : {err}", "en": "Unreadable join code: {err}"},
    "join.need_pin": {"fr": "Tapez le code PIN de la table.", "en": "Type the table's PIN."},
    "join.failed": {"fr": "Impossible de rejoindre : {err}", "en": "Could not join: {err}"},
    "join.selected": {"fr": "Table choisie : {name} ({host}:{port})", "en": "Chosen table: {name} ({host}:{port})"},
    "join.unselected": {
        "fr": "Aucune table choisie : touchez-en une ci-dessus ou tapez son code.",
        "en": "No table chosen: tap one above or type its code.",
    },
    "join.unavailable": {
        "fr": "La synchronisation réseau n'est pas installée : {err}",
        "en": "Network sync is not installed: {err}",
    },
    # resume
    "resume.title": {"fr": "Reprendre une partie", "en": "Resume a game"},
    "resume.none": {"fr": "Aucune partie enregistrée dans {dir}", "en": "No saved game in {dir}"},
    "resume.damaged": {"fr": "Illisible : {err}", "en": "Unreadable: {err}"},
    "resume.line": {"fr": "{game} · {events} événements · {when}", "en": "{game} · {events} events · {when}"},
    "resume.failed": {"fr": "Reprise impossible : {err}", "en": "Could not resume: {err}"},
    "resume.dir": {"fr": "Dossier des parties : {dir}", "en": "Saved games folder: {dir}"},
    # table / seat screens
    "table.connecting": {"fr": "Connexion à la table…", "en": "Connecting to the table\u2026"},
    "table.seat": {"fr": "Vous êtes : {seat}", "en": "You are: {seat}"},
    "table.board": {"fr": "Plateau", "en": "Board"},
    "table.private": {"fr": "Votre jeu (caché aux autres)", "en": "Your game (hidden from others)"},
    "table.todo": {"fr": "À faire maintenant", "en": "What to do now"},
    "table.turn": {"fr": "Au tour de : {who}", "en": "Turn: {who}"},
    "table.your_move": {"fr": "À vous de jouer", "en": "Your move"},
    "table.can_act": {"fr": "Au tour de : {who} — vous pouvez agir aussi", "en": "Turn: {who} — you may act too"},
    "table.waiting": {"fr": "Rien à faire pour vous : on attend les autres.", "en": "Nothing for you to do: waiting for the others."},
    "table.waiting.table": {
        "fr": "Cette tablette montre le plateau ; chaque joueur agit depuis son téléphone (ou ouvrez sa place ici).",
        "en": "This tablet shows the board; each player acts from their phone (or open their seat here).",
    },
    "table.follow.on": {"fr": "Jouer sur cette tablette, à tour de rôle", "en": "Play on this tablet, taking turns"},
    "table.follow.off": {"fr": "Ne plus jouer sur cette tablette", "en": "Stop playing on this tablet"},
    "table.follow.now": {"fr": "Joue sur cette tablette : {seat}", "en": "Playing on this tablet: {seat}"},
    "table.log": {"fr": "Journal", "en": "Log"},
    "table.log.empty": {"fr": "Rien pour l'instant.", "en": "Nothing yet."},
    "table.more": {"fr": "Voir les {n} autres", "en": "Show the {n} others"},
    "table.stale": {
        "fr": "La partie a changé entre-temps : vérifiez, puis choisissez à nouveau.",
        "en": "The game changed meanwhile: check, then choose again.",
    },
    "table.undo": {"fr": "Annuler la dernière action", "en": "Undo the last action"},
    "table.undone": {"fr": "Dernière action annulée.", "en": "Last action undone."},
    "table.rejected": {"fr": "Refusé ({rule}) : {message}", "en": "Refused ({rule}): {message}"},
    "table.error": {"fr": "Erreur : {err}", "en": "Error: {err}"},
    "table.over": {"fr": "Partie terminée", "en": "Game over"},
    "table.audit": {"fr": "Vérification des mélanges", "en": "Shuffle audit"},
    "table.audit.ok": {
        "fr": "Tous les mélanges vérifiés : aucun paquet n'a été arrangé.",
        "en": "Every shuffle checked: no deck was stacked.",
    },
    "table.audit.bad": {"fr": "Problème dans la vérification !", "en": "The audit found a problem!"},
    "audit.by_host": {
        "fr": "Vérifié par l'hôte : {shuffles} mélange(s), {draws} tirage(s)",
        "en": "Checked by the host: {shuffles} shuffle(s), {draws} draw(s)",
    },
    "audit.by_device": {
        "fr": "Vérifié sur cet appareil, avec son propre journal : {shuffles} mélange(s), {draws} tirage(s)",
        "en": "Checked on this device, against its own log: {shuffles} shuffle(s), {draws} draw(s)",
    },
    "table.closed": {"fr": "Connexion perdue : {err}", "en": "Connection lost: {err}"},
    "table.offline": {
        "fr": "Connexion à l'hôte perdue — reconnexion en cours, rien n'est perdu.",
        "en": "Lost the host \u2014 reconnecting; nothing is lost.",
    },
    "table.seq": {"fr": "événement n° {seq}", "en": "event #{seq}"},
    # scan / type
    "scan.title": {"fr": "Scanner ou taper un pion / une carte", "en": "Scan or type a token / card"},
    "scan.field": {"fr": "Code du pion ou de la carte (ex. RAT:07)", "en": "Token or card code (e.g. RAT:07)"},
    "scan.enter": {"fr": "Entrer", "en": "Enter"},
    "scan.camera": {"fr": "Photo", "en": "Photo"},
    "join.scan": {"fr": "Scanner le QR code de la table", "en": "Scan the table's QR code"},
    "scan.webcam": {"fr": "Webcam", "en": "Webcam"},
    "scan.foreign": {"fr": "Code non reconnu ({reason}) : {raw}", "en": "Code not recognised ({reason}): {raw}"},
    "scan.nomatch": {
        "fr": "{cid} : aucune action possible avec ce composant maintenant.",
        "en": "{cid}: no action possible with this component right now.",
    },
    "scan.many": {"fr": "{cid} : choisissez l'action.", "en": "{cid}: choose the action."},
    "scan.cancel": {"fr": "Aucune de celles-ci", "en": "None of these"},
    "scan.nothing": {"fr": "Aucun code lu sur l'image.", "en": "No code read in the picture."},
    "scan.nocamera": {"fr": "Caméra indisponible : {err}", "en": "Camera unavailable: {err}"},
    "scan.empty": {"fr": "Tapez ou scannez un code.", "en": "Type or scan a code."},
    "scan.take": {"fr": "Prendre la photo", "en": "Take the picture"},
    "scan.close": {"fr": "Fermer", "en": "Close"},
    # generic view rendering
    "view.summary": {"fr": "En bref", "en": "At a glance"},
    "view.empty": {"fr": "(vide)", "en": "(empty)"},
    "view.yes": {"fr": "oui", "en": "yes"},
    "view.no": {"fr": "non", "en": "no"},
}

# Names of keys that games commonly put in their ``view`` dicts; anything else is shown humanised.
KEY_LABELS: dict[str, dict[str, str]] = {
    "turn": {"fr": "Tour", "en": "Turn"},
    "round": {"fr": "Manche", "en": "Round"},
    "current": {"fr": "Joueur actif", "en": "Current player"},
    "current_seat": {"fr": "Joueur actif", "en": "Current player"},
    "active": {"fr": "Joueur actif", "en": "Current player"},
    "to_play": {"fr": "À jouer", "en": "To play"},
    "phase": {"fr": "Phase", "en": "Phase"},
    "step": {"fr": "Étape", "en": "Step"},
    "seat": {"fr": "Place", "en": "Seat"},
    "seats": {"fr": "Places", "en": "Seats"},
    "players": {"fr": "Joueurs", "en": "Players"},
    "hand": {"fr": "Main", "en": "Hand"},
    "hands": {"fr": "Mains", "en": "Hands"},
    "hand_sizes": {"fr": "Cartes en main", "en": "Cards in hand"},
    "deck": {"fr": "Pioche", "en": "Draw pile"},
    "decks": {"fr": "Pioches", "en": "Draw piles"},
    "discard": {"fr": "Défausse", "en": "Discard"},
    "score": {"fr": "Score", "en": "Score"},
    "scores": {"fr": "Scores", "en": "Scores"},
    "points": {"fr": "Points", "en": "Points"},
    "board": {"fr": "Plateau", "en": "Board"},
    "boards": {"fr": "Plateaux", "en": "Boards"},
    "regions": {"fr": "Régions", "en": "Regions"},
    "cities": {"fr": "Villes", "en": "Cities"},
    "city": {"fr": "Ville", "en": "City"},
    "role": {"fr": "Rôle", "en": "Role"},
    "roles": {"fr": "Rôles", "en": "Roles"},
    "location": {"fr": "Position", "en": "Location"},
    "positions": {"fr": "Positions", "en": "Positions"},
    "outbreaks": {"fr": "Éclosions", "en": "Outbreaks"},
    "infection_rate": {"fr": "Vitesse de propagation", "en": "Infection rate"},
    "propagation_rate": {"fr": "Vitesse de propagation", "en": "Infection rate"},
    "cubes": {"fr": "Cubes", "en": "Cubes"},
    "supply": {"fr": "Réserve", "en": "Supply"},
    "cures": {"fr": "Remèdes", "en": "Cures"},
    "research": {"fr": "Centres", "en": "Research stations"},
    "actions_left": {"fr": "Actions restantes", "en": "Actions left"},
    "rats": {"fr": "Rats", "en": "Rats"},
    "bag": {"fr": "Sac", "en": "Bag"},
    "plague": {"fr": "Peste", "en": "Plague"},
    "population": {"fr": "Population", "en": "Population"},
    "peek": {"fr": "Coup d'œil", "en": "Peek"},
    "peeks": {"fr": "Coups d'œil", "en": "Peeks"},
    "total": {"fr": "Total", "en": "Total"},
    "winner": {"fr": "Gagnant", "en": "Winner"},
    "winners": {"fr": "Gagnants", "en": "Winners"},
    "result": {"fr": "Résultat", "en": "Result"},
    "reason": {"fr": "Raison", "en": "Reason"},
    "won": {"fr": "Gagné", "en": "Won"},
    "lost": {"fr": "Perdu", "en": "Lost"},
    "count": {"fr": "Nombre", "en": "Count"},
    "cards": {"fr": "Cartes", "en": "Cards"},
    "events": {"fr": "Événements", "en": "Events"},
    "log": {"fr": "Journal", "en": "Log"},
    "difficulty": {"fr": "Difficulté", "en": "Difficulty"},
    "epidemics": {"fr": "Épidémies", "en": "Epidemics"},
    "ruptures": {"fr": "Ruptures", "en": "Ruptures"},
    "provinces": {"fr": "Provinces", "en": "Provinces"},
    "terrains": {"fr": "Terrains", "en": "Terrains"},
    "shuffles": {"fr": "Mélanges", "en": "Shuffles"},
    "verified": {"fr": "Vérifiés", "en": "Verified"},
    "failures": {"fr": "Échecs", "en": "Failures"},
    "problems": {"fr": "Problèmes", "en": "Problems"},
    "shuffles_checked": {"fr": "Mélanges vérifiés", "en": "Shuffles checked"},
    "draws_checked": {"fr": "Tirages vérifiés", "en": "Draws checked"},
}


# Why a scanned or typed code was refused (engine.core.codes and the app's own parse_entry).
REASONS: dict[str, dict[str, str]] = {
    "not a tablekeeper code": {"fr": "ce n'est pas un code tablekeeper", "en": "not a tablekeeper code"},
    "no check character": {"fr": "caractère de contrôle absent", "en": "no check character"},
    "check character does not match (damaged or misread code)": {
        "fr": "caractère de contrôle faux (code abîmé ou mal lu)",
        "en": "check character does not match (damaged or misread code)",
    },
    "malformed component id": {"fr": "identifiant mal formé", "en": "malformed component id"},
    "not a component id (expected like RAT:07 or PT1:RAT:07:K)": {
        "fr": "ce n'est pas un identifiant (attendu : RAT:07 ou PT1:RAT:07:K)",
        "en": "not a component id (expected like RAT:07 or PT1:RAT:07:K)",
    },
    "empty": {"fr": "vide", "en": "empty"},
}


def reason_text(reason: str, lang: str = DEFAULT_LANG) -> str:
    """A refusal reason in ``lang`` when we know it, else as given."""
    entry = REASONS.get(reason)
    return (entry.get(lang) or entry[DEFAULT_LANG]) if entry else reason


def tr(key: str, lang: str = DEFAULT_LANG, **kw: object) -> str:
    """The text ``key`` in ``lang`` (``fr`` or ``en``), formatted with ``kw``."""
    entry = STRINGS[key]
    text = entry.get(lang) or entry[DEFAULT_LANG]
    return text.format(**kw) if kw else text


def key_label(key: str, lang: str = DEFAULT_LANG) -> str:
    """A human label for a ``view`` dict key: known words translated, others humanised."""
    if _SEATLIKE.match(key):
        return key
    known = KEY_LABELS.get(key) or KEY_LABELS.get(key.lower())
    if known:
        return known.get(lang) or known[DEFAULT_LANG]
    text = key.replace("_", " ").replace("-", " ").strip()
    return text[:1].upper() + text[1:] if text else key
