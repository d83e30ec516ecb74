"""Pandémie's names in French and English: cities, cards, peoples, roles, provinces, and the small words a
log line or a refusal is built from (how a pawn moved, phases, causes of defeat).

The log lines (:mod:`.text`) and the refusals (:mod:`.refusals`) both say things with these names.
"""

from __future__ import annotations

from functools import cache

from engine.core.lang import Table

from .board import COLOUR_FR, EVENT_CARDS, PEOPLES, all_names, shipped


@cache
def _roles() -> dict[str, str]:
    return {f"PO:{p.code}{k + 1}": r for p in shipped() for k, r in enumerate(p.roles)}


@cache
def _provinces() -> dict[str, str]:
    return {p.code: p.name for p in shipped()}


def city(key: str) -> str:
    return all_names().get(key, key)


def province(code: str) -> str:
    return _provinces().get(code, code)


EVENT_CARDS_EN: tuple[str, ...] = (
    "Quiet night",
    "Secret mission",
    "Ghost town",
    "Divinations",
    "Manu Militari",
)


def card(cid: str, lang: str = "fr") -> str:
    if not cid:
        return WORDS.text("card.hidden", lang)
    kind, _, rest = cid.partition(":")
    if kind in ("PC", "PI"):
        return city(rest)
    if kind == "PE" and rest[-1:].isdigit() and 1 <= int(rest[-1]) <= len(EVENT_CARDS):
        return (EVENT_CARDS if lang == "fr" else EVENT_CARDS_EN)[int(rest[-1]) - 1]
    if kind == "PR":
        return "Rupture"
    if kind == "PO":
        return role_name(_roles().get(cid, cid), lang)
    return cid


PEOPLES_EN = {"blue": "Goths", "yellow": "Huns", "red": "Vandals", "green": "Franks"}
# the shipped provinces' roles in English (a user-made province's own roles stay as it names them)
ROLES_EN = {
    "Consul": "Consul",
    "Dictateur": "Dictator",
    "Imperator": "Imperator",
    "Licteur": "Lictor",
    "Magistrat": "Magistrate",
    "Sénateur": "Senator",
    "Tribun": "Tribune",
}


def people_name(colour: str, lang: str) -> str:
    """A people by its colour: *Vandales* in French, *Vandals* in English."""
    return (PEOPLES_EN if lang == "en" else PEOPLES).get(colour, colour)


def role_name(role: str, lang: str) -> str:
    """A role as the province names it (French), in English when it is one of the shipped roles."""
    return ROLES_EN.get(role, role) if lang == "en" else role


def people(colour: str, lang: str) -> str:
    return f"{people_name(colour, lang)} ({COLOUR_FR.get(colour, colour) if lang == 'fr' else colour})"


WORDS = Table(
    {
        "card.hidden": ("une carte cachée", "a hidden card"),
        "deck.player": ("pioche joueurs", "player deck"),
        "deck.prop": ("pioche propagation", "propagation deck"),
        "deck.roles": ("cartes rôle", "role cards"),
        "how.move": ("à pied", "on foot"),
        "how.redeploy": ("redéploiement", "redeployment"),
        "how.forced-march": ("marche forcée", "forced march"),
        "how.via-romana": ("Via Romana", "Via Romana"),
        "how.consul": ("Consul", "Consul"),
        "how.licteur": ("Licteur", "Licteur"),
        "how.event": ("carte événement", "event card"),
        "how.mission": ("Mission secrète", "Secret mission"),
        "how.manu-militari": ("Manu Militari", "Manu Militari"),
        "phase.actions": ("actions", "actions"),
        "phase.draw": ("pioche", "draw"),
        "phase.propagate": ("propagation", "propagation"),
        "phase.discard": ("défausse", "discard"),
        "action.move": ("déplacement", "move"),
        "action.redeploy": ("redéploiement", "redeployment"),
        "action.forced-march": ("marche forcée", "forced march"),
        "action.via-romana": ("Via Romana", "Via Romana"),
        "action.consul-move": ("déplacement du Consul", "the Consul's move"),
        "action.licteur-gather": ("rassemblement du Licteur", "the Licteur's gathering"),
        "action.build-fort": ("construction d'un Fort", "building a Fort"),
        "action.combat": ("combat", "fight"),
        "action.celebrate": ("célébration", "celebration"),
        "action.share": ("échange de carte", "card exchange"),
        "action.share-victory": ("transmission de victoire", "victory carried"),
        "action.store-event": ("carte entreposée", "event stored"),
        "action.ask": ("demande de carte", "card asked"),
        "cause.pins": ("plus de punaises", "out of pins"),
        "cause.surges": ("trop de déferlements", "too many surges"),
        "cause.propagation-deck": ("pioche propagation vide", "propagation deck empty"),
        "cause.player-deck": ("pioche joueurs vide", "player deck empty"),
        "yes": ("oui", "yes"),
        "no": ("non", "no"),
    }
)


def word(kind: str, value: str, lang: str) -> str:
    """``value`` of a word table (``how``, ``phase``, ``action``, ``cause``) in ``lang``; unknown values
    are shown as they are (a new value then shows up in the i18n walk test)."""
    got = WORDS.get(f"{kind}.{value}", lang)
    return value if got is None else got
