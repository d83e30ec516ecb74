"""Rattus with its Pied Piper expansion: the app keeps the face-down rat tokens.

Seats ``p1``..``p4`` (``p1`` plays first: the youngest player, as the rules say; clockwise = p1, p2, ...),
``table`` for the shared board tablet (public view), the host sees everything. Options::

    {"players": 2|3|4, "mode": "digital"|"physical",
     "characters": "base" | "age-d-or" | "controle-des-rats" | "europe-en-guerre" | "random"
                   | "one-per-class" | [six names],
     "profile": <a box profile in file form (dict); default: the shipped default board>}

``digital``: the app's bag (core Deck, committed shuffle) draws and places the tokens hidden; it needs a
complete profile (every face). ``physical``: the real tokens are used; each one turned over is scanned
(``FlipToken(token="PT1:RAT:07:J")``) or tapped, and the profile gives its face.
"""

from __future__ import annotations

from typing import Any

from engine.core.deck import Drawn, Peeked, Shuffled
from engine.core.events import Event, IllegalIntent
from engine.core.game import GameSpec

from . import events as _ev
from . import profile_cli
from .characters import CHARACTERS, PRESETS
from .choices import legal
from .events import *  # noqa: F403 - the event and intent classes are part of the module's API
from .refusals import BOOK
from .rules import INTENTS, OptionsError, apply, outcome, resolve_options, scores, setup
from .state import State, fold
from .text import describe
from .view import view

__all__ = [
    "GAME",
    "seats",
    "State",
    "OptionsError",
    "setup",
    "legal",
    "apply",
    "fold",
    "view",
    "outcome",
    "describe",
    "scores",
    "resolve_options",
    "IllegalIntent",
    "CHARACTERS",
    "PRESETS",
]


def seats(state: Any) -> list[str]:
    """The player seats of a game in play, in turn order (the game contract's seat list)."""
    return list(state.seats)


GAME = GameSpec(
    name="rattus",
    events=tuple(
        v for v in vars(_ev).values() if isinstance(v, type) and issubclass(v, Event) and v is not Event
    )
    + (Shuffled, Drawn, Peeked),  # the core deck events the bag uses
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
