"""A graph of places (cities, regions) that may sit on several boards, with links across boards."""

from __future__ import annotations

from collections.abc import Iterable, Iterator


class GraphError(ValueError):
    pass


class Graph:
    """Undirected graph. Each place belongs to a board; an edge between two boards is a *link*."""

    __slots__ = ("_adj", "_board")

    def __init__(self) -> None:
        self._adj: dict[str, set[str]] = {}
        self._board: dict[str, str] = {}

    def add_place(self, place: str, board: str) -> None:
        if place in self._board and self._board[place] != board:
            raise GraphError(f"place {place!r} is already on board {self._board[place]!r}")
        self._board[place] = board
        self._adj.setdefault(place, set())

    def connect(self, a: str, b: str) -> None:
        for p in (a, b):
            if p not in self._adj:
                raise GraphError(f"unknown place {p!r}")
        if a == b:
            raise GraphError(f"place {a!r} linked to itself")
        self._adj[a].add(b)
        self._adj[b].add(a)

    def __contains__(self, place: object) -> bool:
        return place in self._adj

    def __iter__(self) -> Iterator[str]:
        return iter(self._adj)

    def __len__(self) -> int:
        return len(self._adj)

    def board(self, place: str) -> str:
        return self._board[place]

    def neighbours(self, place: str) -> frozenset[str]:
        try:
            return frozenset(self._adj[place])
        except KeyError:
            raise GraphError(f"unknown place {place!r}") from None

    def adjacent(self, a: str, b: str) -> bool:
        return b in self._adj.get(a, ())

    def is_link(self, a: str, b: str) -> bool:
        """True for an edge that crosses boards."""
        return self.adjacent(a, b) and self._board[a] != self._board[b]

    def places_on(self, board: str) -> list[str]:
        return [p for p, b in self._board.items() if b == board]

    def boards(self) -> list[str]:
        return sorted(set(self._board.values()))

    def restricted(self, boards: Iterable[str]) -> Graph:
        """The subgraph of the given boards (links to boards not in play disappear)."""
        keep = set(boards)
        g = Graph()
        for p, b in self._board.items():
            if b in keep:
                g.add_place(p, b)
        for p in g:
            for q in self._adj[p]:
                if q in g._adj:
                    g._adj[p].add(q)
        return g

    def connected(self) -> bool:
        if not self._adj:
            return True
        start = next(iter(self._adj))
        seen = {start}
        todo = [start]
        while todo:
            for q in self._adj[todo.pop()]:
                if q not in seen:
                    seen.add(q)
                    todo.append(q)
        return len(seen) == len(self._adj)
