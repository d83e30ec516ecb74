"""Every game's texts in one place: log lines and buttons (:func:`describe`), refusals (:func:`refusal`).

French is the default, English the other language (:data:`engine.core.lang.LANGS`). A refusal arrives on
a device as ``(rule, message)`` (``IllegalIntent``'s fields, carried by the sync protocol as they are) and
is put in the device's language here, from the game's phrasebook (:mod:`engine.core.lang`).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from engine.core.lang import LANGS, Phrasebook, check_lang

__all__ = ["GAMES", "LANGS", "describe", "known_refusal", "phrasebook", "refusal"]

_TEXT_MODULES = {
    "pandemie": ("engine.games.pandemie.text", "engine.games.pandemie.refusals"),
    "rattus": ("engine.games.rattus.text", "engine.games.rattus.refusals"),
    "cartus": ("engine.games.cartus.describe", "engine.games.cartus.refusals"),
    "plague": ("engine.games.plague.text", "engine.games.plague.refusals"),
}

GAMES: tuple[str, ...] = tuple(_TEXT_MODULES)

_FALLBACK = ("La règle refuse cette action.", "The rules refuse this.")


def phrasebook(game: str) -> Phrasebook:
    return importlib.import_module(_TEXT_MODULES[game][1]).BOOK  # type: ignore[no-any-return]


def describe(game: str, item: Any, lang: str = "fr", names: Mapping[str, str] | None = None) -> str:
    """One line for an event or an intent of ``game`` in ``lang``."""
    mod = importlib.import_module(_TEXT_MODULES[game][0])
    return str(mod.describe(item, lang, names))


def refusal(
    game: str, rule: str, message: str, lang: str = "fr", names: Mapping[str, str] | None = None
) -> str:
    """A refusal of ``game``'s rules in ``lang``: its entry in the phrasebook; else the rule's generic text;
    else a sentence that says the rules refuse (never the English message in a French screen)."""
    check_lang(lang)
    if game not in _TEXT_MODULES:
        return message if lang == "en" else _FALLBACK[0]
    book = phrasebook(game)
    found = book.text(rule, message, lang, names)
    if found is not None:
        return found
    generic = book.generic_text(rule, lang)
    if generic is not None:
        return generic
    return message if lang == "en" else _FALLBACK[0]


def known_refusal(game: str, rule: str, message: str) -> bool:
    """Whether the phrasebook has an entry for this refusal (the i18n walk test requires it)."""
    return game in _TEXT_MODULES and phrasebook(game).match(rule, message) is not None
