"""The Rattus map as a drawn board: the 12 regions of a box profile (a schematic Europe for the shipped
default profile, ``data/rattus-europe.toml``; a seeded computed layout for any other region names), land
borders as roads, the arrows across the sea as dashed sea links, and the castle space in a corner.

Each region's printed QR code is ``RRG:<nn>`` (its place in the profile, from 01), so the code on a printed
map stays the same when a group renames a region in its profile.
"""

from __future__ import annotations

import tomllib
import zlib
from functools import lru_cache
from importlib import resources

import numpy as np

from engine.games.rattus.profile import Profile

from .geometry import (
    HEIGHT,
    WIDTH,
    Board,
    Label,
    Place,
    Segment,
    computed_start,
    label_lines,
    label_size,
    relax,
    spread,
)

RADIUS = 62.0
CASTLE_RADIUS = 40.0
FONT = 17.0
MIN_DISTANCE = 2 * RADIUS + 18
CASTLE = "castle"
SHADE = {2: "light", 3: "medium", 4: "dark"}


def region_code(index: int) -> str:
    return f"RRG:{index + 1:02d}"


@lru_cache(maxsize=1)
def europe() -> tuple[dict[str, tuple[float, float]], tuple[float, float]]:
    raw = tomllib.loads(
        resources.files("engine.boards").joinpath("data/rattus-europe.toml").read_text("utf-8")
    )
    places = {k: (float(v[0]), float(v[1])) for k, v in raw["places"].items()}
    at = raw["castle"]["at"]
    return places, (float(at[0]), float(at[1]))


def _inside_label(name: str, x: float, y: float, r: float, size: float) -> Label:
    lines = label_lines(name, size, 1.7 * r)
    w, h = label_size(lines, size)
    return Label(round(x - w / 2, 2), round(y - 0.78 * r, 2), round(w, 2), round(h, 2), lines, size)


def rattus_board(profile: Profile) -> Board:
    return _board(
        profile.name,
        tuple((r.name, r.players) for r in profile.regions),
        tuple((x.a, x.b, x.arrow) for x in profile.links),
        profile.castle,
    )


@lru_cache(maxsize=8)
def _board(
    name: str, regions: tuple[tuple[str, int], ...], links: tuple[tuple[str, str, bool], ...], castle: str
) -> Board:
    names = [r for r, _ in regions]
    known, castle_at = europe()
    edges = [(a, b) for a, b, _ in links]
    if all(n in known for n in names):
        xy = {n: known[n] for n in names}
        source = "coordinates"
    else:
        start = computed_start(names, edges, seed=zlib.crc32("|".join(names).encode()) & 0xFFFF)
        box = (
            RADIUS + 10,
            RADIUS + 10,
            WIDTH - 2 * RADIUS - 20,
            HEIGHT - 2 * RADIUS - 20 - 2 * CASTLE_RADIUS,
        )
        first = spread(start, box, rank_share=0.6)
        p = np.array([first[n] for n in names], dtype=float)
        at = {n: i for i, n in enumerate(names)}
        e = np.array([(at[a], at[b]) for a, b in edges], dtype=int).reshape(-1, 2)
        need = np.full((len(names), len(names)), MIN_DISTANCE + 4)
        p = relax(p, p.copy(), need, e, RADIUS + 8, box, 0, iters=400)
        xy = {n: (round(float(p[i, 0]), 2), round(float(p[i, 1]), 2)) for i, n in enumerate(names)}
        castle_at = (WIDTH / 2, HEIGHT - CASTLE_RADIUS - 8)
        source = "computed"
    places = [
        Place(
            n,
            n,
            xy[n][0],
            xy[n][1],
            RADIUS,
            SHADE[pl],
            _inside_label(n, xy[n][0], xy[n][1], RADIUS, FONT),
            1.5708,
            region_code(i),
            {"kind": "region", "players": str(pl)},
        )
        for i, (n, pl) in enumerate(regions)
    ]
    cx, cy = castle_at
    places.append(
        Place(
            CASTLE,
            castle,
            cx,
            cy,
            CASTLE_RADIUS,
            "castle",
            _inside_label(castle, cx, cy, CASTLE_RADIUS, FONT * 0.8),
            1.5708,
            "",
            {"kind": "castle"},
        )
    )
    segs = tuple(Segment(a, b, "sea" if arrow else "land") for a, b, arrow in links)
    return Board("RATTUS", name or "Rattus", WIDTH, HEIGHT, tuple(places), segs, (), source, MIN_DISTANCE)


__all__ = ["CASTLE", "rattus_board", "region_code"]
