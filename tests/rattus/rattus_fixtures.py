"""Test fixtures for the Rattus tests.

The faces below are TEST DATA made up for these tests: they are NOT the publisher's token faces (which only
the cardboard prints; a group records its own with the census). Never ship them as a box profile.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core.rng import SeededRng
from engine.games import rattus
from engine.games.rattus.profile import Face, Profile, default_profile, to_dict

CLASS_KEYS = ("paysannerie", "bourgeoisie", "clerge", "chevalerie", "magie", "noblesse")


def fake_face(n: int) -> Face:
    """A made-up, varied face for token number ``n`` (test fixture only)."""
    threshold = 1 + n % 5
    symbols = [CLASS_KEYS[n % 6]]
    if n % 4 == 0:
        symbols.insert(0, "M")
    if n % 7 == 0:
        symbols.append("A")
    if n % 3 == 0:
        symbols.append(CLASS_KEYS[(n + 2) % 6])
    order = {s: i for i, s in enumerate(("M", *CLASS_KEYS, "A"))}
    return Face(threshold, tuple(sorted(symbols, key=order.__getitem__)))


def box_profile(**faces: Face) -> Profile:
    """The default board with made-up faces on every token (``RAT_07=Face(...)`` overrides one)."""
    p = default_profile()
    made = {t.id: fake_face(int(t.id[4:])) for t in p.tokens}
    for k, f in faces.items():
        made[k.replace("_", ":")] = f
    return p.with_faces(made)


def options(
    players: int = 4, mode: str = "digital", characters: Any = "base", profile: Profile | None = None
) -> dict[str, Any]:
    return {
        "players": players,
        "mode": mode,
        "characters": characters,
        "profile": to_dict(profile or box_profile()),
    }


def new_game(seed: int = 1, **kw: Any) -> tuple[rattus.State, list]:
    return rattus.setup(options(**kw), SeededRng(seed))


def rep(state: rattus.State, **kw: Any) -> rattus.State:
    return msgspec.structs.replace(state, **kw)


def play(state: rattus.State, intent: Any, seed: int = 0) -> tuple[rattus.State, list]:
    events = rattus.apply(state, intent, SeededRng(seed))
    for e in events:
        state = rattus.fold(state, e)
    return state, events


def after_setup_cubes(state: rattus.State) -> rattus.State:
    """Play the 2+2 snake placement: every seat puts its cubes in the first regions in play."""
    k = 0
    while state.phase == "setup":
        region = state.regions[k % len(state.regions)]
        state, _ = play(state, rattus.SetupCubes(seat=state.active, region=region))
        k += 1
    return state


def arrange(
    state: rattus.State,
    *,
    slots: dict[str, tuple[str, ...]] | None = None,
    cubes: dict[str, dict[str, int]] | None = None,
    holders: dict[str, str] | None = None,
    plague: str | None = None,
    active: str = "p1",
    phase: str = "actions",
) -> rattus.State:
    """A scenario state: the given rats (others cleared back to the bag), cubes (taken from reserves),
    card holders, plague position and active seat. Keeps the 49 tokens and the 20 cubes per seat."""
    if slots is not None:
        placed = {t for ts in slots.values() for t in ts if t}
        new_slots = {r: tuple(slots.get(r, ())) for r in state.regions}
        if state.digital:
            others = [t.id for t in state.profile.tokens if t.id not in placed]
            state = rep(
                state,
                bag=msgspec.structs.replace(state.bag, cards=tuple(others)),
                out_down=(),
                start=msgspec.structs.replace(state.start, cards=()),
            )
        else:
            n = sum(len(v) for v in new_slots.values())
            state = rep(state, supply_count=49 - n, out_down=())
        state = rep(state, slots=new_slots)
    if cubes is not None:
        full = {r: dict(cubes.get(r, {})) for r in state.regions}
        reserve = {s: 20 - sum(full[r].get(s, 0) for r in state.regions) for s in state.seats}
        state = rep(state, cubes=full, reserve=reserve, castle={s: 0 for s in state.seats})
    if holders is not None:
        h = {c: "" for c in state.characters}
        h.update(holders)
        state = rep(state, holders=h)
    if plague is not None:
        state = rep(state, plague=plague)
    return rep(
        state, active=active, phase=phase, queue=(), stage="game", used=(), took_card=False, placed=False
    )
