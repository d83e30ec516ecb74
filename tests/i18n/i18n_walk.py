"""Seeded walks through every game, gathering what the app will show: events, intents, prompts, refusals.

A walk plays a game with a seeded random policy, from several option sets, and collects every event and
every legal intent met on the way. It also provokes refusals: each legal intent of one seat is replayed by
every other seat, and intents of every type are rebuilt with field values seen elsewhere in the walk.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, get_type_hints

import msgspec

from engine.core import HOST, TABLE, IllegalIntent, SeededRng, get_game
from engine.core.events import Event, Intent
from engine.games.rattus.profile import Face, default_profile, to_dict

_RAT_CLASSES = ("paysannerie", "bourgeoisie", "clerge", "chevalerie", "magie", "noblesse")


def _face(n: int) -> Face:
    """A made-up face for rat token ``n`` (test data, not the publisher's faces)."""
    symbols = [_RAT_CLASSES[n % 6]]
    if n % 4 == 0:
        symbols.insert(0, "M")
    if n % 7 == 0:
        symbols.append("A")
    order = {s: i for i, s in enumerate(("M", *_RAT_CLASSES, "A"))}
    return Face(1 + n % 5, tuple(sorted(symbols, key=order.__getitem__)))


def _rattus_profile() -> dict[str, Any]:
    p = default_profile()
    return to_dict(p.with_faces({t.id: _face(int(t.id[4:])) for t in p.tokens}))


PLAGUE_PROFILE = {"name": "walk", "prosperity": list(range(2, 13)), "plague": [2 * t for t in range(2, 13)]}


def option_sets(game: str) -> list[dict[str, Any]]:
    if game == "pandemie":
        return [
            {"provinces": 1, "players": 2},
            {"provinces": 2, "players": 3, "difficulty": "expert"},
            {"provinces": 4, "players": 2},
        ]
    if game == "rattus":
        prof = _rattus_profile()
        return [
            {"players": 2, "mode": "digital", "characters": "base", "profile": prof},
            {"players": 4, "mode": "digital", "characters": "random", "profile": prof},
            {"players": 3, "mode": "physical", "characters": "one-per-class", "profile": prof},
        ]
    if game == "cartus":
        return [
            {"players": 2},
            {"players": 4, "selection": "random-five"},
            {"players": 5, "nun_row": "cards"},
        ]
    if game == "plague":
        return [{"players": 3, "profile": PLAGUE_PROFILE}, {"players": 5, "profile": PLAGUE_PROFILE}]
    raise KeyError(game)


@dataclass
class Walk:
    game: str
    events: list[Event] = field(default_factory=list)
    intents: list[Intent] = field(default_factory=list)
    views: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    refusals: list[IllegalIntent] = field(default_factory=list)
    samples: dict[str, list[Any]] = field(default_factory=dict)

    def note(self, obj: msgspec.Struct) -> None:
        for f in obj.__struct_fields__:
            v = getattr(obj, f)
            pool = self.samples.setdefault(f, [])
            if len(pool) < 40 and v not in pool:
                pool.append(v)


def _try(walk: Walk, mod: Any, state: Any, intent: Intent, rng: SeededRng) -> None:
    try:
        mod.apply(state, intent, rng)
    except IllegalIntent as exc:
        if len(walk.refusals) < 4000:
            walk.refusals.append(exc)
    except Exception:  # noqa: BLE001 - an intent rebuilt from random fields may break a rule function
        pass


def _seats(mod: Any, state: Any) -> list[str]:
    return [*mod.seats(state), TABLE]


def walk(game: str, seeds: int = 3, steps: int = 400) -> Walk:
    mod = get_game(game)
    out = Walk(game)
    for opts in option_sets(game):
        for seed in range(seeds):
            rnd = random.Random(seed)
            state, events = mod.setup(opts, SeededRng(seed))
            out.events += events
            for e in events:
                out.note(e)
            for step in range(steps):
                if mod.outcome(state) is not None:
                    break
                seats = _seats(mod, state)
                legal = {s: mod.legal(state, s) for s in seats}
                for lst in legal.values():
                    out.intents += lst[:60]
                    for i in lst[:60]:
                        out.note(i)
                if step % 7 == 0:
                    for s in seats:
                        out.views.append((s, mod.view(state, s)))
                    out.views.append((HOST, mod.view(state, HOST)))
                    _provoke(out, mod, state, legal, rnd)
                movers = [s for s, lst in legal.items() if lst]
                if not movers:
                    break
                s = rnd.choice(movers)
                intent = rnd.choice(legal[s])
                events = mod.apply(state, intent, SeededRng(seed * 1000 + step))
                for e in events:
                    state = mod.fold(state, e)
                    out.note(e)
                out.events += events
    _provoke_types(out, mod, state, SeededRng(5))
    return out


def _provoke(out: Walk, mod: Any, state: Any, legal: dict[str, list[Intent]], rnd: random.Random) -> None:
    seats = list(legal)
    rng = SeededRng(7)
    for s, lst in legal.items():
        for intent in rnd.sample(lst, min(3, len(lst))):
            for other in seats:
                if other != s:
                    _try(out, mod, state, msgspec.structs.replace(intent, seat=other), rng)
            for f in intent.__struct_fields__:
                pool = out.samples.get(f) or []
                for v in rnd.sample(pool, min(3, len(pool))):
                    try:
                        bent = msgspec.structs.replace(intent, **{f: v})
                    except Exception:  # noqa: BLE001
                        continue
                    _try(out, mod, state, bent, rng)
    for t in rnd.sample(list(mod.intents), min(6, len(mod.intents))):
        for s in seats:
            for bent in _rebuilt(out, t, s, rnd):
                _try(out, mod, state, bent, rng)


def _provoke_types(out: Walk, mod: Any, state: Any, rng: SeededRng) -> None:
    rnd = random.Random(3)
    for t in mod.intents:
        for s in _seats(mod, state):
            for bent in _rebuilt(out, t, s, rnd):
                _try(out, mod, state, bent, rng)


def _rebuilt(out: Walk, t: type, seat: str, rnd: random.Random, n: int = 3) -> Iterator[Intent]:
    """Up to ``n`` instances of intent type ``t`` for ``seat`` with field values seen in the walk."""
    hints = get_type_hints(t)
    for _ in range(n):
        kw: dict[str, Any] = {}
        for f in t.__struct_fields__:
            if f == "seat":
                continue
            pool = out.samples.get(f)
            if pool:
                kw[f] = rnd.choice(pool)
            elif hints.get(f) is int:
                kw[f] = rnd.randint(-1, 5)
        try:
            yield t(seat=seat, **kw)
        except Exception:  # noqa: BLE001
            continue


def _sample(walk: Walk, field_name: str, hint: Any, rnd: random.Random) -> Any:
    """A value for ``field_name`` met in the walk: under that name, else under a name it ends or starts with
    (``to_province`` → ``province``), else a plain value of its type."""
    pool = walk.samples.get(field_name)
    if not pool:
        near = [k for k, v in walk.samples.items() if v and field_name.endswith("_" + k)]
        near += [
            k
            for k, v in walk.samples.items()
            if v and (field_name.startswith(k + "_") or k.endswith("_" + field_name))
        ]
        pool = walk.samples[near[0]] if near else None
    if pool:
        return rnd.choice(pool)
    text = str(hint)
    if hint is bool:
        return True
    if hint is int:
        return 1
    if hint is str:
        return (
            "p1" if "seat" in field_name or field_name in ("asker", "giver", "owner", "by", "chooser") else ""
        )
    if text.startswith("tuple[str"):
        return ("p1", "p2") if "victim" in field_name or "seat" in field_name else ()
    if text.startswith("tuple"):
        return ()
    return None


def synthesized(walk: Walk, types: tuple[type, ...], rnd: random.Random) -> list[Any]:
    """One instance of every type in ``types`` not met in the walk, rebuilt from field values seen."""
    seen = {type(x) for x in (*walk.events, *walk.intents)}
    out: list[Any] = []
    for t in types:
        if t in seen:
            continue
        hints = get_type_hints(t)
        kw = {}
        for f in t.__struct_fields__:
            v = _sample(walk, f, hints.get(f), rnd)
            if v is not None:
                kw[f] = v
        try:
            out.append(t(**kw))
        except Exception:  # noqa: BLE001
            continue
    return out
