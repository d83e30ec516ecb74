"""A Pandémie province as a drawn board: its 48 cities where the data file puts them (``lat``/``lon``; a
seeded computed layout when a file has none), their names, the roads between them, and the links to
other provinces drawn as stubs at the map's edge naming the target province and city.

Each city's printed QR code is ``PB:<key>`` (``PB:G01`` = the first city of Gallia's file), a board spot,
distinct from its cards ``PC:``/``PI:``.

Arranging a province takes the computer a second or a few (:func:`engine.boards.geometry.arrange`): the
shipped provinces' boards are saved in :data:`LAYOUTS`, each under the digest of the data it was made from,
and read from there when the data is the same; a province of a group's own (or a changed file) is arranged
when first drawn. ``python -m engine.boards.pandemie`` writes them again (``tests/boards`` checks that they
are what the code makes).
"""

from __future__ import annotations

import hashlib
import math
import sys
import zlib
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import msgspec

from engine.games.pandemie.board import ProvinceData, ProvinceError, shipped

from .geometry import (
    HEIGHT,
    WIDTH,
    Arranged,
    Board,
    Label,
    Place,
    Segment,
    Stub,
    arrange,
    box_overlap,
    computed_start,
    free_angle,
    label_size,
    place_labels,
    project,
    seg_box,
    seg_point_distance,
    spread_along,
    stub_side,
)
from .geometry import spread as spread_start

RADIUS = 20.0
FONT = 13.0
STUB_FONT = 11.0
MIN_DISTANCE = 46.0
BAND_GAP = 4.0


def city_key(p: ProvinceData, index: int) -> str:
    return f"{p.code}{index + 1:02d}"


def board_code(key: str) -> str:
    """The component id of a city's spot on a printed board."""
    return f"PB:{key}"


def _centroid(p: ProvinceData) -> tuple[float, float] | None:
    if any(c.lat is None or c.lon is None for c in p.cities):
        return None
    return (
        sum(c.lon or 0.0 for c in p.cities) / len(p.cities),
        sum(c.lat or 0.0 for c in p.cities) / len(p.cities),
    )


def links_of(p: ProvinceData, known: Sequence[ProvinceData]) -> list[tuple[str, str, str]]:
    """(city name here, other province code, other city name), from either province's file, sorted."""
    out: set[tuple[str, str, str]] = set()
    for c in p.cities:
        for lk in c.links:
            out.add((c.name, lk.province, lk.city))
    for o in known:
        if o.code == p.code:
            continue
        for c in o.cities:
            for lk in c.links:
                if lk.province == p.code:
                    out.add((lk.city, o.code, c.name))
    return sorted(out)


def province_board(p: ProvinceData, known: Sequence[ProvinceData] | None = None) -> Board:
    """The drawn board of a province (cached: same data, same board). ``known`` are the other provinces
    (the shipped ones by default), for the links' targets."""
    others = tuple(shipped()) if known is None else tuple(known)
    return _board(p, tuple(o for o in others if o.code != p.code))


LAYOUTS = Path(__file__).with_name("pandemie_layouts.json")
AREA = (4.0, 4.0, WIDTH - 8, HEIGHT - 8)  # where names may stand


def layout_key(p: ProvinceData, others: Sequence[ProvinceData]) -> str:
    """The digest of what a province's board is made from: its data and the other provinces' (their links)."""
    data = msgspec.json.encode([p, sorted(others, key=lambda o: o.code)])
    return hashlib.sha256(data).hexdigest()[:32]


@lru_cache(maxsize=1)
def saved_layouts() -> dict[str, Board]:
    """The saved boards by :func:`layout_key` (none when the file is missing or unreadable)."""
    try:
        return msgspec.json.decode(LAYOUTS.read_bytes(), type=dict[str, Board])
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return {}


@lru_cache(maxsize=32)
def _board(p: ProvinceData, others: tuple[ProvinceData, ...]) -> Board:
    saved = saved_layouts().get(layout_key(p, others))
    return saved if saved is not None else arranged_board(p, others)


def shipped_layouts() -> dict[str, Board]:
    """Every shipped province's board arranged anew, by :func:`layout_key`."""
    every = tuple(shipped())
    out = {}
    for p in every:
        others = tuple(o for o in every if o.code != p.code)
        out[layout_key(p, others)] = arranged_board(p, others)
    return out


def arranged_board(p: ProvinceData, others: Sequence[ProvinceData]) -> Board:
    """A province's board, arranged (:func:`engine.boards.geometry.arrange`)."""
    keys = [city_key(p, i) for i in range(len(p.cities))]
    key_of = {c.name: k for c, k in zip(p.cities, keys, strict=True)}
    names = {k: c.name for c, k in zip(p.cities, keys, strict=True)}
    edges = sorted({tuple(sorted((key_of[c.name], key_of[nb]))) for c in p.cities for nb in c.neighbours})
    edge_pairs = [(a, b) for a, b in edges]
    has_coords = all(c.lat is not None and c.lon is not None for c in p.cities)
    if has_coords:
        start = project({key_of[c.name]: (float(c.lon or 0.0), float(c.lat or 0.0)) for c in p.cities})
        source = "coordinates"
    else:
        start = computed_start(keys, edge_pairs, seed=zlib.crc32(p.code.encode()) & 0xFFFF)
        source = "computed"

    # links: which edge each goes to, and its label there
    by_code = {o.code: o for o in others}
    links = [lk for lk in links_of(p, others) if lk[1] in by_code and lk[0] in key_of]
    here = _centroid(p)
    pre = spread_start(start, (0.0, 0.0, WIDTH, HEIGHT))
    sides: list[str] = []
    for city, target, _tc in links:
        there = _centroid(by_code[target])
        if here is not None and there is not None:
            k = math.cos(math.radians((here[1] + there[1]) / 2))
            sides.append(stub_side((there[0] - here[0]) * k, -(there[1] - here[1])))
        else:
            x, y = pre[key_of[city]]
            d = {"w": x, "e": WIDTH - x, "n": y * 1.4, "s": (HEIGHT - y) * 1.4}
            sides.append(min(d, key=lambda s: d[s]))
    stub_lines = [(f"» {by_code[t].name}", tc) for _c, t, tc in links]
    stub_size = [label_size(lines, STUB_FONT) for lines in stub_lines]
    band = {s: 0.0 for s in "nsew"}
    for s, (w, h) in zip(sides, stub_size, strict=True):
        band[s] = max(band[s], (w if s in "ew" else h) + 2 * BAND_GAP)
    margin_x, margin_y = 26.0, 20.0
    box = (
        band["w"] + margin_x,
        band["n"] + margin_y,
        WIDTH - band["w"] - band["e"] - 2 * margin_x,
        HEIGHT - band["n"] - band["s"] - 2 * margin_y,
    )
    # stubs along their edge, near their city's start position, never on top of each other
    stub_xy: list[tuple[float, float]] = [(0.0, 0.0)] * len(links)
    stub_box: list[tuple[float, float, float, float]] = [(0.0, 0.0, 0.0, 0.0)] * len(links)
    for s in "nsew":
        idx = [i for i, side in enumerate(sides) if side == s]
        if not idx:
            continue
        along = [pre[key_of[links[i][0]]][0 if s in "ns" else 1] for i in idx]
        lengths = [(stub_size[i][0] if s in "ns" else stub_size[i][1]) + 10 for i in idx]
        lo, hi = _edge_span(s, band)
        centres = spread_along(along, lengths, lo + 4, hi - 4)
        for i, c in zip(idx, centres, strict=True):
            stub_box[i], stub_xy[i] = _stub_at(s, c, *stub_size[i])
    pins = {f"~{i}": stub_xy[i] for i in range(len(links))}
    pin_edges = [(key_of[links[i][0]], f"~{i}") for i in range(len(links))]
    got = arrange(
        keys,
        names,
        edge_pairs,
        start=start,
        box=box,
        area=AREA,
        radius=RADIUS,
        min_distance=MIN_DISTANCE,
        font=FONT,
        pins=pins,
        pin_edges=pin_edges,
        obstacles=stub_box,
    )
    labels, free = got.labels, got.free
    cities = [key_of[c] for c, _t, _tc in links]
    moved = _clear_links(got, keys, cities, sides, stub_size, stub_xy, stub_box, band)
    if moved:  # the names placed again around the same places, the moved link boxes in their way
        sizes = {k: (got.labels[k].w, got.labels[k].h) for k in keys}
        xy = {k: got.xy[k] for k in keys}
        boxes, spots, left = place_labels(
            xy,
            dict.fromkeys(keys, RADIUS),
            sizes,
            [(xy[a], xy[b]) for a, b in edge_pairs],
            AREA,
            stub_box,
            ambiguity=True,
            links=[(xy[c], stub_xy[i]) for i, c in enumerate(cities)],
        )
        if not left:
            labels = {}
            for key in keys:
                x, y, w, h = (round(v, 2) for v in boxes[key])
                labels[key] = Label(x, y, w, h, got.labels[key].lines, FONT)
            free = {k: free_angle(spots[k]) for k in keys}
    places = tuple(
        Place(
            k,
            names[k],
            got.xy[k][0],
            got.xy[k][1],
            RADIUS,
            c.colour,
            labels[k],
            round(free[k], 3),
            board_code(k),
            {"population": str(c.population)},
        )
        for c, k in zip(p.cities, keys, strict=True)
    )
    stubs = tuple(
        Stub(
            key_of[city],
            target,
            by_code[target].name,
            tc,
            round(stub_xy[i][0], 2),
            round(stub_xy[i][1], 2),
            sides[i],
            Label(
                round(stub_box[i][0], 2),
                round(stub_box[i][1], 2),
                round(stub_box[i][2], 2),
                round(stub_box[i][3], 2),
                lines=stub_lines[i],
                size=STUB_FONT,
            ),
        )
        for i, (city, target, tc) in enumerate(links)
    )
    return Board(
        p.code,
        p.name,
        WIDTH,
        HEIGHT,
        places,
        tuple(Segment(a, b) for a, b in edges),
        stubs,
        source,
        MIN_DISTANCE,
    )


def _edge_span(side: str, band: dict[str, float]) -> tuple[float, float]:
    """Where link boxes may stand along the ``side`` edge: between the bands of the edges across it."""
    return (band["w"], WIDTH - band["e"]) if side in "ns" else (band["n"], HEIGHT - band["s"])


def _stub_at(
    side: str, c: float, w: float, h: float
) -> tuple[tuple[float, float, float, float], tuple[float, float]]:
    """A link's box on the ``side`` edge centred at ``c`` along it, and where its dashed line ends."""
    if side == "w":
        return (BAND_GAP, c - h / 2, w, h), (BAND_GAP + w + 2, c)
    if side == "e":
        return (WIDTH - BAND_GAP - w, c - h / 2, w, h), (WIDTH - BAND_GAP - w - 2, c)
    if side == "n":
        return (c - w / 2, BAND_GAP, w, h), (c, BAND_GAP + h + 2)
    return (c - w / 2, HEIGHT - BAND_GAP - h, w, h), (c, HEIGHT - BAND_GAP - h - 2)


def _clear_links(
    got: Arranged,
    keys: Sequence[str],
    cities: Sequence[str],
    sides: Sequence[str],
    sizes: Sequence[tuple[float, float]],
    stub_xy: list[tuple[float, float]],
    stub_box: list[tuple[float, float, float, float]],
    band: dict[str, float],
) -> bool:
    """Move along its edge each link box whose dashed line runs through a name or another city, to the
    nearest spot where it runs through fewer (none, mostly); ``stub_xy`` and ``stub_box`` are changed in
    place. Whether any moved."""
    names = [(got.labels[k].x, got.labels[k].y, got.labels[k].w, got.labels[k].h) for k in keys]

    def through(i: int, end: tuple[float, float]) -> int:
        x, y = got.xy[cities[i]]
        hit = sum(1 for b in names if seg_box(x, y, end[0], end[1], b))
        return hit + sum(
            1
            for k in keys
            if k != cities[i] and seg_point_distance(x, y, end[0], end[1], *got.xy[k]) < RADIUS + 2
        )

    moved = False
    for i, side in enumerate(sides):
        now = through(i, stub_xy[i])
        if not now:
            continue
        w, h = sizes[i]
        lo, hi = _edge_span(side, band)
        half = (w if side in "ns" else h) / 2
        here = stub_xy[i][0] if side in "ns" else stub_xy[i][1]
        best: tuple[int, float, float] | None = None
        c = lo + 4 + half
        while c <= hi - 4 - half:
            b, end = _stub_at(side, c, w, h)
            free = not any(box_overlap(b, o, 6.0) for j, o in enumerate(stub_box) if j != i) and not any(
                box_overlap(b, n, 2.0) for n in names
            )
            if free:
                cand = (through(i, end), abs(c - here), c)
                if best is None or cand < best:
                    best = cand
            c += 4.0
        if best is not None and best[0] < now:
            stub_box[i], stub_xy[i] = _stub_at(side, best[2], w, h)
            moved = True
    return moved


def board_for(code_or_name: str, extra: Sequence[ProvinceData] = ()) -> Board:
    """A province's board by code or name (shipped, or among ``extra``)."""
    provinces = {p.code: p for p in shipped()}
    provinces.update({p.code: p for p in extra})
    want = code_or_name.casefold()
    for p in provinces.values():
        if want in (p.code.casefold(), p.name.casefold()):
            return province_board(p, tuple(provinces.values()))
    raise ProvinceError(
        f"unknown province {code_or_name!r}: known are {', '.join(p.name for p in provinces.values())}"
    )


def write_layouts(path: Path = LAYOUTS) -> int:
    """Save the shipped provinces' boards (see the module's text); returns how many."""
    boards = shipped_layouts()
    path.write_bytes(msgspec.json.format(msgspec.json.encode(dict(sorted(boards.items()))), indent=1) + b"\n")
    saved_layouts.cache_clear()
    _board.cache_clear()
    return len(boards)


__all__ = [
    "LAYOUTS",
    "arranged_board",
    "board_code",
    "board_for",
    "city_key",
    "layout_key",
    "links_of",
    "province_board",
    "saved_layouts",
    "shipped_layouts",
    "write_layouts",
]


if __name__ == "__main__":
    print(f"{write_layouts()} boards written to {LAYOUTS}", file=sys.stderr)
