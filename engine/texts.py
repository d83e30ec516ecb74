"""Every game's texts through one door: log lines and buttons (:func:`describe`), refusals (:func:`refusal`).

French is the default, English the other language (:data:`engine.core.lang.LANGS`). A refusal arrives on
a device as ``(rule, message)`` (``IllegalIntent``'s fields, carried by the sync protocol as they are) and
is put in the device's language here, from the game's phrasebook (:mod:`engine.core.lang`). The words
themselves are each game's (its :class:`~engine.core.game.GameSpec`: ``describe`` and ``phrasebook``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from engine.core.game import GAMES, GameSpec, Undone, get_game
from engine.core.lang import LANGS, Phrasebook, check_lang

__all__ = ["LANGS", "describe", "known_refusal", "phrasebook", "phrasebooks", "refusal"]

_FALLBACK = ("La règle refuse cette action.", "The rules refuse this.")


def describe(
    game: str | GameSpec, item: Any, lang: str = "fr", names: Mapping[str, str] | None = None
) -> str:
    """One line for an event or an intent of ``game`` in ``lang``, seats said by ``names`` (seat → the
    player's name) when given: the game's own words; an undo as such; a game without words (a test game),
    the type's name."""
    if isinstance(item, Undone):
        # (a seat's log says which action: companion.sync.tables; one it never saw is not named)
        return "Une action annulée" if lang == "fr" else "An action undone"
    spec = get_game(game) if isinstance(game, str) else game
    if spec.describe is None:
        return type(item).__name__
    return str(spec.describe(item, lang, names or None))


def phrasebook(game: str) -> Phrasebook | None:
    """The game's refusals, or None (a game not registered, or without a phrasebook)."""
    if game not in GAMES:
        return None
    return get_game(game).phrasebook


def phrasebooks() -> Iterator[tuple[str, Phrasebook]]:
    """(game, phrasebook) of every registered game that has one and whose engine imports."""
    for game in GAMES:
        try:
            book = get_game(game).phrasebook
        except ImportError:  # an engine that does not import: the new-table screen says why
            continue
        if book is not None:
            yield game, book


def refusal(
    game: str, rule: str, message: str, lang: str = "fr", names: Mapping[str, str] | None = None
) -> str:
    """A refusal of ``game``'s rules in ``lang``: its entry in the phrasebook; else the rule's generic text;
    else a sentence that says the rules refuse (never the English message in a French screen)."""
    check_lang(lang)
    book = phrasebook(game)
    if book is None:
        return message if lang == "en" else _FALLBACK[0]
    found = book.text(rule, message, lang, names)
    if found is not None:
        return found
    generic = book.generic_text(rule, lang)
    if generic is not None:
        return generic
    return message if lang == "en" else _FALLBACK[0]


def known_refusal(game: str, rule: str, message: str) -> bool:
    """Whether the phrasebook has an entry for this refusal (the i18n walk test requires it)."""
    book = phrasebook(game)
    return book is not None and book.match(rule, message) is not None
