"""Plague and Pestilence (2–6 players): the game module.

The cards, the Population cards and the two dice stay on the table in cardboard; the app keeps what is
hidden or tedious: the shuffled action deck and private hands (core :class:`~engine.core.deck.Deck` with
committed shuffles), the digital dice and their history, the populations (public, or hidden per seat), the
wars with their repeated ties, parries, improvements and eliminations.

The 2d6 reference tables are not in the rules text: they come from a box profile (:mod:`.profile`),
passed as the ``profile`` option. See :func:`.rules.normalise_options` for every option.
"""

from __future__ import annotations

from typing import Any

from engine.core.deck import DECK_EVENTS
from engine.core.game import GameSpec

from . import profile_cli
from .events import GAME_EVENTS, INTENTS
from .refusals import BOOK
from .rules import (
    OptionsError,
    State,
    all_cards,
    apply,
    fold,
    legal,
    normalise_options,
    outcome,
    setup,
    view,
    waiting_for,
)
from .text import describe

__all__ = [
    "GAME",
    "seats",
    "setup",
    "legal",
    "apply",
    "fold",
    "view",
    "outcome",
    "describe",
    "OptionsError",
    "State",
    "all_cards",
    "normalise_options",
    "waiting_for",
]


def seats(state: Any) -> list[str]:
    """The player seats of a game in play, in turn order (the game contract's seat list)."""
    return list(state.seats)


GAME = GameSpec(
    name="plague",
    events=GAME_EVENTS + DECK_EVENTS,
    intents=INTENTS,
    setup=setup,
    legal=legal,
    apply=apply,
    fold=fold,
    seats=seats,
    view=view,
    outcome=outcome,
    describe=describe,
    phrasebook=BOOK,
    profile_cli=profile_cli.main,
)
