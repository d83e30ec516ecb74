"""The action cards of Plague and Pestilence: data (``data/cards.toml``) validated at load, counts resolved.

Card ids are ``<key>-<n>`` (``famine-2``), one per physical card, so that every card is in exactly one
place (draw pile, discard, a hand, in front of a player, on the table while it resolves, out of the game).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any, Literal

import msgspec

Kind = Literal["act", "parry", "improvement"]
Effect = Literal[
    "gain",
    "loss",
    "steal",
    "steal_each",
    "war",
    "raid",
    "death_ship",
    "parry_cancel",
    "parry_advantage",
    "improvement",
]

DEATH_SHIP = "death_ship"
IMPROVEMENT_KEYS = ("aqueduct", "city_walls", "sewer")


class CardError(ValueError):
    """Card data or card counts that cannot make a deck; the message names every problem."""


class CardType(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    key: str
    name: str
    """The printed name (the box is English; the French rules text keeps these names)."""
    fr_name: str
    """The name a French screen shows."""
    kind: Kind
    effect: Effect
    fr: str
    en: str
    count: int | None = None
    gain: int = 0
    loss: int = 0
    winner_loss: int = 0
    loser_loss: int = 0
    improvement: bool = False
    """The victim also loses an improvement (the player of the card chooses which)."""
    blocked_by: tuple[str, ...] = ()
    """Improvements that make the victim immune."""
    parry: bool = False
    """Buy Indulgence/Negociated Peace cancels it (Major War, Minor War, Crusade)."""
    walls: bool = False
    """City Walls reduce its losses by 5 PPs."""


class CardData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    total: int
    card: tuple[CardType, ...]


@cache
def card_data() -> CardData:
    raw = resources.files(__package__).joinpath("data/cards.toml").read_text(encoding="utf-8")
    try:
        data = msgspec.convert(tomllib.loads(raw), CardData)
    except msgspec.ValidationError as exc:
        raise CardError(f"engine/games/plague/data/cards.toml: {exc}") from None
    problems: list[str] = []
    keys = [c.key for c in data.card]
    for k in sorted({k for k in keys if keys.count(k) > 1}):
        problems.append(f"card {k!r} is listed twice")
    for c in data.card:
        for b in c.blocked_by:
            if b not in IMPROVEMENT_KEYS:
                problems.append(f"card {c.key!r}: blocked_by names {b!r}, not an improvement")
        if (c.kind == "improvement") != (c.effect == "improvement"):
            problems.append(f"card {c.key!r}: kind {c.kind} does not fit effect {c.effect}")
    if DEATH_SHIP not in keys:
        problems.append("the Death ship is missing")
    if problems:
        raise CardError("engine/games/plague/data/cards.toml: " + "; ".join(problems))
    return data


@cache
def card_types() -> dict[str, CardType]:
    return {c.key: c for c in card_data().card}


def key_of(card_id: str) -> str:
    """``famine-2`` → ``famine``."""
    return card_id.rsplit("-", 1)[0]


def card_type(card_id: str) -> CardType:
    return card_types()[key_of(card_id)]


def name_of(card_id: str) -> str:
    """The printed name of a card (``famine-2`` → ``Famine``), else the id."""
    t = card_types().get(key_of(card_id))
    return t.name if t else card_id


def name_in(card_id: str, lang: str, printed: bool = False) -> str:
    """A card's name in ``lang`` (``flood-1`` → ``Inondation``), else the id.

    ``printed`` adds the printed name where it differs, so that a player finds the card in the box:
    ``Inondation (Flood)``. A printed name is taken as a card id too (``Flood`` → ``Inondation``).
    """
    types = card_types()
    t = types.get(key_of(card_id)) or _by_printed_name().get(card_id)
    if t is None:
        return card_id
    if lang != "fr" or t.fr_name == t.name:
        return t.name
    return f"{t.fr_name} ({t.name})" if printed else t.fr_name


@cache
def _by_printed_name() -> dict[str, CardType]:
    return {t.name: t for t in card_types().values()}


def resolve_counts(
    listed: Mapping[str, int | None], total: int, overrides: Mapping[str, Any] | None = None
) -> dict[str, int]:
    """The number of copies of each card.

    ``listed`` holds the counts the rules text prints (``None`` where it omits one), ``total`` the deck size
    it announces, ``overrides`` the group's ``card_counts`` option. A count the text omits must be set
    in ``overrides`` — unless it is the only one missing, in which case the announced total decides it.
    A group whose box differs may override any count; the deck is then the sum of the counts.
    Raises :class:`CardError` naming every card in trouble.
    """
    overrides = dict(overrides or {})
    problems: list[str] = []
    for k in sorted(overrides):
        if k not in listed:
            problems.append(f"card_counts names unknown card {k!r} (known: {', '.join(sorted(listed))})")
            continue
        v = overrides[k]
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            problems.append(f"card_counts[{k!r}] must be a whole number >= 0, not {v!r}")
    if problems:
        raise CardError("; ".join(problems))
    counts: dict[str, int | None] = {k: overrides.get(k, v) for k, v in listed.items()}
    missing = [k for k, v in counts.items() if v is None]
    if len(missing) == 1 and not overrides:
        known = sum(v for v in counts.values() if v is not None)
        left = total - known
        if left < 1:
            raise CardError(
                f"the rules give no count for {missing[0]!r} and the other cards already make {known} of "
                f"the {total}: set card_counts[{missing[0]!r}]"
            )
        counts[missing[0]] = left
    elif missing:
        names = ", ".join(repr(k) for k in missing)
        raise CardError(
            f"the rules text gives no count for {names}: set it with the card_counts option "
            f"(e.g. {{{missing[0]!r}: 2}})"
        )
    out = {k: int(v) for k, v in counts.items() if v is not None}
    if not overrides and sum(out.values()) != total:
        raise CardError(f"the listed counts add up to {sum(out.values())}, not the {total} cards announced")
    if out.get(DEATH_SHIP, 1) != 1:
        raise CardError(f"there is exactly one Death ship, not {out[DEATH_SHIP]}")
    return out


def default_counts(overrides: Mapping[str, Any] | None = None) -> dict[str, int]:
    data = card_data()
    return resolve_counts({c.key: c.count for c in data.card}, data.total, overrides)


def deck_ids(counts: Mapping[str, int]) -> list[str]:
    """One id per physical card, in the order of the data file."""
    out: list[str] = []
    for c in card_data().card:
        out.extend(f"{c.key}-{i}" for i in range(1, counts.get(c.key, 0) + 1))
    return out
