"""Pandémie — invasion barbare: a cooperative Pandemic on the barbarian invasions of the Roman Empire,
for one to four provinces (one table tablet each) played at once.

Game-module contract (see :mod:`engine.core.game`): ``NAME``, ``EVENTS``, ``INTENTS``, ``setup``,
``legal``, ``apply``, ``fold``, ``view``, ``outcome``, ``describe``. Seats are ``p1``..``pN``, the first
``players[0]`` in the first province, and so on.
"""

from typing import Any

from .board import (
    COLOURS,
    EVENT_CARDS,
    PEOPLES,
    ROLES,
    Board,
    ProvinceData,
    ProvinceError,
    load_province,
    parse_province,
    shipped,
    to_dict,
)
from .events import *  # noqa: F403
from .rules import (
    EVENTS,
    INTENTS,
    NAME,
    OptionError,
    Options,
    State,
    apply,
    board_info,
    fold,
    legal,
    normalize,
    outcome,
    setup,
    step,
    view,
)
from .text import describe

__all__ = [
    "seats",
    "NAME", "EVENTS", "INTENTS", "setup", "legal", "apply", "fold", "view", "outcome", "describe", "step", "board_info",
    "normalize", "Options", "OptionError", "State", "Board", "ProvinceData", "ProvinceError",
    "load_province", "parse_province", "shipped", "to_dict", "COLOURS", "EVENT_CARDS", "PEOPLES", "ROLES",
]


def seats(state: Any) -> list[str]:
    """The player seats of a game in play, in turn order (the game contract's seat list)."""
    return list(state.static.seats)
