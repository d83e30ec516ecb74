"""Intents generated broadly from a Rattus state (never from ``legal()``): every intent type, with fields
drawn from what the state offers (regions in play or not, neighbours, seats, cards, token ids, counts,
flags)."""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core import TABLE
from engine.core.rng import Rng
from engine.games import rattus
from engine.games.rattus.characters import CHARACTERS
from engine.games.rattus.profile import TOKEN_IDS

FACES = ("", "", "1 A", "3 M clerge", "2 bourgeoisie")


def _pick(rng: Rng, seq: Any) -> Any:
    seq = list(seq)
    return seq[rng.randbelow(len(seq))]


def _flag(rng: Rng) -> bool:
    return rng.randbelow(2) == 1


def _region(s: rattus.State, rng: Rng, near: str = "") -> str:
    if near and s.adj.get(near) and rng.randbelow(3):
        return _pick(rng, s.adj[near])
    every = [r.name for r in s.profile.regions]  # some are not in play with 2 or 3 players
    return _pick(rng, every if rng.randbelow(8) == 0 else s.regions)


def _token(s: rattus.State, rng: Rng) -> str:
    on_board = [t for v in s.slots.values() for t in v if t]
    k = rng.randbelow(4)
    if k == 0:
        return ""
    if k == 1 and on_board:
        return _pick(rng, on_board)
    return _pick(rng, TOKEN_IDS)


def intent(s: rattus.State, seat: str, rng: Rng) -> Any:
    """One intent of a random type for ``seat``, its fields drawn from the state."""
    R = lambda near="": _region(s, rng, near)  # noqa: E731
    here = s.ravage or s.spread_region or s.plague
    kind = _pick(rng, rattus.GAME.intents)
    name = kind.__name__
    if name == "SetupCubes":
        return kind(seat=seat, region=R())
    if name == "TakeCard":
        return kind(seat=seat, card=_pick(rng, CHARACTERS), region=R() if _flag(rng) else "")
    if name == "PlaceCubes":
        return kind(seat=seat, region=R(), peasant=_flag(rng), queen=_flag(rng))
    if name == "PlaceCubesBurgomaster":
        return kind(
            seat=seat,
            peasant_region=R() if _flag(rng) else "",
            queen_regions=tuple(R() for _ in range(rng.randbelow(4))),
        )
    if name == "FinalCubes":
        return kind(seat=seat, card=_pick(rng, CHARACTERS), region=R())
    if name in ("ToCastle", "AddPotion", "SoldierRat", "BakerPlace"):
        return kind(seat=seat, region=R(s.plague if name == "SoldierRat" else ""))
    if name == "MoveRat":
        src = R()
        return kind(seat=seat, src=src, dst=R(src), index=rng.randbelow(4))
    if name == "MoveCubes":
        src = R()
        return kind(seat=seat, src=src, dst=R(src), count=rng.randbelow(5))
    if name == "PipeCube":
        src = R()
        return kind(seat=seat, src=src, dst=R(src))
    if name == "WitchPeek":
        return kind(seat=seat, region=R(), index=rng.randbelow(4), token=_token(s, rng) if _flag(rng) else "")
    if name in ("WitchSwap", "BakerStore", "EndTurn"):
        return kind(seat=seat)
    if name == "SwapCubes":
        seats = [*s.seats, "p9"]
        return kind(seat=seat, seat_a=_pick(rng, seats), region_a=R(), seat_b=_pick(rng, seats), region_b=R())
    if name == "SetRamparts":
        edges = []
        for _ in range(rng.randbelow(5)):
            a = R()
            edges.append((a, R(a)))
        return kind(seat=seat, edges=tuple(edges))
    if name == "SetNuns":
        return kind(seat=seat, regions=tuple(R() for _ in range(rng.randbelow(5))))
    if name == "SetBishop":
        return kind(seat=seat, bishop=rng.randbelow(3), region=R())
    if name == "MovePlague":
        path, at = [], s.plague
        for _ in range(rng.randbelow(4)):
            at = R(at)
            path.append(at)
        return kind(
            seat=seat,
            path=tuple(path),
            neutral=_flag(rng),
            crusader=_flag(rng),
            soldier=_flag(rng),
            serf=_flag(rng),
        )
    if name == "SpreadRat":
        return kind(seat=seat, region=R(s.spread_region), token=_token(s, rng) if _flag(rng) else "")
    if name == "FlipToken":
        return kind(seat=seat, region=R(here), token=_token(s, rng), face=_pick(rng, FACES))
    if name == "OrderTokens":
        ids = [t for t, _ in s.pending] or [_token(s, rng)]
        order = [ids[k] for k in range(len(ids))]
        for k in range(len(order) - 1, 0, -1):
            j = rng.randbelow(k + 1)
            order[k], order[j] = order[j], order[k]
        if rng.randbelow(5) == 0:
            order = order[:-1]
        return kind(seat=seat, order=tuple(order))
    raise AssertionError(f"no generator for {name}: add one")


def seats_to_try(s: rattus.State) -> list[str]:
    extra = [s.seats[-1]] if s.phase == "final_plague" else []  # anyone turns the last tokens over
    return [x for x in (s.active, TABLE, *extra) if x]


def without_readings(i: Any) -> Any:
    """The intent without what is read off the cardboard (a sticker scanned when a rat is placed or looked at,
    a face typed at a flip): ``legal()`` lists choices, and a reading is data, not a choice."""
    name = type(i).__name__
    if name in ("SpreadRat", "WitchPeek") and i.token:
        return msgspec.structs.replace(i, token="")
    if name == "FlipToken" and i.face:
        return msgspec.structs.replace(i, face="")
    return i


ONE_PIECE_AT_A_TIME = ("SetRamparts", "SetNuns")
"""The Emperor and the Nun may move all their pieces in one use; ``legal()`` lists their moves one piece at a
time (thousands of placements otherwise): a known limit (docs/rattus.md), so the completeness check leaves
them out."""
