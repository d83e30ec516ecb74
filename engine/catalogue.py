"""One catalogue of every physical component (cards, tokens) with a stable id.

Vision reads ids out of QR codes, printables prints them, the engine refers to them. Each game package
``engine.games.<name>`` that has physical components provides a module ``catalogue`` with a function
``components() -> list[Component]``; this module gathers them all. Ids are uppercase groups joined by
``:`` (see :mod:`engine.core.codes`), unique across all games.

Namespaces: ``RAT:nn`` Rattus rat tokens · ``RCL:n`` Rattus class cards · ``RPP:nn`` Pied Piper characters ·
``RCC:…`` Rattus Cartus cards · ``P<kind>:<province code><nn>`` Pandémie cards (kind C city, I propagation,
R Rupture, E event, O role) · ``BLK:nnn`` spare blank ids.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

import msgspec

from .core.codes import payload, valid_id


class Component(msgspec.Struct, frozen=True):
    id: str
    game: str
    kind: str
    name: str
    attrs: dict[str, Any] = msgspec.field(default_factory=dict)

    @property
    def payload(self) -> str:
        return payload(self.id)


class CatalogueError(ValueError):
    pass


SPARE_COUNT = 100


def spares() -> list[Component]:
    return [
        Component(f"BLK:{i:03d}", "any", "spare", f"Spare code {i:03d}") for i in range(1, SPARE_COUNT + 1)
    ]


@cache
def _all() -> dict[str, Component]:
    import engine.games as games_pkg

    out: dict[str, Component] = {}
    found: list[Component] = list(spares())
    for mod in pkgutil.iter_modules(games_pkg.__path__):
        if not mod.ispkg:
            continue
        try:
            cat = importlib.import_module(f"engine.games.{mod.name}.catalogue")
        except ModuleNotFoundError as exc:
            if exc.name == f"engine.games.{mod.name}.catalogue":
                continue
            raise
        found.extend(cat.components())
    for c in found:
        if not valid_id(c.id):
            raise CatalogueError(f"component id {c.id!r} ({c.name}) is not a valid code id")
        if c.id in out:
            raise CatalogueError(f"component id {c.id!r} used twice ({out[c.id].name} and {c.name})")
        out[c.id] = c
    return out


def all_components() -> list[Component]:
    return list(_all().values())


def get(component_id: str) -> Component | None:
    return _all().get(component_id)


def by_game(game: str) -> list[Component]:
    return [c for c in _all().values() if c.game == game]
