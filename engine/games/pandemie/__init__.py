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
    "log_part",
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


def log_part(event: Any, state: Any) -> str:
    """The province an event is about (its code), for a province tablet's log; "" for the whole table (the
    game's start). A surge crossing into another province is that province's; a card drawn, that deck's
    province; a player's doing, their province's; a card taken out of the game, its city's."""
    st = state.static
    board: Board = st.board
    codes: tuple[str, ...] = board.codes
    for field in ("province", "to_province"):
        code = getattr(event, field, "")
        if isinstance(code, str) and code in board.prov_index:
            return code
    for field in ("city", "to"):
        city = board.index.get(getattr(event, field, "") or "")
        if city is not None:
            return codes[board.province_of(city)]
    decks: dict[str, tuple[str, int]] = st.decks
    deck = decks.get(getattr(event, "deck", "") or "")
    if deck is not None:
        return codes[deck[1]]
    seat_index: dict[str, int] = st.seat_index
    seat_prov: tuple[int, ...] = st.seat_prov
    for field in ("seat", "giver", "pawn"):
        i = seat_index.get(getattr(event, field, "") or "")
        if i is not None:
            return codes[seat_prov[i]]
    card = getattr(event, "card", "")
    city = board.index.get(card[3:] if isinstance(card, str) else "")
    return codes[board.province_of(city)] if city is not None else ""


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
    log_part=log_part,
)
