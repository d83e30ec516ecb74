"""Which surge chains the last action made, read from two views of a Pandémie game (before and after), for
the map's arrows: a device only receives views and text log lines, so the chain is worked out again from
the pins, the way the rules resolve it (:func:`engine.games.pandemie.rules._chain`: breadth first from the
city that went past three pins; a neighbour already at three surges in turn, the others get one pin).

The views say how many surges happened (each province's ``surges`` count) and how many pins each city
gained; the chains that explain exactly those gains are searched greedily, one origin at a time. The
result is checked against the real events of seeded games in ``tests/boards/test_boards_surges.py``.

:func:`chain_edges` gives the same arrows from the events themselves (the truth the inference is tested
against, and what a caller holding the events can use directly).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

Edge = tuple[str, str, str]  # (from city key, to city key, colour): one arrow of a surge chain

COLOURS = ("blue", "yellow", "red", "green")


def _pins(view: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for pv in view.get("provinces") or []:
        for key, by in (pv.get("pins") or {}).items():
            out[str(key)] = {str(c): int(n) for c, n in by.items()}
    return out


def surge_total(view: Mapping[str, Any]) -> int:
    return sum(int(pv.get("surges") or 0) for pv in view.get("provinces") or [])


class _Blocked:
    """Where no pin of a colour may be placed (the rules' ``_blocked``): an eradicated people in that
    province, next to or on a Dictateur, on a Tribun for the peoples beaten in his province."""

    def __init__(
        self, view: Mapping[str, Any], adj: Mapping[str, Sequence[str]], code_of: Mapping[str, str]
    ) -> None:
        provs = list(view.get("provinces") or [])
        self.eradicated = {str(pv.get("code")): {str(c) for c in pv.get("eradicated") or []} for pv in provs}
        victories = {str(pv.get("code")): {str(c) for c in pv.get("victories") or []} for pv in provs}
        self.code_of = code_of
        self.all: set[str] = set()
        self.some: dict[str, set[str]] = {}
        for pl in (view.get("players") or {}).values():
            at, role = pl.get("city"), pl.get("role")
            if not at:
                continue
            if role == "Dictateur":
                self.all.update((str(at), *adj.get(str(at), ())))
            elif role == "Tribun":
                self.some.setdefault(str(at), set()).update(victories.get(str(pl.get("province")), set()))

    def __call__(self, city: str, colour: str) -> bool:
        return (
            city in self.all
            or colour in self.some.get(city, ())
            or colour in self.eradicated.get(self.code_of.get(city, ""), ())
        )


def _simulate(
    pins: Mapping[str, Mapping[str, int]],
    origin: str,
    colour: str,
    adj: Mapping[str, Sequence[str]],
    blocked: _Blocked,
    cut: int = 0,
) -> tuple[dict[str, int], list[str], list[Edge]]:
    """The chain from ``origin`` as the rules resolve it: (pins gained per city, cities surged, arrows).
    ``cut``: the game is lost at that many surges (the last one places nothing, the chain stops)."""
    gained: dict[str, int] = {}
    have = pins.get(origin, {}).get(colour, 0)
    if have < 3:
        gained[origin] = 3 - have
    queue = deque([origin])
    seen = {origin}
    surged: list[str] = []
    edges: list[Edge] = []
    while queue:
        c = queue.popleft()
        surged.append(c)
        if cut and len(surged) >= cut:
            break
        for nb in adj.get(c, ()):
            if nb in seen or blocked(nb, colour):
                continue
            if pins.get(nb, {}).get(colour, 0) + gained.get(nb, 0) >= 3:
                seen.add(nb)
                queue.append(nb)
            else:
                gained[nb] = gained.get(nb, 0) + 1
            edges.append((c, nb, colour))
    return gained, surged, edges


def _drawn(before: Mapping[str, Any], after: Mapping[str, Any]) -> set[str]:
    """Cities whose propagation card was discarded by the action: where a chain most likely began."""
    out: set[str] = set()
    old = {
        str(pv.get("code")): len(pv.get("propagation_discard") or []) for pv in before.get("provinces") or []
    }
    for pv in after.get("provinces") or []:
        pile = [str(c) for c in pv.get("propagation_discard") or []]
        n = old.get(str(pv.get("code")), 0)
        out.update(c.removeprefix("PI:") for c in (pile[n:] if len(pile) >= n else pile))
    return out


def infer_chains(
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    adj: Mapping[str, Sequence[str]],
    code_of: Mapping[str, str],
) -> list[Edge]:
    """The arrows of the surge chains between two views (``[]`` when no surge happened).

    ``adj`` is every city's neighbours (links to other provinces included) in the rules' order, ``code_of``
    each city's province code.
    """
    budget = surge_total(after) - surge_total(before)
    if budget <= 0:
        return []
    old, new = _pins(before), _pins(after)
    blocked = _Blocked(before, adj, code_of)
    cur = {k: dict(v) for k, v in old.items()}
    left: dict[tuple[str, str], int] = {}
    for key in set(old) | set(new):
        for colour in COLOURS:
            d = new.get(key, {}).get(colour, 0) - old.get(key, {}).get(colour, 0)
            if d > 0:
                left[(key, colour)] = d
    drawn = _drawn(before, after)
    lost = (after.get("outcome") or {}).get("cause") == "surges"
    edges: list[Edge] = []
    while budget > 0:
        best: tuple[tuple[int, int, int], dict[str, int], list[str], list[Edge], str] | None = None
        for key, colour in [(k, c) for k, by in new.items() for c, n in by.items() if n >= 3]:
            gained, surged, chain = _simulate(cur, key, colour, adj, blocked, budget if lost else 0)
            if len(surged) > budget:
                continue  # more surges than happened
            explained = sum(min(n, left.get((k, colour), 0)) for k, n in gained.items())
            extra = sum(n for k, n in gained.items()) - explained  # pins it would place that were not
            score = (explained + len(surged) - 2 * extra, key in drawn, -len(surged))
            if score[0] > 0 and (best is None or score > best[0]):
                best = (score, gained, surged, chain, colour)
        if best is None:
            break
        _score, gained, surged, chain, colour = best
        for k, n in gained.items():
            left[(k, colour)] = max(0, left.get((k, colour), 0) - n)
            cur.setdefault(k, {})[colour] = cur.get(k, {}).get(colour, 0) + n
        drawn.discard(surged[0])
        budget -= len(surged)
        edges += chain
    return edges


def chain_edges(events: Iterable[Mapping[str, Any]], adj: Mapping[str, Sequence[str]]) -> list[Edge]:
    """The arrows of the surge chains in a list of events (``{"type": "Surged", "city": ..., "colour": ...}``,
    ``{"type": "PinsPlaced", ...}``, anything else): each surge points at the neighbours it put a pin on and
    at the neighbours it set surging (the first surge of the chain next to them)."""
    edges: list[Edge] = []
    chain: list[str] = []  # cities surged in the current chain, in order
    pinned: set[tuple[str, str]] = set()  # (surge, neighbour) pairs where the surge placed a pin
    colour = ""
    for e in events:
        kind = e.get("type")
        if kind == "Surged":
            city, col = str(e["city"]), str(e["colour"])
            parent = (
                next((c for c in chain if city in adj.get(c, ()) and (c, city) not in pinned), None)
                if col == colour
                else None
            )
            if parent is None:
                chain, pinned, colour = [], set(), col
            else:
                edges.append((parent, city, col))
            chain.append(city)
        elif (
            kind == "PinsPlaced"
            and chain
            and str(e["colour"]) == colour
            and str(e["city"]) in adj.get(chain[-1], ())
        ):
            edges.append((chain[-1], str(e["city"]), colour))
            pinned.add((chain[-1], str(e["city"])))
        else:
            chain, pinned, colour = [], set(), ""
    return edges


def adjacency(provinces: Sequence[Any]) -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    """(each city's neighbours in the rules' order, each city's province code) for the provinces in play,
    in the game's order (``ProvinceData``). The same dicts for the same provinces: read them, never change
    them (every screen asks on every change)."""
    return _adjacency(tuple(provinces))


@lru_cache(maxsize=32)
def _adjacency(provinces: tuple[Any, ...]) -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    from engine.games.pandemie.layout import compile_board

    b = compile_board(provinces)
    keys = b.keys
    adj = {keys[i]: tuple(keys[j] for j in b.adj[i]) for i in range(len(keys))}
    return adj, {k: k.rstrip("0123456789") for k in keys}


__all__ = ["Edge", "adjacency", "chain_edges", "infer_chains", "surge_total"]
