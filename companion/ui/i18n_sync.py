"""The host's and the link's refusals, in the user's words (French first): what a device is told when the
host, the LAN or the door says no (``companion.ui.i18n.refusal_text`` reads them)."""

from __future__ import annotations

SYNC_REFUSALS: dict[str, dict[str, str]] = {
    "auth": {
        "fr": "Code PIN refusé : vérifiez-le et réessayez.",
        "en": "PIN refused: check it and try again.",
    },
    "unauthenticated": {
        "fr": "Code PIN refusé : vérifiez-le et réessayez.",
        "en": "PIN refused: check it and try again.",
    },
    "busy": {
        "fr": "Trop d'essais en ce moment : attendez un peu avant de réessayer.",
        "en": "Too many attempts right now: wait a little before trying again.",
    },
    "bad-intent": {
        "fr": "L'hôte n'a pas compris cette action.",
        "en": "The host did not understand this action.",
    },
    "closed": {"fr": "La connexion à la table est fermée.", "en": "The connection to the table is closed."},
    "engine-error": {
        "fr": "L'hôte n'a pas pu appliquer cette action (erreur interne).",
        "en": "The host could not apply this action (internal error).",
    },
    "malformed": {"fr": "Échange illisible avec l'hôte.", "en": "Unreadable exchange with the host."},
    "proto": {
        "fr": "Cet hôte ne parle pas le protocole de cet appareil (versions différentes ?).",
        "en": "This host does not speak this device's protocol (different versions?).",
    },
    "save": {"fr": "L'hôte n'a pas pu enregistrer la partie.", "en": "The host could not save the game."},
    "seat": {"fr": "Cette place n'existe pas à cette table.", "en": "There is no such seat at this table."},
    "seat-taken": {
        "fr": "Cette place est ouverte sur un autre appareil : sur celui-ci, touchez la maison (en haut à "
        "gauche) pour la rendre, ou demandez à l'hôte de la libérer sur son écran.",
        "en": "This seat is open on another device: on that one, tap the house (top left) to give it back, "
        "or ask the host to free it on their screen.",
    },
    "table": {
        "fr": "Une autre table répond à cette adresse.",
        "en": "Another table answers at this address.",
    },
    "tablet-approval": {
        "fr": "Cette tablette n'est pas encore autorisée à jouer pour la table : l'hôte doit l'autoriser "
        "sur son écran (« Autoriser »).",
        "en": "This tablet may not act for the table yet: the host must allow it on its screen "
        "(\u201cAllow\u201d).",
    },
    "unknown-device": {
        "fr": "Cet appareil n'est pas connu de cette table : tapez son code PIN.",
        "en": "This table does not know this device: type its PIN.",
    },
    "bad-request": {
        "fr": "L'hôte a refusé une demande mal formée.",
        "en": "The host refused a malformed request.",
    },
    "timeout": {
        "fr": "L'hôte n'a pas répondu à temps : vérifiez la table avant de réessayer.",
        "en": "The host did not answer in time: check the table before trying again.",
    },
    "unreachable": {
        "fr": "Table injoignable : vérifiez le réseau et le code de la table.",
        "en": "Cannot reach the table: check the network and the join code.",
    },
    "undo-not-yours": {
        "fr": "Seuls l'auteur de la dernière action ou la tablette de la table peuvent l'annuler.",
        "en": "Only whoever took the last action, or the table tablet, can undo it.",
    },
    "undo": {
        "fr": "Impossible d'annuler : la dernière action a révélé une information cachée, ou il n'y a rien "
        "à annuler.",
        "en": "Cannot undo: the last action revealed hidden information, or there is nothing to undo.",
    },
}
