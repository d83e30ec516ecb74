"""The compiled board the rules and the simulation policy play on: the provinces in play as flat integer
indices, adjacency tuples, card ids and distance tables, computed once per set of provinces and shared.

Apart from :mod:`.board` (the province data files, msgspec structs) so that mypyc can compile it: here
:class:`Board` is a plain class whose attributes the compiled rules and policy read directly.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

import msgspec

from .board import CITIES_PER_PROVINCE, COLOURS, EVENT_CARDS, ROLE_CARDS, RUPTURE_CARDS, ProvinceData

_NC: Final = CITIES_PER_PROVINCE


class Board:
    """The provinces in play, compiled to integer indices. Immutable; shared by every state of a game.

    City ``i`` (global index) is city ``i % 48`` of province ``i // 48``; its key is the province code and
    its two-digit number in the file (``G01`` = the first city of Gallia), its player card ``PC:<key>`` and
    its propagation card ``PI:<key>``.
    """

    def __init__(self, provinces: Sequence[ProvinceData]) -> None:
        self.provinces: tuple[ProvinceData, ...] = tuple(provinces)
        self.codes: tuple[str, ...] = tuple(p.code for p in provinces)
        self.prov_index: dict[str, int] = {c: i for i, c in enumerate(self.codes)}
        n = CITIES_PER_PROVINCE
        keys: list[str] = []
        names: list[str] = []
        colour: list[int] = []
        pop: list[int] = []
        name_index: dict[tuple[str, str], int] = {}
        for pi, p in enumerate(provinces):
            for li, c in enumerate(p.cities):
                keys.append(f"{p.code}{li + 1:02d}")
                names.append(c.name)
                colour.append(COLOURS.index(c.colour))
                pop.append(c.population)
                name_index[(p.code, c.name)] = pi * n + li
        self.keys = tuple(keys)
        self.names = tuple(names)
        self.colour = tuple(colour)
        self.population = tuple(pop)
        self.index: dict[str, int] = {k: i for i, k in enumerate(keys)}
        adj: list[set[int]] = [set() for _ in keys]
        links: set[tuple[int, int]] = set()
        for pi, p in enumerate(provinces):
            for li, c in enumerate(p.cities):
                i = pi * n + li
                for nb in c.neighbours:
                    adj[i].add(name_index[(p.code, nb)])
                for lk in c.links:
                    j = name_index.get((lk.province, lk.city))
                    if j is not None:  # a link to a province not in play disappears
                        adj[i].add(j)
                        adj[j].add(i)
                        links.add((min(i, j), max(i, j)))
        self.adj: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(a)) for a in adj)
        self.links: tuple[tuple[int, int], ...] = tuple(sorted(links))
        self.link_targets: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted({j // n for j in self.adj[i] if j // n != i // n})) for i in range(len(keys))
        )
        self.start: tuple[int, ...] = tuple(name_index[(p.code, p.start)] for p in provinces)
        self.player_card = tuple(f"PC:{k}" for k in keys)
        self.prop_card = tuple(f"PI:{k}" for k in keys)
        self.card_city: dict[str, int] = {}
        for i in range(len(keys)):
            self.card_city[self.player_card[i]] = i
            self.card_city[self.prop_card[i]] = i
        self.event_cards: tuple[tuple[str, ...], ...] = tuple(
            tuple(f"PE:{c}{k + 1}" for k in range(len(EVENT_CARDS))) for c in self.codes
        )
        self.event_kind: dict[str, int] = {
            card: k for cards in self.event_cards for k, card in enumerate(cards)
        }
        self.rupture_cards: tuple[tuple[str, ...], ...] = tuple(
            tuple(f"PR:{c}{k + 1}" for k in range(RUPTURE_CARDS)) for c in self.codes
        )
        self.role_cards: tuple[tuple[str, ...], ...] = tuple(
            tuple(f"PO:{p.code}{k + 1}" for k in range(ROLE_CARDS)) for p in provinces
        )
        self.role_of_card: dict[str, str] = {
            card: p.roles[k]
            for p, cards in zip(provinces, self.role_cards, strict=True)
            for k, card in enumerate(cards)
        }
        # distances inside each province (pawns never leave their province), for simple policies
        self.dist: list[list[int]] = []
        for i in range(len(keys)):
            d = [-1] * len(keys)
            d[i] = 0
            todo = [i]
            for x in todo:
                for y in self.adj[x]:
                    if d[y] < 0 and y // n == i // n:
                        d[y] = d[x] + 1
                        todo.append(y)
            self.dist.append(d)
        self.digest = hashlib.sha256(msgspec.json.encode(self.provinces)).hexdigest()

    def province_of(self, city: int) -> int:
        return city // _NC

    def cities_of(self, prov: int) -> range:
        return range(prov * _NC, (prov + 1) * _NC)

    def name(self, city: int) -> str:
        return self.names[city]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and other.digest == self.digest

    def __hash__(self) -> int:
        return hash(self.digest)

    def __repr__(self) -> str:
        return f"Board({', '.join(self.codes)})"


@lru_cache(maxsize=32)
def compile_board(provinces: tuple[ProvinceData, ...]) -> Board:
    return Board(provinces)
