"""Pandémie — invasion barbare: a cooperative Pandemic on the barbarian invasions of the Roman Empire,
for one to four provinces (one table tablet each) played at once.

The game's declaration is :data:`GAME` (see :class:`engine.core.game.GameSpec`). Seats are ``p1``..``pN``,
the first ``players[0]`` in the first province, and so on.
"""

from typing import Any

from engine import native as _native

# before any import of .rules/.policy: their compiled build is used only when built from these very sources
_native.guard(__name__, __path__[0])

from engine.core.deck import DECK_EVENTS  # noqa: E402
from engine.core.game import GameSpec  # noqa: E402

from .board import (  # noqa: E402
    COLOURS,
    EVENT_CARDS,
    PEOPLES,
    ROLES,
    ProvinceData,
    ProvinceError,
    load_province,
    parse_province,
    shipped,
    to_dict,
)
from .events import *  # noqa: E402, F403
from .events import GAME_EVENTS, INTENT_TYPES  # noqa: E402
from .layout import Board  # noqa: E402
from .refusals import BOOK  # noqa: E402
from .rules import (  # noqa: E402
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
from .text import describe  # noqa: E402

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
    "step",
    "board_info",
    "normalize",
    "Options",
    "OptionError",
    "State",
    "Board",
    "ProvinceData",
    "ProvinceError",
    "load_province",
    "parse_province",
    "shipped",
    "to_dict",
    "COLOURS",
    "EVENT_CARDS",
    "PEOPLES",
    "ROLES",
]


def seats(state: Any) -> list[str]:
    """The player seats of a game in play, in turn order (the game contract's seat list)."""
    return list(state.static.seats)


GAME = GameSpec(
    name="pandemie",
    events=GAME_EVENTS + DECK_EVENTS,
    intents=INTENT_TYPES,
    setup=setup,
    legal=legal,
    apply=apply,
    fold=fold,
    seats=seats,
    view=view,
    outcome=outcome,
    describe=describe,
    phrasebook=BOOK,
    # events a log says only when nothing else of their action was said to that seat: "Alice : déplacement"
    # after "Alice va à Vienna (à pied)", "consulte les 6 cartes du dessus" after "regarde 6 carte(s)",
    # "cartes remises sur la pioche" after "6 carte(s) replacée(s) sur la pioche" said the same twice
    log_quiet=("ActionUsed", "DivinationBegan", "DivinationEnded"),
)
