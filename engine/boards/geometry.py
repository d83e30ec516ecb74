"""Generic board geometry: places on a plane, their labels, the segments between them and the stubs at
the map's edge. One :class:`Board` is computed once per province (or box profile) and drawn both on screen
and on paper.

Units are *board units*: the board is ``width`` × ``height`` (1000 × 707, the A-paper ratio), origin at the
top-left corner, y pointing down (as on a screen; the printer flips it).

How places are placed (:func:`arrange`):

1. **Start**: from coordinates when every place has them (``lon``/``lat``, an equirectangular projection),
   otherwise a seeded ``networkx`` spring layout of the neighbour graph (same seed, same board).
2. **Spread**: each axis is half linear, half rank (the order of the places along the axis, so a crowded
   river valley opens up while every place keeps its west/east and north/south order), scaled to the board.
3. **De-overlap**: a few hundred relaxation steps push places closer than the minimum distance apart and
   places off segments they are not part of, while a fading pull keeps each near where it started.
4. **Labels**: each name takes the best of eight spots around its place (no other label, no place, no
   edge of the board, no dashed link to another board unless nothing else is free; as few segments under
   it as possible). A name that still collides pushes its place and the other apart, and steps 3–4 run
   again. Once nothing collides, the names are placed once more
   with the places fixed, now also keeping each name clearly nearer its own place than any other (kept
   only if that too leaves no collision).

The result is checked by the tests, not assumed: no two places closer than the minimum, no two labels
overlapping, no label over a place, no segment through a place.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import msgspec
import numpy as np

WIDTH = 1000.0
HEIGHT = 707.0


class Label(msgspec.Struct, frozen=True):
    """A name's box (top-left corner ``x``, ``y``; size ``w`` × ``h``), its lines and font size."""

    x: float
    y: float
    w: float
    h: float
    lines: tuple[str, ...]
    size: float

    def overlaps(self, other: Label, pad: float = 0.0) -> bool:
        return box_overlap((self.x, self.y, self.w, self.h), (other.x, other.y, other.w, other.h), pad)

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2


class Place(msgspec.Struct, frozen=True):
    """One city or region: centre, marker radius, colour, label, and ``free``: the direction (radians, y
    down) away from its label, where badges (pawns, cubes) go."""

    key: str
    name: str
    x: float
    y: float
    r: float
    colour: str
    label: Label
    free: float = 0.0
    code: str = ""  # component id of its printed QR code ("" = none)
    extra: dict[str, str] = msgspec.field(default_factory=dict)


class Segment(msgspec.Struct, frozen=True):
    """A link between two places (``kind`` "land", or "sea" for the arrows across the sea)."""

    a: str
    b: str
    kind: str = "land"


class Stub(msgspec.Struct, frozen=True):
    """A link to another board, drawn from its place to the map's edge (``x``, ``y`` on the edge)."""

    place: str
    target: str  # the other board's code
    target_name: str
    city: str  # the other board's place (name)
    x: float
    y: float
    side: str  # n, s, e, w
    label: Label


class Board(msgspec.Struct, frozen=True):
    code: str
    name: str
    width: float
    height: float
    places: tuple[Place, ...]
    segments: tuple[Segment, ...]
    stubs: tuple[Stub, ...] = ()
    source: str = "coordinates"  # or "computed"
    min_distance: float = 0.0

    def place(self, key: str) -> Place:
        for p in self.places:
            if p.key == key:
                return p
        raise KeyError(f"board {self.code}: no place {key!r}")

    def by_key(self) -> dict[str, Place]:
        return {p.key: p for p in self.places}

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = msgspec.to_builtins(self)  # a struct: a dict of its fields
        return out


# -- text metrics -----------------------------------------------------------------------------------
_NARROW = set("iljtfrI.,;:'!| ")
_WIDE = set("mwMWQOGDCH@%")


def text_width(text: str, size: float) -> float:
    """A sans-serif text's width, a little generous (screen and PDF fonts both fit in it)."""
    w = 0.0
    for ch in text:
        if ch in _NARROW:
            w += 0.32
        elif ch in _WIDE:
            w += 0.86
        elif ch.isupper() or ch.isdigit():
            w += 0.68
        else:
            w += 0.56
    return w * size


def label_lines(name: str, size: float, max_width: float) -> tuple[str, ...]:
    """One line, or two (split at the space nearest the middle) when one would be wider than ``max_width``."""
    if text_width(name, size) <= max_width or " " not in name:
        return (name,)
    cuts = [i for i, ch in enumerate(name) if ch == " "]
    i = min(cuts, key=lambda k: abs(k - len(name) / 2))
    return name[:i], name[i + 1 :]


def label_size(lines: Sequence[str], size: float) -> tuple[float, float]:
    return max(text_width(t, size) for t in lines) + 2.0, size * 1.2 * len(lines) + 1.0


# -- primitives -------------------------------------------------------------------------------------
def box_overlap(
    a: tuple[float, float, float, float], b: tuple[float, float, float, float], pad: float = 0.0
) -> bool:
    return (
        a[0] < b[0] + b[2] + pad
        and b[0] < a[0] + a[2] + pad
        and a[1] < b[1] + b[3] + pad
        and b[1] < a[1] + a[3] + pad
    )


def box_circle(box: tuple[float, float, float, float], cx: float, cy: float, r: float) -> bool:
    """True when the circle meets the box."""
    nx = min(max(cx, box[0]), box[0] + box[2])
    ny = min(max(cy, box[1]), box[1] + box[3])
    return (nx - cx) ** 2 + (ny - cy) ** 2 < r * r


def box_point_distance(box: tuple[float, float, float, float], x: float, y: float) -> float:
    """How far the point (x, y) is from the box (0 inside it)."""
    dx = max(box[0] - x, 0.0, x - (box[0] + box[2]))
    dy = max(box[1] - y, 0.0, y - (box[1] + box[3]))
    return math.hypot(dx, dy)


AMBIGUOUS = 10.0  # board units: a name nearer another place's rim than this beyond its own's is ambiguous
STACKED = 5.0  # board units: two names nearer than this read as one block (Cabillonum over Lugdunum)
STACK_COST = 3.0  # a soft cost, less than a road through the name
LINK_COST = 400.0  # a dashed link to another board through a name: less than a name over a place


def seg_point_distance(ax: float, ay: float, bx: float, by: float, px: float, py: float) -> float:
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L))
    return math.hypot(ax + t * dx - px, ay + t * dy - py)


def _seg_seg(
    p: tuple[float, float], q: tuple[float, float], r: tuple[float, float], s: tuple[float, float]
) -> bool:
    def orient(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2, d3, d4 = orient(p, q, r), orient(p, q, s), orient(r, s, p), orient(r, s, q)
    return (d1 * d2 < 0) and (d3 * d4 < 0)


def seg_box(ax: float, ay: float, bx: float, by: float, box: tuple[float, float, float, float]) -> bool:
    """True when the segment crosses or lies in the box."""
    x0, y0, w, h = box
    x1, y1 = x0 + w, y0 + h
    if max(ax, bx) < x0 or min(ax, bx) > x1 or max(ay, by) < y0 or min(ay, by) > y1:
        return False
    if x0 <= ax <= x1 and y0 <= ay <= y1 or x0 <= bx <= x1 and y0 <= by <= y1:
        return True
    corners = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    return any(_seg_seg((ax, ay), (bx, by), corners[i], corners[(i + 1) % 4]) for i in range(4))


# -- layout -----------------------------------------------------------------------------------------
def project(coords: Mapping[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """(lon, lat) → plane (x east, y south), equirectangular at the mean latitude."""
    lat0 = math.radians(sum(lat for _, lat in coords.values()) / max(1, len(coords)))
    k = math.cos(lat0)
    return {key: (lon * k, -lat) for key, (lon, lat) in coords.items()}


def computed_start(
    keys: Sequence[str], edges: Sequence[tuple[str, str]], seed: int
) -> dict[str, tuple[float, float]]:
    """A seeded spring layout of the neighbour graph (no coordinates given)."""
    import networkx as nx

    g = nx.Graph()
    g.add_nodes_from(keys)
    g.add_edges_from(edges)
    pos = nx.spring_layout(g, seed=seed, iterations=300)
    return {k: (float(pos[k][0]), float(pos[k][1])) for k in keys}


def _ranks(values: np.ndarray) -> np.ndarray:
    order = np.argsort(values, kind="stable")
    r = np.empty(len(values))
    r[order] = np.arange(len(values), dtype=float)
    # equal values share their mean rank
    for v in np.unique(values):
        m = values == v
        if m.sum() > 1:
            r[m] = r[m].mean()
    return r / max(1, len(values) - 1)


def _unit(values: np.ndarray) -> np.ndarray:
    lo, hi = float(values.min()), float(values.max())
    return np.full(len(values), 0.5) if hi - lo < 1e-12 else (values - lo) / (hi - lo)


def spread(
    start: Mapping[str, tuple[float, float]], box: tuple[float, float, float, float], rank_share: float = 0.5
) -> dict[str, tuple[float, float]]:
    keys = list(start)
    a = np.array([start[k] for k in keys], dtype=float)
    out = np.empty_like(a)
    for axis in (0, 1):
        out[:, axis] = (1 - rank_share) * _unit(a[:, axis]) + rank_share * _ranks(a[:, axis])
    x0, y0, w, h = box
    return {k: (float(x0 + out[i, 0] * w), float(y0 + out[i, 1] * h)) for i, k in enumerate(keys)}


def relax(
    pos: np.ndarray,
    anchor: np.ndarray,
    need: np.ndarray,
    edges: np.ndarray,
    clear: float,
    box: tuple[float, float, float, float],
    pinned: int,
    iters: int = 300,
) -> np.ndarray:
    """De-overlap: places closer than ``need[i, j]`` are pushed apart, places nearer than ``clear`` to a
    segment they are not part of are pushed off it; a pull towards ``anchor`` fades out over the steps.
    The last ``pinned`` rows do not move (the stubs' points on the map's edge)."""
    p = pos.copy()
    n = len(p)
    movable = np.ones(n, dtype=bool)
    if pinned:
        movable[n - pinned :] = False
    x0, y0, w, h = box
    eye = np.eye(n, dtype=bool)
    for it in range(iters):
        d = p[:, None, :] - p[None, :, :]
        dist = np.sqrt((d**2).sum(-1))
        dist[eye] = 1.0
        tiny = dist < 1e-6
        if tiny.any():  # identical spots: a fixed, seeded nudge
            d[tiny] = np.array([0.7, 0.3])
            dist[tiny] = 0.76
        over = np.clip(need - dist, 0, None)
        over[eye] = 0
        push = (d / dist[..., None]) * (over[..., None] * 0.5)
        move = push.sum(1)
        if len(edges):
            a, b = p[edges[:, 0]], p[edges[:, 1]]
            ab = b - a
            L = (ab**2).sum(-1)
            L[L == 0] = 1.0
            t = np.clip(((p[None, :, :] - a[:, None, :]) * ab[:, None, :]).sum(-1) / L[:, None], 0, 1)
            q = a[:, None, :] + t[..., None] * ab[:, None, :]
            off = p[None, :, :] - q
            dd = np.sqrt((off**2).sum(-1))
            idx = np.arange(n)
            own = (idx[None, :] == edges[:, 0:1]) | (idx[None, :] == edges[:, 1:2])
            bad = (dd < clear) & ~own
            if bad.any():
                dd_safe = np.where(dd < 1e-6, 1e-6, dd)
                amount = np.where(bad, clear - dd, 0.0)
                dirn = off / dd_safe[..., None]
                move += (dirn * amount[..., None]).sum(0) * 0.6
                back = -(dirn * amount[..., None])
                np.add.at(move, edges[:, 0], (back * (1 - t)[..., None]).sum(1) * 0.3)
                np.add.at(move, edges[:, 1], (back * t[..., None]).sum(1) * 0.3)
        pull = 0.06 * max(0.0, 1.0 - it / (0.7 * iters))
        move += pull * (anchor - p)
        move[~movable] = 0
        p += move
        p[movable, 0] = np.clip(p[movable, 0], x0, x0 + w)
        p[movable, 1] = np.clip(p[movable, 1], y0, y0 + h)
    return p


# spots around a place: name, direction (unit vector), preference cost
_SPOTS: tuple[tuple[str, float, float, float], ...] = (
    ("e", 1, 0, 0.0),
    ("w", -1, 0, 0.5),
    ("s", 0, 1, 1.0),
    ("n", 0, -1, 1.0),
    ("se", 0.7, 0.7, 1.5),
    ("ne", 0.7, -0.7, 1.5),
    ("sw", -0.7, 0.7, 2.0),
    ("nw", -0.7, -0.7, 2.0),
)


def spot_box(
    x: float, y: float, r: float, w: float, h: float, spot: str
) -> tuple[float, float, float, float]:
    g = 2.5
    if spot == "e":
        return x + r + g, y - h / 2, w, h
    if spot == "w":
        return x - r - g - w, y - h / 2, w, h
    if spot == "s":
        return x - w / 2, y + r + g, w, h
    if spot == "n":
        return x - w / 2, y - r - g - h, w, h
    dx, dy = (1 if "e" in spot else -1), (1 if "s" in spot else -1)
    k = r * 0.72 + g
    bx = x + k if dx > 0 else x - k - w
    by = y + k if dy > 0 else y - k - h
    return bx, by, w, h


def place_labels(
    xy: Mapping[str, tuple[float, float]],
    radius: Mapping[str, float],
    sizes: Mapping[str, tuple[float, float]],
    segments: Sequence[tuple[tuple[float, float], tuple[float, float]]],
    area: tuple[float, float, float, float],
    obstacles: Sequence[tuple[float, float, float, float]] = (),
    ambiguity: bool = False,
    links: Sequence[tuple[tuple[float, float], tuple[float, float]]] = (),
) -> tuple[dict[str, tuple[float, float, float, float]], dict[str, str], list[tuple[str, str]]]:
    """Pick a spot per label; returns boxes, spots, and the conflicts left (label key, other place key or
    ``""`` for the board's edge or an obstacle). ``ambiguity``: also keep each name clearly nearer its own
    place than any other (a soft cost). ``links``: the dashed lines to other boards, which a name is kept
    off unless nothing else is free (a dashed line through a name hides both)."""
    keys = list(xy)
    ax0, ay0, aw, ah = area

    def inside(b: tuple[float, float, float, float]) -> bool:
        return b[0] >= ax0 and b[1] >= ay0 and b[0] + b[2] <= ax0 + aw and b[1] + b[3] <= ay0 + ah

    def near(k: str) -> int:
        x, y = xy[k]
        return sum(1 for o in keys if o != k and abs(xy[o][0] - x) < 150 and abs(xy[o][1] - y) < 60)

    chosen: dict[str, tuple[float, float, float, float]] = {}
    spots: dict[str, str] = {}

    Box = tuple[float, float, float, float]
    Seg = tuple[tuple[float, float], tuple[float, float]]

    def cost(
        k: str,
        b: Box,
        pref: float,
        others: list[str],
        taken: list[Box],
        segs: list[Seg],
        dashed: list[Seg],
        blocks: list[Box],
    ) -> float:
        """The cost of ``b`` for ``k``'s name; ``others`` … ``blocks``: what may touch it (see best)."""
        c = pref
        if not inside(b):
            c += 10_000
        for ob in blocks:
            if box_overlap(b, ob, 1.0):
                c += 5_000
        own = box_point_distance(b, *xy[k]) - radius[k]
        for o in others:
            if box_circle(b, xy[o][0], xy[o][1], radius[o] + 1.5):
                c += 5_000
            elif ambiguity and abs(xy[o][0] - xy[k][0]) < 200 and abs(xy[o][1] - xy[k][1]) < 200:
                # a name about as near another place as its own reads as that place's: a soft cost
                gap = box_point_distance(b, *xy[o]) - radius[o] - own
                if gap < AMBIGUOUS:
                    c += 8.0 * (AMBIGUOUS - gap) / AMBIGUOUS
        for ob in taken:
            if box_overlap(b, ob, 1.5):
                c += 3_000
            elif ambiguity and box_overlap(b, ob, STACKED):
                c += STACK_COST  # two names close together read as one, or as each other's
        x, y = xy[k]
        for sa, sb in segs:
            if (sa == (x, y)) or (sb == (x, y)):
                # a segment leaving this very place: only the part past the marker matters
                if seg_box(sa[0], sa[1], sb[0], sb[1], b):
                    c += 6
                continue
            if seg_box(sa[0], sa[1], sb[0], sb[1], b):
                c += 4
        for sa, sb in dashed:
            if seg_box(sa[0], sa[1], sb[0], sb[1], b):
                c += LINK_COST
        return c

    def best(k: str) -> tuple[Box, str]:
        x, y = xy[k]
        w, h = sizes[k]
        boxes = [(name, pref, spot_box(x, y, radius[k], w, h, name)) for name, _dx, _dy, pref in _SPOTS]
        # what may touch any of its spots (all of them lie in ``hull``): the rest is never looked at
        x0 = min(b[0] for _n, _p, b in boxes)
        y0 = min(b[1] for _n, _p, b in boxes)
        x1 = max(b[0] + b[2] for _n, _p, b in boxes)
        y1 = max(b[1] + b[3] for _n, _p, b in boxes)
        hull = (x0, y0, x1 - x0, y1 - y0)
        others = [
            o
            for o in keys
            if o != k
            and (
                box_circle(hull, xy[o][0], xy[o][1], radius[o] + 1.5)
                or (ambiguity and abs(xy[o][0] - x) < 200 and abs(xy[o][1] - y) < 200)
            )
        ]
        pad = max(1.5, STACKED) if ambiguity else 1.5
        taken = [ob for o, ob in chosen.items() if o != k and box_overlap(hull, ob, pad)]
        segs = [sg for sg in segments if seg_box(sg[0][0], sg[0][1], sg[1][0], sg[1][1], hull)]
        dashed = [sg for sg in links if seg_box(sg[0][0], sg[0][1], sg[1][0], sg[1][1], hull)]
        blocks = [ob for ob in obstacles if box_overlap(hull, ob, 1.0)]
        opts = [(cost(k, b, pref, others, taken, segs, dashed, blocks), name, b) for name, pref, b in boxes]
        opts.sort(key=lambda o: o[0])
        return opts[0][2], opts[0][1]

    for k in sorted(keys, key=lambda k: (-near(k), k)):
        chosen[k], spots[k] = best(k)
    for _ in range(4):
        changed = False
        for k in keys:
            old = chosen.pop(k)
            chosen[k], s = best(k)
            changed |= chosen[k] != old
            spots[k] = s
        if not changed:
            break
    conflicts: list[tuple[str, str]] = []
    for k in keys:
        b = chosen[k]
        if not inside(b) or any(box_overlap(b, ob, 1.0) for ob in obstacles):
            conflicts.append((k, ""))
        for o in keys:
            if o == k:
                continue
            if box_circle(b, xy[o][0], xy[o][1], radius[o] + 1.5):
                conflicts.append((k, o))
            elif o > k and box_overlap(b, chosen[o], 1.5):
                conflicts.append((k, o))
    return chosen, spots, conflicts


_SPOT_ANGLE = {name: math.atan2(dy, dx) for name, dx, dy, _ in _SPOTS}


def free_angle(spot: str) -> float:
    """The direction opposite a label's spot."""
    return _SPOT_ANGLE[spot] + math.pi


class Arranged(msgspec.Struct, frozen=True):
    xy: dict[str, tuple[float, float]]
    labels: dict[str, Label]
    free: dict[str, float]
    conflicts: tuple[tuple[str, str], ...]


def arrange(
    keys: Sequence[str],
    names: Mapping[str, str],
    edges: Sequence[tuple[str, str]],
    *,
    start: Mapping[str, tuple[float, float]],
    box: tuple[float, float, float, float],
    area: tuple[float, float, float, float],
    radius: float,
    min_distance: float,
    font: float,
    pins: Mapping[str, tuple[float, float]] | None = None,
    pin_edges: Sequence[tuple[str, str]] = (),
    obstacles: Sequence[tuple[float, float, float, float]] = (),
    rounds: int = 8,
) -> Arranged:
    """Positions and labels for ``keys`` (see the module's docstring). ``start`` is in any plane units;
    ``pins`` are fixed points (in board units) that ``pin_edges`` join to places (the stubs)."""
    pins = dict(pins or {})
    keys = list(keys)
    every = keys + list(pins)
    at = {k: i for i, k in enumerate(every)}
    first = spread(start, box)
    anchor = np.array([first[k] for k in keys] + [pins[k] for k in pins], dtype=float)
    n = len(every)
    need = np.full((n, n), min_distance)
    pin_idx = np.arange(len(keys), n)
    need[np.ix_(pin_idx, pin_idx)] = 0
    need[np.ix_(pin_idx, np.arange(len(keys)))] = radius + 6
    need[np.ix_(np.arange(len(keys)), pin_idx)] = radius + 6
    all_edges = [(at[a], at[b]) for a, b in edges] + [(at[a], at[b]) for a, b in pin_edges]
    e = np.array(all_edges, dtype=int).reshape(-1, 2)
    clear = radius + 4
    p = relax(anchor, anchor, need, e, clear, box, len(pins))
    max_w = 9.0 * font
    sizes = {k: label_size(label_lines(names[k], font, max_w), font) for k in keys}
    lines = {k: label_lines(names[k], font, max_w) for k in keys}
    rad = dict.fromkeys(keys, radius)
    boxes: dict[str, tuple[float, float, float, float]] = {}
    spots: dict[str, str] = {}
    conflicts: list[tuple[str, str]] = []
    for rnd in range(rounds):
        xy = {k: (float(p[at[k], 0]), float(p[at[k], 1])) for k in keys}
        pts = {**xy, **pins}
        segs = [(pts[a], pts[b]) for a, b in edges]
        links = [(pts[a], pts[b]) for a, b in pin_edges]
        boxes, spots, conflicts = place_labels(xy, rad, sizes, segs, area, obstacles, links=links)
        if not conflicts or rnd == rounds - 1:
            break
        for k, o in conflicts:
            i = at[k]
            if o:
                j = at[o]
                grow = max(sizes[k][0], sizes[o][0]) * 0.35 + 6
                need[i, j] = need[j, i] = float(np.hypot(*(p[i] - p[j]))) + grow
            else:  # pushed against the edge or an obstacle: towards the middle
                cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
                p[i] += (np.array([cx, cy]) - p[i]) * 0.08
        p = relax(p, p.copy(), need, e, clear, box, len(pins), iters=120)
    if not conflicts:  # the places stay; their names, where that leaves no conflict, where none is ambiguous
        clear_boxes, clear_spots, left = place_labels(
            xy, rad, sizes, segs, area, obstacles, ambiguity=True, links=links
        )
        if not left:
            boxes, spots = clear_boxes, clear_spots
    xy = {k: (round(float(p[at[k], 0]), 2), round(float(p[at[k], 1]), 2)) for k in keys}
    labels = {
        k: Label(
            round(boxes[k][0], 2),
            round(boxes[k][1], 2),
            round(boxes[k][2], 2),
            round(boxes[k][3], 2),
            lines[k],
            font,
        )
        for k in keys
    }
    return Arranged(xy, labels, {k: free_angle(spots[k]) for k in keys}, tuple(conflicts))


def problems(board: Board) -> list[str]:
    """What makes a board hard to read, in words (empty when it reads well): places closer than the board's
    minimum distance, overlapping names, a name over a place, a road or a link through a place, a link
    through a name."""
    out: list[str] = []
    ps = board.places
    by = board.by_key()
    for i, a in enumerate(ps):
        abox = (a.label.x, a.label.y, a.label.w, a.label.h)
        if (
            a.label.x < 0
            or a.label.y < 0
            or a.label.x + a.label.w > board.width
            or a.label.y + a.label.h > board.height
        ):
            out.append(f"the name of {a.name} runs off the board")
        for b in ps[i + 1 :]:
            d = math.hypot(a.x - b.x, a.y - b.y)
            if d < board.min_distance - 0.5:
                out.append(f"{a.name} and {b.name} are {d:.0f} apart (minimum {board.min_distance:.0f})")
            if a.label.overlaps(b.label):
                out.append(f"the names of {a.name} and {b.name} overlap")
        for b in ps:
            if b is not a and box_circle(abox, b.x, b.y, b.r):
                out.append(f"the name of {a.name} covers {b.name}")
        for st in board.stubs:
            if a.label.overlaps(st.label):
                out.append(f"the name of {a.name} covers the link box {st.target_name} · {st.city}")
            at = by[st.place]
            if seg_box(at.x, at.y, st.x, st.y, abox):
                out.append(f"the link {at.name} → {st.target_name} crosses the name of {a.name}")
    for seg in board.segments:
        a, b = by[seg.a], by[seg.b]
        for c in ps:
            if c.key not in (seg.a, seg.b) and seg_point_distance(a.x, a.y, b.x, b.y, c.x, c.y) < c.r:
                out.append(f"the road {a.name} – {b.name} crosses {c.name}")
    for st in board.stubs:
        a = by[st.place]
        for c in ps:
            if c.key != st.place and seg_point_distance(a.x, a.y, st.x, st.y, c.x, c.y) < c.r:
                out.append(f"the link {a.name} → {st.target_name} crosses {c.name}")
    return out


def stub_side(dx: float, dy: float) -> str:
    """The edge a direction points to (y down)."""
    if abs(dx) * 0.707 >= abs(dy):
        return "e" if dx > 0 else "w"
    return "s" if dy > 0 else "n"


def spread_along(wanted: Sequence[float], lengths: Sequence[float], lo: float, hi: float) -> list[float]:
    """Centres near ``wanted`` with each item's ``length`` free around it, inside [lo, hi] (1-D
    de-overlap)."""
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    out = [0.0] * len(wanted)
    pos = lo
    for i in order:
        c = max(wanted[i], pos + lengths[i] / 2)
        out[i] = c
        pos = c + lengths[i] / 2
    # pushed past the end: shift back from the end
    end = hi
    for i in reversed(order):
        c = min(out[i], end - lengths[i] / 2)
        out[i] = c
        end = c - lengths[i] / 2
    return out


__all__ = [
    "HEIGHT",
    "WIDTH",
    "Arranged",
    "Board",
    "Label",
    "Place",
    "Segment",
    "Stub",
    "arrange",
    "box_circle",
    "box_overlap",
    "box_point_distance",
    "computed_start",
    "label_lines",
    "label_size",
    "place_labels",
    "problems",
    "project",
    "seg_box",
    "seg_point_distance",
    "spread",
    "spread_along",
    "stub_side",
    "text_width",
]
