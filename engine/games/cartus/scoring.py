"""Rattus Cartus final scoring, usable on its own (the group may just type the final counts).

:func:`final_scores` follows the rules' "Fin de la partie" section:

* each class: most influence 10, second 5, third 2; a player with 0 influence in a class scores nothing
  there. Ties: the rules only say that a marker reaching an occupied space goes *on top*; the default
  ``majority_ties="top"`` ranks the marker on top (the later arrival) first, ``"bottom"`` the earlier one,
  and ``"share"`` lets tied players share the points of the places they cover (rounded down).
* most population + joker cards in hand: 2 points, a tie gives 1 point to each tied player;
* each special type in play except gold (sword, flute, pass): most cards 2 points, ties 1 each;
* gold, if the Trésor was in play: most 6, second 3; a tie for most shares 9 (rounded down) and nobody is
  second; a tie for second shares 3 (rounded down);
* victory point tokens;
* plague: a player whose rats exceed the nuns of the nun row is dead and cannot win. Among survivors the
  most points wins, then the fewer rats, then the victory is shared.

A count of 0 never wins a "most cards" bonus (nobody "has the most" of nothing).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

import msgspec

CLASS_CODES: tuple[str, ...] = ("PAY", "BOU", "CLE", "CHE", "MAG", "NOB")
SPECIAL_KINDS: tuple[str, ...] = ("sword", "flute", "pass")
MAJORITY_POINTS: tuple[int, ...] = (10, 5, 2)
TieRule = Literal["top", "bottom", "share"]


class PlayerCounts(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One player's final counts."""

    influence: dict[str, int] = msgspec.field(default_factory=dict)
    pop_jokers: int = 0
    swords: int = 0
    flutes: int = 0
    passes: int = 0
    gold: int = 0
    victory_tokens: int = 0
    rats: int = 0


class ScoringError(ValueError):
    pass


def _counts(seat: str, p: PlayerCounts | Mapping[str, Any]) -> PlayerCounts:
    if isinstance(p, PlayerCounts):
        pc = p
    else:
        try:
            pc = msgspec.convert(dict(p), PlayerCounts)
        except msgspec.ValidationError as exc:
            raise ScoringError(f"player {seat}: {exc}") from None
    for cls in pc.influence:
        if cls not in CLASS_CODES:
            raise ScoringError(f"player {seat}: unknown class {cls!r} (classes: {', '.join(CLASS_CODES)})")
    for name in ("pop_jokers", "swords", "flutes", "passes", "gold", "victory_tokens", "rats"):
        if getattr(pc, name) < 0:
            raise ScoringError(f"player {seat}: {name} cannot be negative")
    if any(v < 0 for v in pc.influence.values()):
        raise ScoringError(f"player {seat}: influence cannot be negative")
    return pc


def majority_points(
    influence: Mapping[str, int],
    ties: TieRule = "top",
    stack: Sequence[str] | None = None,
    cls: str = "",
) -> dict[str, int]:
    """10/5/2 for one class. ``stack``: seats in order of arrival on their space (bottom first)."""
    ranked = [s for s in influence if influence[s] > 0]
    out = {s: 0 for s in influence}
    if ties == "share":
        values = sorted({influence[s] for s in ranked}, reverse=True)
        place = 0
        for v in values:
            group = [s for s in ranked if influence[s] == v]
            pts = sum(MAJORITY_POINTS[i] for i in range(place, min(place + len(group), len(MAJORITY_POINTS))))
            for s in group:
                out[s] = pts // len(group)
            place += len(group)
        return out
    tied = [s for s in ranked if sum(1 for t in ranked if influence[t] == influence[s]) > 1]
    pos: dict[str, int] = {}
    if tied:
        if stack is None or any(s not in stack for s in tied):
            raise ScoringError(
                f"class {cls or '?'}: {', '.join(sorted(tied))} are tied; give the order their markers "
                "arrived on the space (stack, bottom first) or use majority_ties='share'"
            )
        pos = {s: i for i, s in enumerate(stack)}
    sign = -1 if ties == "top" else 1
    ranked.sort(key=lambda s: (-influence[s], sign * pos.get(s, 0)))
    for i, s in enumerate(ranked[: len(MAJORITY_POINTS)]):
        out[s] = MAJORITY_POINTS[i]
    return out


def most_cards(counts: Mapping[str, int]) -> dict[str, int]:
    """2 points for the most, 1 each when tied; nothing for 0."""
    out = {s: 0 for s in counts}
    best = max(counts.values(), default=0)
    if best <= 0:
        return out
    top = [s for s in counts if counts[s] == best]
    for s in top:
        out[s] = 2 if len(top) == 1 else 1
    return out


def gold_points(gold: Mapping[str, int]) -> dict[str, int]:
    """6 for the most, 3 for the second; tie for most shares 9, tie for second shares 3 (rounded down)."""
    out = {s: 0 for s in gold}
    values = sorted({v for v in gold.values() if v > 0}, reverse=True)
    if not values:
        return out
    first = [s for s in gold if gold[s] == values[0]]
    if len(first) > 1:
        for s in first:
            out[s] = 9 // len(first)
        return out
    out[first[0]] = 6
    if len(values) > 1:
        second = [s for s in gold if gold[s] == values[1]]
        for s in second:
            out[s] = 3 if len(second) == 1 else 3 // len(second)
    return out


def final_scores(
    players: Mapping[str, PlayerCounts | Mapping[str, Any]],
    *,
    nuns: int,
    specials_in_play: Sequence[str] = SPECIAL_KINDS,
    treasure_in_play: bool = True,
    majority_ties: TieRule = "top",
    stacks: Mapping[str, Sequence[str]] | None = None,
) -> dict[str, Any]:
    """The final score sheet. ``players`` maps a seat (or a name) to its counts; ``nuns`` is the number of
    nun symbols in the nun row. Returns a JSON-able dict: per player the breakdown, total, rats and whether
    they survived; ``winners`` (several = shared victory; empty when nobody survived)."""
    if not players:
        raise ScoringError("no players")
    if nuns < 0:
        raise ScoringError("nuns cannot be negative")
    if majority_ties not in ("top", "bottom", "share"):
        raise ScoringError(f"majority_ties must be top, bottom or share, not {majority_ties!r}")
    for k in specials_in_play:
        if k not in SPECIAL_KINDS:
            raise ScoringError(f"unknown special kind {k!r} (gold is scored through treasure_in_play)")
    pc = {s: _counts(s, p) for s, p in players.items()}
    sheet: dict[str, dict[str, int]] = {s: {} for s in pc}
    for cls in CLASS_CODES:
        pts = majority_points(
            {s: p.influence.get(cls, 0) for s, p in pc.items()},
            majority_ties,
            (stacks or {}).get(cls),
            cls,
        )
        for s in pc:
            sheet[s][cls] = pts[s]
    for s, v in most_cards({s: p.pop_jokers for s, p in pc.items()}).items():
        sheet[s]["pop_jokers"] = v
    field = {"sword": "swords", "flute": "flutes", "pass": "passes"}
    for kind in SPECIAL_KINDS:
        if kind in specials_in_play:
            for s, v in most_cards({s: getattr(p, field[kind]) for s, p in pc.items()}).items():
                sheet[s][kind] = v
    if treasure_in_play:
        for s, v in gold_points({s: p.gold for s, p in pc.items()}).items():
            sheet[s]["gold"] = v
    for s, p in pc.items():
        sheet[s]["victory_tokens"] = p.victory_tokens
    result: dict[str, Any] = {"nuns": nuns, "players": {}}
    for s, p in pc.items():
        result["players"][s] = {
            "breakdown": sheet[s],
            "total": sum(sheet[s].values()),
            "rats": p.rats,
            "alive": p.rats <= nuns,
        }
    alive = [s for s in pc if result["players"][s]["alive"]]
    winners: list[str] = []
    if alive:
        best = max(result["players"][s]["total"] for s in alive)
        top = [s for s in alive if result["players"][s]["total"] == best]
        fewest = min(pc[s].rats for s in top)
        winners = [s for s in top if pc[s].rats == fewest]
    result["winners"] = winners
    result["ranking"] = sorted(
        pc, key=lambda s: (not result["players"][s]["alive"], -result["players"][s]["total"], pc[s].rats)
    )
    return result
