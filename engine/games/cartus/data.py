"""Rattus Cartus component data (``data/cartus.json``), validated at load.

Card ids are the catalogue ids (``RCC:…``), so a scanned card and an engine card are the same string:
buildings ``RCC:B:<type><copy>`` (``RCC:B:MON3``), population ``RCC:P:<class><nn>``, specials
``RCC:S:<kind><nn>``, jokers ``RCC:J:<nn>``, the first-player card ``RCC:PJ``.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Literal

import msgspec

Action = Literal[
    "draw",
    "draw-influence",
    "joker",
    "pass",
    "rats",
    "hospital",
    "sword",
    "tower",
    "flute",
    "peek",
    "vp",
    "gold",
]


class ClassInfo(msgspec.Struct, frozen=True):
    code: str
    fr: str
    en: str
    person_fr: str
    person_en: str


class BuildingType(msgspec.Struct, frozen=True):
    code: str
    fr: str
    en: str
    cls: str
    action: Action
    privilege: int
    basic: int


class SpecialType(msgspec.Struct, frozen=True, rename={"source": "from"}):
    code: str
    kind: Literal["sword", "flute", "pass", "gold"]
    fr: str
    en: str
    count: int
    source: str


class CartusData(msgspec.Struct, frozen=True):
    classes: tuple[ClassInfo, ...]
    buildings: tuple[BuildingType, ...]
    copies_per_building: int
    specials: tuple[SpecialType, ...]
    jokers: int
    population_nuns_per_class: tuple[int, ...]
    first_game: tuple[str, ...]
    rounds: dict[str, int]
    replacement: dict[str, int]
    row_size: dict[str, int]
    victory_tokens: int
    start_rats: int
    start_hand: int
    nun_row: int


class DataError(ValueError):
    pass


def validate(d: CartusData) -> CartusData:
    codes = [c.code for c in d.classes]
    if len(codes) != 6 or len(set(codes)) != 6:
        raise DataError("there must be 6 distinct classes")
    btypes = [b.code for b in d.buildings]
    if len(set(btypes)) != len(btypes):
        raise DataError("building type codes must be distinct")
    for b in d.buildings:
        if b.cls not in codes:
            raise DataError(f"building {b.code} has unknown class {b.cls!r}")
    for c in codes:
        if sum(1 for b in d.buildings if b.cls == c) < 1:
            raise DataError(f"class {c} has no building")
    for s in d.specials:
        if s.source not in btypes:
            raise DataError(f"special {s.code} comes from unknown building {s.source!r}")
    for g in d.first_game:
        if g not in btypes:
            raise DataError(f"first-game building {g!r} is unknown")
    for key in ("2", "3", "4", "5"):
        for table in (d.rounds, d.replacement, d.row_size):
            if key not in table:
                raise DataError(f"player count {key} missing from a setup table")
    return d


@cache
def data() -> CartusData:
    raw = resources.files("engine.games.cartus").joinpath("data/cartus.json").read_bytes()
    try:
        d = msgspec.json.decode(raw, type=CartusData)
    except msgspec.ValidationError as exc:
        raise DataError(f"cartus.json: {exc}") from None
    return validate(d)


# -- lookups -----------------------------------------------------------------------------------------------
CLASS_CODES: tuple[str, ...] = ("PAY", "BOU", "CLE", "CHE", "MAG", "NOB")


@cache
def building_types() -> dict[str, BuildingType]:
    return {b.code: b for b in data().buildings}


@cache
def classes() -> dict[str, ClassInfo]:
    return {c.code: c for c in data().classes}


def building_id(btype: str, copy: int) -> str:
    return f"RCC:B:{btype}{copy}"


def all_building_ids() -> list[str]:
    n = data().copies_per_building
    return [building_id(b.code, i) for b in data().buildings for i in range(1, n + 1)]


def building_type_of(card: str) -> BuildingType:
    """``RCC:B:MON3`` → the Monastère type."""
    if not card.startswith("RCC:B:") or len(card) < 10:
        raise KeyError(f"{card!r} is not a Rattus Cartus building card id")
    try:
        return building_types()[card[6:9]]
    except KeyError:
        raise KeyError(f"{card!r} is not a Rattus Cartus building card id") from None


def population_id(cls: str, n: int) -> str:
    return f"RCC:P:{cls}{n:02d}"


def population_ids() -> list[str]:
    per = len(data().population_nuns_per_class)
    return [population_id(c, i) for c in CLASS_CODES for i in range(1, per + 1)]


def nuns_of(card: str) -> int:
    """Nun symbols on a population card id (``RCC:P:CLE03`` → 4)."""
    if not card.startswith("RCC:P:"):
        raise KeyError(f"{card!r} is not a population card id")
    return data().population_nuns_per_class[int(card[-2:]) - 1]


def class_of_population(card: str) -> str:
    return card[6:9]
