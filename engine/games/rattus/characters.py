"""The six classes and the eighteen characters (six of the base game, twelve of Pied Piper).

Names are those of the French rules texts. Keys are ASCII slugs used in intents, events and options.
Catalogue ids: base class cards ``RCL:1..6``, Pied Piper characters ``RPP:01..12`` (both in the order of
the classes as the rules list them: Paysannerie, Bourgeoisie, Clergé, Chevalerie, Magie, Noblesse).
"""

from __future__ import annotations

import msgspec

CLASSES: dict[str, tuple[str, str]] = {
    # key: (French, English)
    "paysannerie": ("Paysannerie", "Peasantry"),
    "bourgeoisie": ("Bourgeoisie", "Bourgeoisie"),
    "clerge": ("Clergé", "Church"),
    "chevalerie": ("Chevalerie", "Chivalry"),
    "magie": ("Magie", "Magic"),
    "noblesse": ("Noblesse", "Royalty"),
}


class Character(msgspec.Struct, frozen=True):
    key: str
    cls: str
    fr: str
    en: str
    component: str
    expansion: bool


CHARACTERS: dict[str, Character] = {
    c.key: c
    for c in (
        Character("paysan", "paysannerie", "Paysan", "Peasant", "RCL:1", False),
        Character("marchand", "bourgeoisie", "Marchand", "Merchant", "RCL:2", False),
        Character("moine", "clerge", "Moine", "Monk", "RCL:3", False),
        Character("chevalier", "chevalerie", "Chevalier", "Knight", "RCL:4", False),
        Character("sorciere", "magie", "Sorcière", "Witch", "RCL:5", False),
        Character("roi", "noblesse", "Roi", "King", "RCL:6", False),
        Character("serf", "paysannerie", "Serf", "Serf", "RPP:01", True),
        Character("boulanger", "paysannerie", "Boulanger", "Baker", "RPP:02", True),
        Character("messager", "bourgeoisie", "Messager", "Messenger", "RPP:03", True),
        Character("bourgmestre", "bourgeoisie", "Bourgmestre", "Burgomaster", "RPP:04", True),
        Character("nonne", "clerge", "Nonne", "Nun", "RPP:05", True),
        Character("eveque", "clerge", "Evêque", "Bishop", "RPP:06", True),
        Character("croise", "chevalerie", "Croisé", "Crusader", "RPP:07", True),
        Character("soldat", "chevalerie", "Soldat", "Soldier", "RPP:08", True),
        Character("piedpiper", "magie", "Pied Piper", "Pied Piper", "RPP:09", True),
        Character("magicien", "magie", "Magicien", "Magician", "RPP:10", True),
        Character("empereur", "noblesse", "Empereur", "Emperor", "RPP:11", True),
        Character("reine", "noblesse", "Reine", "Queen", "RPP:12", True),
    )
}

BASE: tuple[str, ...] = ("paysan", "marchand", "moine", "chevalier", "sorciere", "roi")

PRESETS: dict[str, tuple[str, ...]] = {
    # "Suggestions de choix de cartes" of the Pied Piper rules
    "base": BASE,
    "age-d-or": ("paysan", "boulanger", "serf", "reine", "bourgmestre", "soldat"),
    "controle-des-rats": ("piedpiper", "magicien", "eveque", "nonne", "moine", "empereur"),
    "europe-en-guerre": ("chevalier", "croise", "soldat", "messager", "marchand", "piedpiper"),
}

KNIGHTLY = ("chevalier", "croise", "soldat")
"""Chivalry cards: each lets the plague move two regions (never more than two, whatever the combination)."""

_ALIASES = {c.fr.lower(): c.key for c in CHARACTERS.values()} | {
    c.en.lower(): c.key for c in CHARACTERS.values()
}
_ALIASES |= {
    "boulangier": "boulanger",
    "evêque": "eveque",
    "eveque": "eveque",
    "croisé": "croise",
    "sorcière": "sorciere",
    "pied piper": "piedpiper",
    "messenger": "messager",
}


def character_key(name: str) -> str | None:
    """A character key from a key, its French or English name, or its catalogue id."""
    n = name.strip()
    if n in CHARACTERS:
        return n
    for c in CHARACTERS.values():
        if c.component == n.upper():
            return c.key
    return _ALIASES.get(n.lower())


def class_of(key: str) -> str:
    return CHARACTERS[key].cls
