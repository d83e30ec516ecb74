"""Where a place's badges go (pawns, a Fort): the spots just outside its disc with the most room (on a
ring around the first when a city is crowded: five pawns at the start city covered its name).

A badge set at a fixed angle (away from the place's name) landed between two close cities, on a road, or
under a neighbour's name. Here each place's ring of candidate spots is scored once per board: how far a
badge there stays from every other place, every name (its own too), the link boxes, the board's edges and,
less strictly, the roads. :func:`spots` then takes the best ones, each clear of those already taken.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from engine.boards.geometry import Board

STEPS = 24  # candidate angles around a place
ROAD_SLACK = 5.0  # a badge may cover a road this much before it counts as crowded (roads are thin)
RINGS = 3  # rings of candidate spots: a crowded city's pawns go on the next ring rather than over a name
OUTER_COST = 3.0  # how much room a spot of an inner ring may lack before the next ring is preferred
NAME_COST = 3.0  # each unit of a name covered weighs this many units of room lacking elsewhere

_CACHE: dict[tuple[int, float, float], tuple[Board, dict[str, tuple[np.ndarray, np.ndarray]]]] = {}


def _box_distance(px: np.ndarray, py: np.ndarray, box: tuple[float, float, float, float]) -> np.ndarray:
    x, y, w, h = box
    dx = np.maximum(np.maximum(x - px, 0.0), px - (x + w))
    dy = np.maximum(np.maximum(y - py, 0.0), py - (y + h))
    return np.hypot(dx, dy)


def _seg_distance(
    px: np.ndarray, py: np.ndarray, a: tuple[float, float], b: tuple[float, float]
) -> np.ndarray:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = dx * dx + dy * dy
    t = np.zeros_like(px) if n == 0 else np.clip(((px - a[0]) * dx + (py - a[1]) * dy) / n, 0.0, 1.0)
    return np.hypot(a[0] + t * dx - px, a[1] + t * dy - py)


def _rings(board: Board, radius: float, gap: float) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Per place: the candidate spots (STEPS × 2) and their room (how far a badge of ``radius`` there stays
    from what it must not cover; negative: it covers something)."""
    key = (id(board), radius, gap)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is board:
        return hit[1]
    at = board.by_key()
    labels = [(p.label.x, p.label.y, p.label.w, p.label.h) for p in board.places]
    labels += [(s.label.x, s.label.y, s.label.w, s.label.h) for s in board.stubs]
    roads = [((at[s.a].x, at[s.a].y), (at[s.b].x, at[s.b].y), {s.a, s.b}) for s in board.segments]
    roads += [((at[s.place].x, at[s.place].y), (s.x, s.y), {s.place}) for s in board.stubs]
    angles = np.tile(np.arange(STEPS) * (2 * math.pi / STEPS), RINGS)
    out: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    for p in board.places:
        d = p.r + gap + radius + np.repeat(np.arange(RINGS), STEPS) * (2 * radius + 1)  # ring after ring
        px, py = p.x + d * np.cos(angles), p.y + d * np.sin(angles)
        room = np.minimum.reduce(
            [px - radius, py - radius, board.width - px - radius, board.height - py - radius]
        )
        for o in board.places:
            if o.key != p.key:
                room = np.minimum(room, np.hypot(px - o.x, py - o.y) - o.r - radius)
        for box in labels:  # covering a name costs more than covering a road or nearing another city
            clear = _box_distance(px, py, box) - radius
            room = np.minimum(room, np.where(clear < 0, NAME_COST * clear, clear))
        for a, b, ends in roads:
            if p.key in ends:  # its own roads leave its disc: a badge on one hides where the road goes
                room = np.minimum(room, _seg_distance(px, py, a, b) - radius + ROAD_SLACK / 2)
            else:
                room = np.minimum(room, _seg_distance(px, py, a, b) - radius + ROAD_SLACK)
        out[p.key] = (np.stack([px, py], axis=1), room)
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[key] = (board, out)
    return out


def spots(
    board: Board,
    key: str,
    n: int,
    radius: float,
    gap: float = 2.0,
    taken: Sequence[tuple[float, float, float]] = (),
) -> list[tuple[float, float]]:
    """``n`` spots for badges of ``radius`` just outside place ``key``: the roomiest first, each clear of
    the others and of ``taken`` badges (x, y, radius). Ties go to the side away from the place's name."""
    if n <= 0:
        return []
    xy, room = _rings(board, radius, gap)[key]
    p = board.place(key)
    angles = np.tile(np.arange(STEPS) * (2 * math.pi / STEPS), RINGS)
    away = np.cos(angles - p.free) * 0.5  # a small pull to the side its name leaves free
    away -= np.repeat(np.arange(RINGS), STEPS) * OUTER_COST  # the inner ring first, while it has room
    chosen: list[tuple[float, float]] = []
    others = [(x, y, r) for x, y, r in taken]
    for _ in range(n):
        score = room + away
        for x, y, r in others:  # a badge hiding another hides the game: never, while the ring has room
            clear = np.hypot(xy[:, 0] - x, xy[:, 1] - y) - r - radius
            score = np.minimum(score, clear - 1.0 + away) - 1000.0 * (clear < 0)
        i = int(np.argmax(score))
        chosen.append((float(xy[i, 0]), float(xy[i, 1])))
        others.append((float(xy[i, 0]), float(xy[i, 1]), radius))
    return chosen
