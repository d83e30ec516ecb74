"""French and English texts of the companion app (French by default).

Every key has both languages; ``tests/app/test_app_model.py`` checks it. Screens ask :func:`tr` for a
text; a missing key is a bug and raises ``KeyError`` (no silent English fallback in a French screen).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from engine.core.lang import Phrase, Phrasebook, counted
from engine.core.lang import elide as _elide  # French: de Anne → d'Anne

from .i18n_sync import SYNC_REFUSALS

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
    "open.seats": {"fr": "{n} places", "en": "{n} seats"},
    "open.events": {"fr": "en cours, événement n° {n}", "en": "in play, event #{n}"},
    # new table
    "new.title": {"fr": "Nouvelle table", "en": "New table"},
    "new.game": {"fr": "Jeu", "en": "Game"},
    "new.unavailable": {"fr": "indisponible : {why}", "en": "unavailable: {why}"},
    "new.unavailable.short": {"fr": "indisponible", "en": "unavailable"},
    "new.name": {"fr": "Nom de la table", "en": "Table name"},
    "new.options": {"fr": "Options du jeu", "en": "Game options"},
    "new.advanced": {"fr": "Options avancées (JSON)", "en": "Advanced options (JSON)"},
    "new.advertise": {"fr": "Visible sur le réseau local", "en": "Visible on the local network"},
    "new.advertise_off": {
        "fr": "Non annoncée sur le réseau (l'application a été lancée sans annonce) : les autres appareils "
        "rejoignent avec le code de la table ou son QR code.",
        "en": "Not announced on the network (the app was started without announcing): other devices join "
        "with the table's code or its QR code.",
    },
    "new.create": {"fr": "Créer la table", "en": "Create the table"},
    "new.no_game": {"fr": "Choisissez d'abord un jeu.", "en": "Choose a game first."},
    "new.bad_json": {"fr": "Options avancées illisibles : {err}", "en": "Advanced options unreadable: {err}"},
    "new.bad_option": {"fr": "Option « {name} » : {err}", "en": "Option \u201c{name}\u201d: {err}"},
    "new.failed": {
        "fr": "La table n'a pas pu être créée : {err}",
        "en": "The table could not be created: {err}",
    },
    # hosted table
    "hosted.title": {"fr": "Table prête", "en": "Table ready"},
    "overview.title": {"fr": "Vue d'ensemble", "en": "Overview"},
    "hosted.code": {"fr": "Code de la table", "en": "Join code"},
    "hosted.pin": {"fr": "Code PIN : {pin}", "en": "PIN: {pin}"},
    "hosted.pin_unknown": {
        "fr": "Code PIN : celui choisi à la création (il n'est pas enregistré). "
        "Oublié ? Choisissez-en un nouveau.",
        "en": "PIN: the one chosen at creation (it is not saved). Forgotten? Choose a new one.",
    },
    "hosted.new_pin": {"fr": "Nouveau code PIN", "en": "New PIN"},
    "hosted.forget_devices": {
        "fr": "Oublier tous les appareils (ils retapent le PIN)",
        "en": "Forget every device (they type the PIN again)",
    },
    "hosted.forgot_devices": {
        "fr": "Chaque appareil devra retaper le code PIN.",
        "en": "Every device will have to type the PIN again.",
    },
    "hosted.fingerprint": {
        "fr": "Empreinte du certificat (à comparer si le navigateur avertit) : {fp}",
        "en": "Certificate fingerprint (compare it if the browser warns): {fp}",
    },
    "hosted.holders": {"fr": "Places tenues par un appareil", "en": "Seats held by a device"},
    "hosted.hand_over": {"fr": "Libérer {seat}", "en": "Free {seat}"},
    "hosted.tablets": {
        "fr": "Tablettes qui demandent à jouer pour la table",
        "en": "Tablets asking to act for the table",
    },
    "hosted.tablet_asks": {
        "fr": "{who} demande à être une tablette de table",
        "en": "{who} asks to be a table tablet",
    },
    "hosted.tablet_unnamed": {"fr": "Un appareil ({n})", "en": "A device ({n})"},
    "hosted.tablet_allow": {"fr": "Autoriser", "en": "Allow"},
    "hosted.tablet_refuse": {"fr": "Refuser", "en": "Refuse"},
    "hosted.freed": {
        "fr": "{seat} est libre : l'appareil qui l'ouvre maintenant la reçoit.",
        "en": "{seat} is free: the device that opens it now gets it.",
    },
    "access.host_only": {
        "fr": "Seul l'appareil hôte (son lien secret) peut créer, reprendre ou recenser.",
        "en": "Only the hosting device (its secret link) can create, resume or take a census.",
    },
    "access.need_pin": {
        "fr": "Prouvez d'abord le code PIN de la table.",
        "en": "Prove the table's PIN first.",
    },
    "access.here": {"fr": "Une table sur cet appareil", "en": "A table on this device"},
    "access.here_sub": {
        "fr": "Tapez le code PIN que montre l'écran de l'hôte.",
        "en": "Type the PIN shown on the host's screen.",
    },
    "access.open": {"fr": "Ouvrir", "en": "Open"},
    "access.wrong": {"fr": "Aucune table n'a ce code PIN.", "en": "No table has this PIN."},
    "access.busy": {"fr": "Trop d'essais : {why}", "en": "Too many attempts: {why}"},
    "seat.taken.here": {
        "fr": "La place de {seat} est ouverte sur un autre appareil, à la table en ce moment. Pour la "
        "prendre ici : sur cet appareil-là, touchez la maison (en haut à gauche), il la rend ; ou l'hôte "
        "touche « Libérer {seat} » sur son écran.",
        "en": "{seat}'s seat is open on another device, at the table right now. To take it here: on that "
        "device, tap the house (top left) to give it back; or the host taps “Free {seat}” on their screen.",
    },
    "seat.taken.gone": {
        "fr": "La place de {seat} est tenue par un autre appareil, qui ne répond plus depuis {minutes} min. "
        "L'hôte peut la libérer (« Libérer {seat} » sur son écran) ; pendant son tour, la tablette de sa "
        "province peut aussi « Jouer ici ».",
        "en": "{seat}'s seat is held by another device, which has not answered for {minutes} min. The host "
        "can free it (“Free {seat}” on their screen); during its turn, its province's tablet can "
        "also “Play it here”.",
    },
    "hosted.current": {"fr": "À son tour : {seat}", "en": "Their turn: {seat}"},
    "hosted.seat": {"fr": "Cet appareil sera :", "en": "This device will be:"},
    "hosted.help": {
        "fr": "Les autres appareils : « Rejoindre une table », puis choisir cette table ou taper ce code.",
        "en": "Other devices: \u201cJoin a table\u201d, then pick this table or type this code.",
    },
    # seats
    "seat.table": {"fr": "Tablette de la table (plateau commun)", "en": "Table tablet (shared board)"},
    "seat.player": {"fr": "Joueur {seat}", "en": "Player {seat}"},  # {seat}: the number (p7 → 7)
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
    "join.tablets": {"fr": "Ou cet appareil est une tablette :", "en": "Or this device is a tablet:"},
    "join.not_code": {
        "fr": "Ce n'est pas un code de table : il commence par tk:// et s'affiche sur l'écran de la table "
        "(ou scannez son QR code).",
        "en": "This is not a table's join code: it starts with tk:// and is shown on the table's screen "
        "(or scan its QR code).",
    },
    "join.bad_code": {
        "fr": "Code de table incomplet ou abîmé : recopiez-le depuis l'écran de la table, "
        "ou scannez son QR code.",
        "en": "The join code is incomplete or damaged: copy it again from the table's screen, "
        "or scan its QR code.",
    },
    "join.need_pin": {"fr": "Tapez le code PIN de la table.", "en": "Type the table's PIN."},
    "join.failed": {"fr": "Impossible de rejoindre : {err}", "en": "Could not join: {err}"},
    "join.refused": {
        "fr": "Aucune table ne répond à cette adresse avec ce PIN : vérifiez l'adresse et le PIN.",
        "en": "No table answers at this address with this PIN: check the address and the PIN.",
    },
    "join.selected": {
        "fr": "Table choisie : {name} ({host}:{port})",
        "en": "Chosen table: {name} ({host}:{port})",
    },
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
    "resume.over": {"fr": "Partie terminée", "en": "Game over"},
    "resume.line": {"fr": "{game} · {events} événements · {when}", "en": "{game} · {events} events · {when}"},
    "resume.failed": {"fr": "Reprise impossible : {err}", "en": "Could not resume: {err}"},
    "resume.dir": {"fr": "Dossier des parties : {dir}", "en": "Saved games folder: {dir}"},
    # table / seat screens
    "table.connecting": {"fr": "Connexion à la table…", "en": "Connecting to the table\u2026"},
    "table.seat": {"fr": "Vous êtes : {seat}", "en": "You are: {seat}"},
    "table.board": {"fr": "Plateau", "en": "Board"},
    "table.private": {"fr": "Plateau et votre jeu", "en": "Board and your game"},  # (the board is public)
    "table.todo": {"fr": "À faire maintenant", "en": "What to do now"},
    "table.turn": {"fr": "Au tour de : {who}", "en": "Turn: {who}"},
    "table.your_move": {"fr": "À vous de jouer", "en": "Your move"},
    "table.can_act": {
        "fr": "Au tour de : {who} — vous pouvez agir aussi",
        "en": "Turn: {who} — you may act too",
    },
    "table.waiting": {
        "fr": "Rien à faire pour vous : on attend les autres.",
        "en": "Nothing for you to do: waiting for the others.",
    },
    "table.waiting.table": {
        "fr": "Cette tablette montre le plateau ; chaque joueur agit depuis son téléphone (ou touchez "
        "« Jouer sur cette tablette, à tour de rôle »).",
        "en": "This tablet shows the board; each player acts from their phone (or tap “Play on this tablet, "
        "taking turns”).",
    },
    "table.follow.on": {
        "fr": "Jouer sur cette tablette, à tour de rôle",
        "en": "Play on this tablet, taking turns",
    },
    "table.follow.off": {"fr": "Ne plus jouer sur cette tablette", "en": "Stop playing on this tablet"},
    "table.follow.now": {"fr": "Joue sur cette tablette : {seat}", "en": "Playing on this tablet: {seat}"},
    "table.follow.elsewhere": {
        "fr": "{seat} joue sur son propre appareil",
        "en": "{seat} plays on their own device",
    },
    "table.away": {
        "fr": "C'est au tour de {seat}, mais son appareil ne répond plus depuis plus d'une minute.",
        "en": "It is {seat}'s turn, but their device has not answered for over a minute.",
    },
    "table.event.other": {"fr": "Un événement hors de son tour…", "en": "An event out of turn…"},
    "table.away.play": {"fr": "Jouer ici pour {seat}", "en": "Play it here for {seat}"},
    "table.taken_back": {
        "fr": "{seat} a repris sa place sur son propre appareil.",
        "en": "{seat} took their seat back on their own device.",
    },
    "table.follow.held": {
        "fr": "Son appareil tient sa place : qu'il la quitte (Accueil), et cette tablette la jouera "
        "aussitôt.",
        "en": "Their device holds the seat: once it leaves it (Home), this tablet plays it at once.",
    },
    "table.log": {"fr": "Journal", "en": "Log"},
    "table.log.empty": {"fr": "Rien pour l'instant.", "en": "Nothing yet."},
    "table.seq": {"fr": "événement n° {seq}", "en": "event #{seq}"},
    "table.more": {"fr": "Voir les {n} autres", "en": "Show the {n} others"},
    "table.stale": {
        "fr": "La partie a changé entre-temps : vérifiez, puis choisissez à nouveau.",
        "en": "The game changed meanwhile: check, then choose again.",
    },
    "table.undo": {"fr": "Annuler la dernière action", "en": "Undo the last action"},
    "table.undone": {"fr": "Dernière action annulée.", "en": "Last action undone."},
    "table.rejected": {"fr": "Refusé : {message}", "en": "Refused: {message}"},
    "table.error": {"fr": "Erreur : {err}", "en": "Error: {err}"},
    "table.over": {"fr": "Partie terminée", "en": "Game over"},
    "table.over.nothing": {"fr": "Plus rien à jouer.", "en": "Nothing left to play."},
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
    # scan / type
    "scan.title": {"fr": "Scanner ou taper un pion / une carte", "en": "Scan or type a token / card"},
    "scan.field": {"fr": "Code du pion ou de la carte", "en": "Token or card code"},
    "scan.field.pandemie": {"fr": "Code de la carte", "en": "Card code"},
    "scan.field.rattus": {"fr": "Code du jeton rat", "en": "Rat token code"},
    "scan.field.cartus": {"fr": "Code de la carte", "en": "Card code"},
    "scan.field.plague": {"fr": "Code de la carte", "en": "Card code"},
    "scan.field.ex": {"fr": "{label} (ex. {cid})", "en": "{label} (e.g. {cid})"},  # GameUI.scan_example
    "scan.enter": {"fr": "Entrer", "en": "Enter"},
    "join.scan": {"fr": "Scanner le QR code de la table", "en": "Scan the table's QR code"},
    "scan.foreign": {
        "fr": "Code non reconnu ({reason}) : {raw}",
        "en": "Code not recognised ({reason}): {raw}",
    },
    "scan.notcode": {
        "fr": "« {raw} » n'est pas un code de pièce de {game}{example}.",
        "en": "“{raw}” is not a code of a {game} piece{example}.",
    },
    "scan.example": {"fr": " (un code ressemble à {cid})", "en": " (a code looks like {cid})"},
    "scan.unknown": {
        "fr": "{cid} : aucune pièce de {game} ne porte ce code.",
        "en": "{cid}: no {game} piece has this code.",
    },
    "scan.othergame": {
        "fr": "{cid} est une pièce de {other}, pas de {game}.",
        "en": "{cid} is a {other} piece, not a {game} one.",
    },
    "scan.nomatch": {
        "fr": "{cid} : aucune action possible avec ce composant maintenant.",
        "en": "{cid}: no action possible with this component right now.",
    },
    "scan.many": {"fr": "{cid} : choisissez l'action.", "en": "{cid}: choose the action."},
    "scan.cancel": {"fr": "Aucune de celles-ci", "en": "None of these"},
    "scan.nothing": {"fr": "Aucun code lu sur l'image.", "en": "No code read in the picture."},
    "scan.empty": {"fr": "Tapez ou scannez un code.", "en": "Type or scan a code."},
    # Rattus Cartus and Plague & Pestilence screens (companion/ui/cartus_plague_model.py)
    "cp.more": {"fr": "Autres informations", "en": "Other information"},
    "cp.cartus.specials": {"fr": "Cartes spéciales en jeu", "en": "Special cards in play"},
    "cp.cartus.declared": {"fr": "points de victoire déclarés : {n}", "en": "victory points declared: {n}"},
    "cp.players": {"fr": "Joueurs", "en": "Players"},
    "cp.phase": {"fr": "Phase", "en": "Phase"},
    "cp.waiting": {"fr": "On attend", "en": "Waiting for"},
    "cp.you": {"fr": "vous", "en": "you"},
    "cp.you_seat": {"fr": "{seat} (vous)", "en": "{seat} (you)"},
    "cp.over": {"fr": "Partie terminée.", "en": "The game is over."},
    "cp.wait_for": {"fr": "On attend : {who}", "en": "Waiting for: {who}"},
    "cp.your_move": {"fr": "À vous de jouer.", "en": "Your move."},
    "cp.cartus.mine": {"fr": "Vos rats (secret)", "en": "Your rats (secret)"},
    "cp.cartus.rats": {
        "fr": "Total de vos rats : {total}  ({tokens})",
        "en": "Your rat total: {total}  ({tokens})",
    },
    "cp.cartus.peeks": {"fr": "Nonnes que vous avez regardées", "en": "Nuns you have peeked at"},
    "cp.cartus.peek": {"fr": "Nonne {pos} : {n}", "en": "Nun {pos}: {n}"},
    "cp.cartus.row": {"fr": "Bâtiments de la manche", "en": "This round's buildings"},
    "cp.cartus.nuns": {"fr": "Rangée des nonnes", "en": "Nun row"},
    "cp.cartus.nun": {"fr": "{pos} : {n} nonne(s)", "en": "{pos}: {n} nun(s)"},
    "cp.cartus.nun_hidden": {"fr": "{pos} : cachée", "en": "{pos}: hidden"},
    "cp.cartus.round": {"fr": "Manche", "en": "Round"},
    "cp.cartus.first": {"fr": "Premier joueur", "en": "First player"},
    "cp.cartus.deck": {"fr": "Pioche bâtiments", "en": "Building deck"},
    "cp.cartus.vp_left": {"fr": "Jetons victoire restants", "en": "Victory tokens left"},
    "cp.cartus.support": {
        "fr": "soutien : pioche {draw}, rats {rats}, nonnes {peek}",
        "en": "support: draw {draw}, rats {rats}, nuns {peek}",
    },
    "cp.cartus.no_influence": {"fr": "aucune influence", "en": "no influence"},
    "cp.cartus.player": {
        "fr": "{cards} carte(s) en main · {vp} jeton(s) victoire · {influence}",
        "en": "{cards} card(s) in hand · {vp} victory token(s) · {influence}",
    },
    "cp.cartus.phase.B": {"fr": "Soutien des bâtiments", "en": "Supporting buildings"},
    "cp.cartus.phase.C": {"fr": "Entrée dans les bâtiments", "en": "Entering buildings"},
    "cp.cartus.phase.D": {"fr": "Résolution des bâtiments", "en": "Resolving buildings"},
    "cp.cartus.phase.E": {"fr": "Fin de manche", "en": "End of the round"},
    "cp.cartus.phase.final": {"fr": "Décompte final", "en": "Final scoring"},
    "cp.cartus.do.support": {
        "fr": "Soutenez un bâtiment : piochez jusqu'à {max_draw} carte(s), "
        "défaussez jusqu'à {max_rats} rat(s), regardez jusqu'à {max_peek} nonne(s).",
        "en": "Support a building: draw up to {max_draw} card(s), discard up to {max_rats} rat(s), "
        "peek at up to {max_peek} nun(s).",
    },
    "cp.cartus.do.enter": {
        "fr": "Entrez dans un bâtiment avec 0 à {max_cards} cartes (ou jouez un "
        "Laissez-passer si vous en avez un).",
        "en": "Enter a building with 0 to {max_cards} cards (or play a Pass if you hold one).",
    },
    "cp.cartus.do.reveal": {
        "fr": "Révélez vos cartes posées dans {building}.",
        "en": "Reveal your cards placed in {building}.",
    },
    "cp.cartus.do.end-round": {"fr": "Finissez la manche.", "en": "End the round."},
    "cp.cartus.do.declare-hand": {
        "fr": "Déclarez vos {cards} carte(s) en main.",
        "en": "Declare your {cards} card(s) in hand.",
    },
    "cp.cartus.do.final-counts": {
        "fr": "Entrez les décomptes finaux des joueurs.",
        "en": "Enter the players' final counts.",
    },
    "cp.cartus.do.hospital": {
        "fr": "Hôpital : choisissez jusqu'à {limit} carte(s).",
        "en": "Hospital: choose up to {limit} card(s).",
    },
    "cp.cartus.do.peek": {"fr": "Regardez jusqu'à {limit} nonne(s).", "en": "Peek at up to {limit} nun(s)."},
    "cp.cartus.do.sword": {
        "fr": "Épée : choisissez le joueur qui vous donne des cartes ({options}).",
        "en": "Sword: choose the player who gives you cards ({options}).",
    },
    "cp.cartus.do.flute": {
        "fr": "Flûte : choisissez le joueur qui reçoit un de vos rats ({options}).",
        "en": "Flute: choose the player who gets one of your rats ({options}).",
    },
    "cp.cartus.do.other": {"fr": "À vous : {kind}", "en": "Your move: {kind}"},
    "cp.plague.mine": {"fr": "Votre jeu (secret)", "en": "Your game (secret)"},
    "cp.plague.my_population": {"fr": "Votre population : {n} PP", "en": "Your population: {n} PPs"},
    "cp.plague.hand": {"fr": "Votre main ({n})", "en": "Your hand ({n})"},
    "cp.plague.act": {"fr": "Carte en cours", "en": "Card being played"},
    "cp.plague.act_line": {
        "fr": "{seat} joue {card}, cible : {target}",
        "en": "{seat} plays {card}, target: {target}",
    },
    "pp.err.negative": {"fr": "sans signe moins (10, pas -10)", "en": "no minus sign (10, not -10)"},
    "pp.err.big": {"fr": "trop grand (faute de frappe ?)", "en": "too large (a typing error?)"},
    "cp.plague.cancelled": {"fr": "annulée", "en": "cancelled"},
    "cp.plague.dice": {"fr": "Derniers lancers de dés", "en": "Latest dice rolls"},
    "cp.plague.deck": {
        "fr": "Pioche : {pile} carte(s) · défausse : {discard}",
        "en": "Draw pile: {pile} card(s) · discard: {discard}",
    },
    "cp.plague.turn": {"fr": "Tour", "en": "Turn"},
    "cp.plague.current": {"fr": "Joueur actif", "en": "Current player"},
    "cp.plague.pop": {"fr": "{n} PP", "en": "{n} PPs"},
    "cp.plague.pop_hidden": {"fr": "population cachée", "en": "population hidden"},
    "cp.plague.cards": {"fr": "{n} carte(s)", "en": "{n} card(s)"},
    "cp.plague.out": {"fr": "hors jeu", "en": "out of the game"},  # no adjective to agree with a name
    "cp.plague.last_chance": {"fr": "dernière chance", "en": "last chance"},
    "cp.plague.phase.prosperity": {"fr": "Prospérité", "en": "Prosperity"},
    "cp.plague.phase.plague": {"fr": "Peste", "en": "Plague"},
    "cp.plague.roll.first_player": {"fr": "premier joueur", "en": "first player"},
    "cp.plague.roll.prosperity": {"fr": "Prospérité", "en": "Prosperity"},
    "cp.plague.roll.plague": {"fr": "Peste", "en": "Plague"},
    "cp.plague.roll.war": {"fr": "guerre", "en": "war"},
    "cp.plague.do.roll": {"fr": "Lancez les dés ({phase}).", "en": "Roll the dice ({phase})."},
    "cp.plague.do.act": {"fr": "Jouez une carte, ou défaussez-en une.", "en": "Play a card, or discard one."},
    "cp.plague.do.reaction": {
        "fr": "Parez la carte jouée, ou laissez faire.",
        "en": "Parry the card played, or let it happen.",
    },
    "cp.plague.do.destroy": {
        "fr": "Choisissez l'amélioration détruite.",
        "en": "Choose the improvement destroyed.",
    },
    "cp.plague.do.last_chance": {"fr": "Dernière chance : à vous.", "en": "Last chance: your move."},
    "cp.plague.do.death_ship": {"fr": "Vaisseau de la mort : à vous.", "en": "Death ship: your move."},
    "cp.plague.wait": {"fr": "On attend {who} : {what}", "en": "Waiting for {who}: {what}"},
    "cp.plague.stage.roll": {"fr": "lancer des dés ({phase})", "en": "dice roll ({phase})"},
    "cp.plague.stage.act": {"fr": "jouer ou défausser une carte", "en": "play or discard a card"},
    "cp.plague.stage.reaction": {"fr": "parade possible", "en": "possible parry"},
    "cp.plague.stage.resolving": {"fr": "résolution de la carte", "en": "resolving the card"},
    "cp.plague.stage.destroy": {"fr": "amélioration à détruire", "en": "improvement to destroy"},
    "cp.plague.stage.last_chance": {"fr": "dernière chance", "en": "last chance"},
    "cp.plague.stage.death_ship": {"fr": "vaisseau de la mort", "en": "death ship"},
    # Plague & Pestilence box profile form (new table)
    "pp.title": {"fr": "Tables 2d6 de votre boîte", "en": "Your box's 2d6 tables"},
    "pp.help": {
        "fr": "Ces valeurs sont imprimées sur les cartes de référence PROSPÉRITÉ / PESTE de votre boîte, "
        "pas dans la règle : entrez-les une fois, elles sont gardées sur cet appareil.",
        "en": "These values are printed on your box's PROSPERITY / PLAGUE reference cards, not in the rules: "
        "enter them once and this device keeps them.",
    },
    "pp.saved": {"fr": "Profils enregistrés", "en": "Saved profiles"},
    "pp.none": {
        "fr": "Aucun profil enregistré : entrez les valeurs ci-dessous.",
        "en": "No saved profile: enter the values below.",
    },
    "pp.chosen": {"fr": "Profil choisi : {name}", "en": "Profile chosen: {name}"},
    "pp.new": {"fr": "Entrer un nouveau profil", "en": "Enter a new profile"},
    "pp.name": {"fr": "Nom du profil (ex. « notre boîte »)", "en": 'Profile name (e.g. "our box")'},
    "pp.total": {"fr": "Total", "en": "Total"},
    "pp.prosperity": {"fr": "Prospérité (PP gagnés)", "en": "Prosperity (PPs gained)"},
    "pp.plague": {"fr": "Peste (PP perdus)", "en": "Plague (PPs lost)"},
    "pp.save": {"fr": "Vérifier et enregistrer le profil", "en": "Check and save the profile"},
    "pp.saved_ok": {"fr": "Profil « {name} » enregistré.", "en": 'Profile "{name}" saved.'},
    "pp.errors": {"fr": "{n} valeur(s) à corriger (en rouge).", "en": "{n} value(s) to correct (in red)."},
    "pp.err.empty": {"fr": "à remplir", "en": "required"},
    "pp.err.number": {"fr": "nombre entier attendu", "en": "a whole number"},
    "pp.need": {
        "fr": "Choisissez ou entrez d'abord le profil (tables 2d6) de votre boîte.",
        "en": "First choose or enter your box's profile (2d6 tables).",
    },
    "pp.damaged": {"fr": "{name} : illisible ({err})", "en": "{name}: unreadable ({err})"},
    "pp.cancel": {"fr": "Annuler la saisie", "en": "Cancel the entry"},
    # Rattus token census
    "census.title": {"fr": "Jetons rats", "en": "Rat tokens"},
    "census.start": {"fr": "Recenser les jetons Rattus", "en": "Rattus token census"},
    "census.start.sub": {
        "fr": "Entrer une fois la face des 49 jetons rats de votre boîte",
        "en": "Record once the faces of your box's 49 rat tokens",
    },
    "census.list": {"fr": "Recensements sur cet appareil", "en": "Censuses on this device"},
    "census.line": {"fr": "{name} — {done}/{total} jetons", "en": "{name} — {done}/{total} tokens"},
    "census.new_name": {
        "fr": "Nom du nouveau recensement (ex. « notre boîte »)",
        "en": 'Name of the new census (e.g. "our box")',
    },
    "census.new": {"fr": "Commencer un recensement", "en": "Start a census"},
    "census.progress": {"fr": "{done} / {total} jetons recensés", "en": "{done} / {total} tokens recorded"},
    "census.token": {
        "fr": "Jeton (ex. RAT:07, ou scanner sa pastille)",
        "en": "Token (e.g. RAT:07, or scan its sticker)",
    },
    "census.next": {"fr": "Prochain jeton manquant : {tid}", "en": "Next missing token: {tid}"},
    "census.threshold": {"fr": "Seuil (chiffre imprimé)", "en": "Threshold (printed number)"},
    "census.symbols": {"fr": "Symboles", "en": "Symbols"},
    "census.sym.M": {"fr": "Majorité (M)", "en": "Majority (M)"},
    "census.sym.A": {"fr": "Tous (A)", "en": "All (A)"},
    "census.record": {"fr": "Enregistrer ce jeton", "en": "Record this token"},
    "census.recorded": {"fr": "{tid} enregistré : {face}", "en": "{tid} recorded: {face}"},
    "census.already": {
        "fr": "{tid} est déjà enregistré ({face}) ; enregistrer à nouveau le corrige.",
        "en": "{tid} is already recorded ({face}); recording again corrects it.",
    },
    "census.bad": {"fr": "Refusé : {err}", "en": "Refused: {err}"},
    "census.no_token": {"fr": "Tapez ou scannez d'abord le jeton.", "en": "Type or scan the token first."},
    "census.finish": {"fr": "Terminer le recensement", "en": "Finish the census"},
    "census.finished": {
        "fr": "Recensement complet : utilisable pour une table Rattus.",
        "en": "Census complete: usable for a Rattus table.",
    },
    "census.missing": {"fr": "Manquent encore : {ids}", "en": "Still missing: {ids}"},
    "census.file": {
        "fr": "Enregistré après chaque jeton dans {path}",
        "en": "Saved after each token in {path}",
    },
    "census.scan": {"fr": "Scanner la pastille", "en": "Scan the sticker"},
    "census.use": {"fr": "Profil de la boîte (jetons)", "en": "Box profile (tokens)"},
    "census.default": {"fr": "Plateau par défaut, sans faces", "en": "Default board, no faces"},
    "census.open": {"fr": "Recenser les jetons…", "en": "Token census…"},
    # generic view rendering
    "view.summary": {"fr": "En bref", "en": "At a glance"},
    "view.empty": {"fr": "(vide)", "en": "(empty)"},
    "view.yes": {"fr": "oui", "en": "yes"},
    "view.no": {"fr": "non", "en": "no"},
    # seats are people, province tablets, the seat screen's header, rejoining (table-flow)
    "seat.name": {"fr": "Votre prénom", "en": "Your name"},
    "seat.colour": {"fr": "Votre couleur", "en": "Your colour"},
    "seat.colour_chosen": {
        "fr": "Votre couleur : {colour} (touchez-la encore pour l'enlever)",
        "en": "Your colour: {colour} (tap it again to remove it)",
    },
    "seat.colour_on": {"fr": "{colour} (choisie)", "en": "{colour} (chosen)"},
    "segment": {"fr": "{title} : {value}", "en": "{title}: {value}"},  # a stepper's value (widgets.segments)
    "segment.chosen": {"fr": "{title} : {value} (choisi)", "en": "{title}: {value} (chosen)"},
    "seat.nameless": {"fr": "Place {seat}", "en": "Seat {seat}"},
    "seat.named": {"fr": "{name} (place {seat})", "en": "{name} (seat {seat})"},
    "seat.go": {"fr": "Prendre cette place", "en": "Take this seat"},
    "seat.choose": {"fr": "Choisissez votre place ci-dessous.", "en": "Choose your seat below."},
    "seat.held": {"fr": "{seat} · déjà sur un appareil", "en": "{seat} · already on a device"},
    "new.names": {
        "fr": "Prénoms des joueurs (facultatif, dans l'ordre des places)",
        "en": "Players' names (optional, in seat order)",
    },
    "new.names.hint": {"fr": "Léa, Marc, Zoé…", "en": "Lea, Mark, Zoe…"},
    "tablet.province": {"fr": "Tablette de {province}", "en": "{province} tablet"},
    "tablet.pick": {"fr": "La province de cette tablette :", "en": "This tablet's province:"},
    "tablet.bound": {"fr": "Tablette de la province {province}", "en": "Tablet of the province {province}"},
    "tablet.change": {"fr": "Changer de province", "en": "Change province"},
    "join.look": {"fr": "Voir les places de la table", "en": "See the table's seats"},
    "join.looking": {"fr": "Lecture des places…", "en": "Reading the seats…"},
    "head.you": {"fr": "À vous de jouer", "en": "Your turn"},
    "head.you_after": {"fr": "À vous de jouer après {who}", "en": "Your turn, after {who}"},
    "head.tablet_turn": {"fr": "À {who} de jouer, sur cette tablette", "en": "{who}'s turn, on this tablet"},
    "head.turn": {"fr": "Au tour de {who}", "en": "{who}'s turn"},
    "head.after": {"fr": " — vous jouez après {who}", "en": " — you play after {who}"},
    "head.next": {"fr": " — vous jouez ensuite", "en": " — you play next"},
    "head.actions_of": {"fr": "{who} : {actions}", "en": "{who}: {actions}"},
    "head.nobody": {"fr": "Personne ne joue pour l'instant", "en": "Nobody's turn right now"},
    "head.over": {"fr": "Partie terminée", "en": "Game over"},
    "rat.end.winner": {"fr": "{who} gagne !", "en": "{who} wins!"},
    "rat.end.rats": {"fr": "Fin : la réserve de rats est vide.", "en": "End: no rats left in the supply."},
    "rat.end.cubes": {
        "fr": "Fin : un joueur a posé tous ses cubes.",
        "en": "End: a player has placed all their cubes.",
    },
    "rat.end.rank": {
        "fr": "{n}. {who} : {score} habitant(s) sur le plateau",
        "en": "{n}. {who}: {score} people on the board",
    },
    "plg.end.winner": {"fr": "{who} gagne !", "en": "{who} wins!"},
    "plg.end.tied": {"fr": "Égalité : {who}", "en": "A tie: {who}"},
    "plg.end.none": {
        "fr": "Personne ne gagne : tout le monde a été éliminé.",
        "en": "Nobody wins: everyone was eliminated.",
    },
    "plg.end.eliminated": {"fr": "Hors jeu : {who}", "en": "Out of the game: {who}"},
    "pan.end.won": {"fr": "Partie gagnée : l'Empire tient bon !", "en": "Game won: the Empire holds!"},
    "pan.end.lost": {"fr": "Partie perdue", "en": "Game lost"},
    "pan.end.where": {"fr": "{province} : {why}", "en": "{province}: {why}"},
    "head.actions": {"fr": "{n} action(s) restante(s)", "en": "{n} action(s) left"},
    "head.where": {"fr": "Vous êtes à {city} ({role})", "en": "You are in {city} ({role})"},
    "head.awaited": {"fr": "On attend : {who}", "en": "Waiting for: {who}"},
    "head.phase.actions": {"fr": "{province} : phase d'actions", "en": "{province}: actions phase"},
    "head.phase.draw": {"fr": "{province} : piocher 2 cartes", "en": "{province}: draw 2 cards"},
    "head.phase.discard": {
        "fr": "{province} : défausser jusqu'à 7 cartes",
        "en": "{province}: discard down to 7",
    },
    "head.phase.propagate": {"fr": "{province} : propagation", "en": "{province}: propagation"},
    "head.phase.propagation": {"fr": "{province} : propagation", "en": "{province}: propagation"},
    "rejoin.trying": {"fr": "Retour à votre place ({seat})…", "en": "Back to your seat ({seat})…"},
    "rejoin.failed": {"fr": "Retour impossible : {err}", "en": "Could not go back: {err}"},
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
    "infection_rate": {"fr": "Vitesse de propagation", "en": "Propagation speed"},
    "propagation_rate": {"fr": "Vitesse de propagation", "en": "Propagation speed"},
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
    "a character that cannot be in a code (damaged or misread code)": {
        "fr": "un caractère qui ne peut pas être dans un code (code abîmé ou mal lu)",
        "en": "a character that cannot be in a code (damaged or misread code)",
    },
    "a table's join code, not a piece": {
        "fr": "QR code pour rejoindre une table, pas une pièce",
        "en": "a table's join code, not a piece",
    },
    "not a component id (expected like RAT:07 or PT1:RAT:07:J)": {
        "fr": "ce n'est pas un identifiant (attendu : RAT:07 ou PT1:RAT:07:J)",
        "en": "not a component id (expected like RAT:07 or PT1:RAT:07:J)",
    },
    "empty": {"fr": "vide", "en": "empty"},
}


# Why the host or the link refused something (companion/sync: the rule of a Rejected); the message, in
# English, is shown only on an English screen and only when no sentence here says more.


def _form_words(kind: str, value: str, lang: str) -> str | None:
    return None


# What the new-table form refuses (companion.ui.model.parse_option / build_options)
FORM = Phrasebook(
    [
        Phrase(
            "form",
            "'{value}' is not a whole number",
            "« {value} » n'est pas un nombre entier",
            "“{value}” is not a whole number",
        ),
        Phrase("form", "{n} is not between {low} and {high}", "{n} n'est pas entre {low} et {high}"),
        Phrase(
            "form",
            "'{value}' is not one of {choices}",
            "« {value} » n'est pas parmi {choices}",
            "“{value}” is not one of {choices}",
        ),
        Phrase(
            "form",
            "line {line} column {col}: {problem}",
            "ligne {line}, colonne {col} : JSON illisible",
            "line {line}, column {col}: unreadable JSON",
        ),
        Phrase(
            "form",
            'must be an object like {{"players": 3}}',
            'il faut un objet comme {{"players": 3}}',
            'must be an object like {{"players": 3}}',
        ),
    ],
    _form_words,
)


def form_error(message: str, lang: str = DEFAULT_LANG) -> str:
    """A new-table form error in ``lang`` (the message as :mod:`companion.ui.model` raised it)."""
    return FORM.text("form", message, lang) or (message if lang == "en" else "valeur refusée")


def refusal_text(
    rule: str, message: str, lang: str = DEFAULT_LANG, game: str = "", names: dict[str, str] | None = None
) -> str:
    """A refusal in ``lang``: the host's or the link's (:data:`SYNC_REFUSALS`), else the game's rules
    (``engine.texts.refusal``: its phrasebook, with the parameters of the message translated)."""
    from engine import texts

    if game and texts.known_refusal(game, rule, message):
        return texts.refusal(game, rule, message, lang, names)
    entry = SYNC_REFUSALS.get(rule)
    if entry is not None:
        return entry.get(lang) or entry[DEFAULT_LANG]
    if game:
        return texts.refusal(game, rule, message, lang, names)
    for g, book in texts.phrasebooks():  # a game's options refused while creating its table
        if book.match(rule, message) is not None:
            return texts.refusal(g, rule, message, lang, names)
    return message if lang == "en" else "Refusé."


def reason_text(reason: str, lang: str = DEFAULT_LANG) -> str:
    """A refusal reason in ``lang`` when we know it, else as given."""
    entry = REASONS.get(reason)
    return (entry.get(lang) or entry[DEFAULT_LANG]) if entry else reason


def tr(key: str, lang: str = DEFAULT_LANG, **kw: object) -> str:
    """The text ``key`` in ``lang`` (``fr`` or ``en``), formatted with ``kw`` (in French, ``de`` elided
    before a name that starts with a vowel or an h)."""
    entry = STRINGS[key]
    text = entry.get(lang) or entry[DEFAULT_LANG]
    if not kw:
        return text
    if lang == "fr":
        text = _elide(text, kw)
    return counted(
        text.format(**kw), lang
    )  # "4 actions restantes", "1 carte": no "(s)" once the count is known


def pairs(table: Mapping[str, tuple[str, str]]) -> Callable[..., str]:
    """A ``t(key, lang, **kw)`` for a module's own (French, English) texts, formatted as :func:`tr` does."""

    def t(key: str, lang: str = DEFAULT_LANG, **kw: object) -> str:
        fr, en = table[key]
        text = en if lang == "en" else fr
        if not kw:
            return text
        return counted((_elide(text, kw) if lang == "fr" else text).format(**kw), lang)

    return t


def key_label(key: str, lang: str = DEFAULT_LANG) -> str:
    """A human label for a ``view`` dict key: known words translated, others humanised."""
    if _SEATLIKE.match(key):
        return key
    known = KEY_LABELS.get(key) or KEY_LABELS.get(key.lower())
    if known:
        return known.get(lang) or known[DEFAULT_LANG]
    text = key.replace("_", " ").replace("-", " ").strip()
    return text[:1].upper() + text[1:] if text else key
