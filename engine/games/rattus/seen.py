"""What one seat may know of the tokens' whereabouts: the state its choices and refusals are computed from.

With real tokens the host may know more than a seat: the sticker of a rat scanned when it was placed (host
only), the tokens a Witch or a Crusader looked at (that player only). A choice offered to a seat, or a refusal
it gets, must not tell it any of that. :func:`for_seat` blanks every token id the seat may not see
(as :func:`view` does), so that ``legal()`` and the refusals read only what the seat's own view shows.
"""

from __future__ import annotations

import msgspec

from engine.core.events import HOST

from .state import State


def for_seat(s: State, seat: str) -> State:
    """The state with the ids of face-down tokens ``seat`` may not see replaced by ``""`` (unknown token).

    Revealed tokens are public; the Crusader's pending tokens are left as they are (whoever scans them for the
    Crusader saw them). The host sees everything."""
    if seat == HOST or s.digital:
        return s  # digital: no seat ever names a token (the app draws and turns them over)
    known = set(s.known.get(seat, ()))
    slots = {r: tuple(t if t in known else "" for t in v) for r, v in s.slots.items()}
    out = tuple(t if t in known else "" for t in s.out_down)
    if slots == s.slots and out == s.out_down:
        return s
    return msgspec.structs.replace(s, slots=slots, out_down=out)
