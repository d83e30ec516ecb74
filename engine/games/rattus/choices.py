"""Rattus ``legal()`` (the game contract's choices): every intent a seat may send now, each one tried with
:func:`apply` on a throwaway rng.

What a seat is offered is computed from what it may see (:func:`engine.games.rattus.seen.for_seat`): with real
tokens, a sticker only the host recorded is never named.
"""

from __future__ import annotations

from itertools import permutations

from engine.core.events import HOST, TABLE, IllegalIntent, Intent

from .events import (
    AddPotion,
    BakerPlace,
    BakerStore,
    EndTurn,
    FinalCubes,
    FlipToken,
    MoveCubes,
    MovePlague,
    MoveRat,
    OrderTokens,
    PipeCube,
    PlaceCubes,
    PlaceCubesBurgomaster,
    SetBishop,
    SetNuns,
    SetRamparts,
    SetupCubes,
    SoldierRat,
    SpreadRat,
    SwapCubes,
    TakeCard,
    ToCastle,
    WitchPeek,
    WitchSwap,
)
from .rules import _final_left, apply, majority_regions
from .seen import for_seat
from .state import BISHOPS, NUNS, RAMPARTS, State, rampart


def _candidates(s: State, seat: str) -> list[Intent]:
    R = s.regions
    out: list[Intent] = []
    if s.phase == "setup":
        return [SetupCubes(seat=seat, region=r) for r in R]
    if s.phase == "spread":
        return [SpreadRat(seat=seat, region=r) for r in s.adj[s.spread_region]]
    if s.phase == "crusader":
        return [OrderTokens(seat=seat, order=p) for p in permutations([t for t, _ in s.pending])]
    if s.phase == "baker":
        return [BakerPlace(seat=seat, region=r) for r in R]
    if s.phase in ("ravage", "crusader_flip", "final_plague"):
        regions = [s.ravage] if s.ravage else _final_left(s)
        seen = for_seat(s, seat)  # the tokens this seat may name: never a sticker only the host recorded
        accounted = {t for slots in seen.slots.values() for t in slots if t}
        accounted |= {t for t, _, _ in seen.revealed} | set(seen.out_down) | {t for t, _ in seen.pending}
        free = [t.id for t in seen.profile.tokens if t.id not in accounted and t.face is not None]
        return [
            FlipToken(seat=seat, region=r, token=t)
            for r in regions
            for t in ([x for x in seen.slots[r] if x] + (free if "" in seen.slots[r] else []))
        ]
    if s.phase not in ("actions", "final"):
        return []
    final = s.phase == "final"
    if not final:
        out += [
            TakeCard(seat=seat, card=c, region=r)
            for c in s.characters
            for r in (R if c == "boulanger" and s.baker and s.holders.get(c) else ("",))
        ]
        for r in R:
            for peasant in (False, True):
                for queen in (False, True):
                    out.append(PlaceCubes(seat=seat, region=r, peasant=peasant, queen=queen))
        if s.holds(seat, "bourgmestre"):
            maj = majority_regions(s, seat)
            queens: list[tuple[str, ...]] = [(), *((r,) for r in maj)]
            queens += [(a, b) for a in maj for b in maj if a != b]  # the Queen's 2 cubes split over 2 regions
            out += [
                PlaceCubesBurgomaster(seat=seat, peasant_region=p, queen_regions=q)
                for p in ("", *maj)
                for q in queens
            ]
    else:
        out += [
            FinalCubes(seat=seat, card=c, region=r) for c in ("paysan", "reine", "bourgmestre") for r in R
        ]
        out += [SoldierRat(seat=seat, region=r) for r in s.adj.get(s.plague, ())]
        out.append(EndTurn(seat=seat))
    cards = s.cards_of(seat)
    if "roi" in cards:
        out += [ToCastle(seat=seat, region=r) for r in R]
    if "moine" in cards:
        out += [
            MoveRat(seat=seat, src=a, dst=b, index=k) for a in R for b in s.adj[a] for k in range(s.rats(a))
        ]
    if "marchand" in cards:
        out += [MoveCubes(seat=seat, src=a, dst=b, count=n) for a in R for b in s.adj[a] for n in (1, 2, 3)]
    if "sorciere" in cards:
        out += [WitchPeek(seat=seat, region=r, index=k) for r in R for k in range(s.rats(r))]
        out.append(WitchSwap(seat=seat))
    if "messager" in cards:
        occupied = [(o, r) for r in R for o in s.cubes[r]]
        out += [
            SwapCubes(seat=seat, seat_a=a, region_a=ra, seat_b=b, region_b=rb)
            for (a, ra) in occupied
            for (b, rb) in occupied
            if a != b
        ]
    if "empereur" in cards:
        edges = sorted({rampart(a, b) for a in R for b in s.adj[a]})
        current = list(s.ramparts)
        # each layout once, and never the one already on the board
        placed: set[tuple[tuple[str, str], ...]] = {tuple(current)}
        for k in range(min(RAMPARTS, len(current) + 1)):  # a rampart moved, or the next one placed
            for e in edges:
                new = tuple(current[:k] + [e] + current[k + 1 :])
                if new not in placed:
                    placed.add(new)
                    out.append(SetRamparts(seat=seat, edges=new))
    if "nonne" in cards:
        laid: set[tuple[str, ...]] = {tuple(s.nuns)}
        for k in range(NUNS):
            for r in R:
                nuns = [n or r for n in s.nuns]
                nuns[k] = r
                if tuple(nuns) not in laid:
                    laid.add(tuple(nuns))
                    out.append(SetNuns(seat=seat, regions=tuple(nuns)))
    if "eveque" in cards:
        out += [SetBishop(seat=seat, bishop=b, region=r) for b in range(BISHOPS) for r in R]
    if "magicien" in cards:
        out += [AddPotion(seat=seat, region=r) for r in R]
    if "piedpiper" in cards:
        out += [PipeCube(seat=seat, src=a, dst=b) for a in R for b in s.adj[a]]
    if "boulanger" in cards:
        out.append(BakerStore(seat=seat))
    paths: list[tuple[str, ...]] = [(b,) for b in s.adj.get(s.plague, ())]
    paths += [(b, c) for b in s.adj.get(s.plague, ()) for c in s.adj[b] if c != s.plague]
    flags = [
        f
        for f, c in (
            ("neutral", "chevalier"),
            ("crusader", "croise"),
            ("soldier", "soldat"),
            ("serf", "serf"),
        )
        if c in cards
    ]
    if not final:
        out.append(MovePlague(seat=seat, path=()))
    for p in paths:
        for mask in range(1 << len(flags)):
            kw = {f: bool(mask >> k & 1) for k, f in enumerate(flags)}
            out.append(MovePlague(seat=seat, path=p, **kw))
    return out


def legal(state: State, seat: str) -> list[Intent]:
    """Every intent ``seat`` may send now (for the Emperor and the Nun: one piece moved at a time)."""
    if state.phase == "over":
        return []
    flips = state.phase in ("ravage", "crusader_flip", "final_plague")
    if (
        seat != state.active
        and not (flips and seat in (TABLE, HOST))
        and not (state.phase == "final_plague" and seat in state.seats)
    ):  # anyone turns the last tokens over
        return []
    out = []
    probe = _Probe()
    for intent in _candidates(state, seat):
        try:
            apply(state, intent, probe)
        except IllegalIntent:
            continue
        out.append(intent)
    return out


class _Probe:
    """A throwaway rng for trying intents in :func:`legal` (its draws are never recorded)."""

    def randbelow(self, n: int) -> int:
        return 0

    def token_hex(self, nbytes: int) -> str:
        return "00" * nbytes
