"""Province data files: loading, validation, and the compiled board the rules play on.

One TOML file per province (``data/*.toml``): a one- to three-character ``code``, a ``name``, the ``start``
city, the six ``roles`` of its role deck, and exactly 48 ``[[cities]]`` (12 per people/pin colour), each
with its ``neighbours`` (names in the same file; adjacency inside a province must be symmetric) and its
``links`` to cities of other provinces (``{ province = "H", city = "Emporiae" }``). A link may be written
in either file or both: a fifth, user-made province can attach itself to the shipped ones without editing
them.

:func:`load_province` reads and validates one file; every problem raises :class:`ProvinceError` naming the
file and the problem. :func:`compile_board` turns the provinces in play into a :class:`Board`: flat integer
indices, adjacency tuples, card ids and distance tables, computed once and cached (in :mod:`.layout`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import msgspec

COLOURS: tuple[str, ...] = ("blue", "yellow", "red", "green")
COLOUR_FR: dict[str, str] = {"blue": "bleu", "yellow": "jaune", "red": "rouge", "green": "vert"}
PEOPLES: dict[str, str] = {"blue": "Goths", "yellow": "Huns", "red": "Vandales", "green": "Francs"}
"""One invading people per pin colour, the same in every province (so victories can be exchanged)."""

ROLES: tuple[str, ...] = ("Consul", "Dictateur", "Tribun", "Sénateur", "Licteur", "Magistrat", "Imperator")
EVENT_CARDS: tuple[str, ...] = (
    "Nuit tranquille",
    "Mission secrète",
    "Ville fantôme",
    "Divinations",
    "Manu Militari",
)
CITIES_PER_PROVINCE = 48
CITIES_PER_COLOUR = 12
ROLE_CARDS = 6
RUPTURE_CARDS = 6
SHIPPED_ORDER: tuple[str, ...] = ("G", "H", "E", "A")
_CODE_RE = re.compile(r"^[A-Z0-9]{1,3}$")


class ProvinceError(ValueError):
    """A province file (or province data) that cannot be used; the message names the file and problem."""


class Link(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    province: str
    city: str


class CityData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    colour: str
    neighbours: tuple[str, ...]
    population: int = 0
    lat: float | None = None
    lon: float | None = None
    links: tuple[Link, ...] = ()


class ProvinceData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    code: str
    name: str
    start: str
    roles: tuple[str, ...]
    cities: tuple[CityData, ...]


def _fail(where: str, problem: str) -> ProvinceError:
    return ProvinceError(f"{where}: {problem}")


def validate_province(data: ProvinceData, where: str) -> ProvinceData:
    """Check one province on its own (links are checked by :func:`validate_links`)."""
    if not _CODE_RE.match(data.code):
        raise _fail(where, f"code {data.code!r} must be 1 to 3 characters among A-Z and 0-9")
    if not data.name.strip():
        raise _fail(where, "the province has no name")
    names = [c.name for c in data.cities]
    seen: set[str] = set()
    for n in names:
        if not n.strip():
            raise _fail(where, "a city has an empty name")
        if n in seen:
            raise _fail(where, f"duplicate city name {n!r}")
        seen.add(n)
    if len(names) != CITIES_PER_PROVINCE:
        raise _fail(where, f"{len(names)} cities, a province needs exactly {CITIES_PER_PROVINCE}")
    for c in data.cities:
        if c.colour not in COLOURS:
            raise _fail(where, f"city {c.name!r}: unknown colour {c.colour!r} (one of {', '.join(COLOURS)})")
        if c.population < 0:
            raise _fail(where, f"city {c.name!r}: negative population")
    for col in COLOURS:
        k = sum(1 for c in data.cities if c.colour == col)
        if k != CITIES_PER_COLOUR:
            raise _fail(where, f"{k} {col} cities, a province needs exactly {CITIES_PER_COLOUR} per colour")
    by_name = {c.name: c for c in data.cities}
    for c in data.cities:
        if len(set(c.neighbours)) != len(c.neighbours):
            raise _fail(where, f"city {c.name!r} lists a neighbour twice")
        for nb in c.neighbours:
            if nb == c.name:
                raise _fail(where, f"city {c.name!r} is its own neighbour")
            if nb not in by_name:
                raise _fail(where, f"city {c.name!r}: unknown neighbour {nb!r}")
            if c.name not in by_name[nb].neighbours:
                raise _fail(
                    where,
                    f"asymmetric adjacency: {c.name!r} lists {nb!r} but {nb!r} does not list {c.name!r}",
                )
        for lk in c.links:
            if lk.province == data.code:
                raise _fail(
                    where, f"city {c.name!r}: a link must lead to another province, not {lk.province!r}"
                )
    # connected
    start = data.cities[0].name
    todo, reached = [start], {start}
    while todo:
        for nb in by_name[todo.pop()].neighbours:
            if nb not in reached:
                reached.add(nb)
                todo.append(nb)
    if len(reached) != len(names):
        lost = sorted(set(names) - reached)[:3]
        raise _fail(where, f"the cities are not all connected (e.g. {', '.join(lost)} cannot be reached)")
    if data.start not in by_name:
        raise _fail(where, f"start city {data.start!r} is not a city of this province")
    if len(data.roles) != ROLE_CARDS:
        raise _fail(where, f"{len(data.roles)} role cards, a province has {ROLE_CARDS}")
    for r in data.roles:
        if r not in ROLES:
            raise _fail(where, f"unknown role {r!r} (one of {', '.join(ROLES)})")
    if len(set(data.roles)) != len(data.roles):
        raise _fail(where, "a role is listed twice")
    return data


def validate_links(provinces: Sequence[ProvinceData], where: dict[str, str] | None = None) -> None:
    """Every link names a known province and one of its cities."""
    where = where or {}
    known = {p.code: {c.name for c in p.cities} for p in provinces}
    codes = [p.code for p in provinces]
    if len(set(codes)) != len(codes):
        dup = next(c for c in codes if codes.count(c) > 1)
        raise _fail(where.get(dup, f"province {dup}"), f"province code {dup!r} is used by two provinces")
    for p in provinces:
        w = where.get(p.code, f"province {p.code}")
        for c in p.cities:
            for lk in c.links:
                if lk.province not in known:
                    raise _fail(w, f"city {c.name!r}: link to unknown province {lk.province!r}")
                if lk.city not in known[lk.province]:
                    raise _fail(
                        w, f"city {c.name!r}: link to unknown city {lk.city!r} of province {lk.province!r}"
                    )


def parse_province(raw: bytes | str, where: str, known: Sequence[ProvinceData] = ()) -> ProvinceData:
    """Decode and validate TOML text (``where`` names it in errors)."""
    try:
        data = msgspec.toml.decode(raw, type=ProvinceData)
    except msgspec.ValidationError as exc:
        raise _fail(where, f"invalid province data: {exc}") from None
    except msgspec.DecodeError as exc:
        raise _fail(where, f"not valid TOML: {exc}") from None
    validate_province(data, where)
    others = [k for k in known if k.code != data.code]
    validate_links([*others, data], {data.code: where})
    return data


def load_province(path: str | os.PathLike[str], known: Sequence[ProvinceData] | None = None) -> ProvinceData:
    """Read one province file. Links are checked against ``known`` (default: the shipped provinces)."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise _fail(str(p), f"cannot read ({exc.strerror})") from None
    return parse_province(raw, str(p), shipped() if known is None else known)


def from_dict(obj: Any, where: str, known: Sequence[ProvinceData] = ()) -> ProvinceData:
    """Province data given as a plain dict (e.g. in game options)."""
    try:
        data = msgspec.convert(obj, ProvinceData)
    except msgspec.ValidationError as exc:
        raise _fail(where, f"invalid province data: {exc}") from None
    validate_province(data, where)
    others = [k for k in known if k.code != data.code]
    validate_links([*others, data], {data.code: where})
    return data


def to_dict(data: ProvinceData) -> dict[str, Any]:
    out: dict[str, Any] = msgspec.to_builtins(data)  # a struct: a dict of its fields
    return out


@cache
def shipped() -> tuple[ProvinceData, ...]:
    """The four provinces shipped with the game, in the order Gallia, Hispania, Aegyptus, Achaia."""
    found: dict[str, ProvinceData] = {}
    where: dict[str, str] = {}
    folder = resources.files("engine.games.pandemie") / "data"
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            w = f"engine/games/pandemie/data/{entry.name}"
            try:
                d = msgspec.toml.decode(entry.read_bytes(), type=ProvinceData)
            except (msgspec.ValidationError, msgspec.DecodeError) as exc:
                raise _fail(w, f"invalid province data: {exc}") from None
            found[d.code] = validate_province(d, w)
            where[d.code] = w
    validate_links(list(found.values()), where)
    order = [c for c in SHIPPED_ORDER if c in found] + sorted(c for c in found if c not in SHIPPED_ORDER)
    return tuple(found[c] for c in order)


def shipped_by_code() -> dict[str, ProvinceData]:
    return {p.code: p for p in shipped()}


def all_names() -> dict[str, str]:
    """Display names of every shipped card key (``G01`` → ``Lugdunum``), for :func:`describe`."""
    return _names_cache()


@cache
def _names_cache() -> dict[str, str]:
    out: dict[str, str] = {}
    for p in shipped():
        for li, c in enumerate(p.cities):
            out[f"{p.code}{li + 1:02d}"] = c.name
    return out
