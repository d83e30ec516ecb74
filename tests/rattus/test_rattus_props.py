"""Property tests: random legal play keeps the rules' invariants, replays exactly, and leaks nothing."""

from __future__ import annotations

from typing import Any

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import HOST, TABLE, SeededRng, project
from engine.core.deck import Drawn
from engine.core.game import replay
from engine.games import rattus
from tests.rattus.rattus_fixtures import new_game, play

CHOICES = ["base", "random", "one-per-class", "age-d-or", "controle-des-rats", "europe-en-guerre"]


def run(seed: int, players: int, mode: str, characters: str, steps: int) -> tuple[rattus.State, list, list]:
    s, events = new_game(seed, players=players, mode=mode, characters=characters)
    events = list(events)
    states = [s]
    rng = SeededRng(seed * 7 + 1)
    for n in range(steps):
        if s.phase == "over":
            break
        seat = s.active or TABLE
        options = rattus.legal(s, seat)
        assert options, f"no legal intent for {seat} in phase {s.phase}"
        s, ev = play(s, options[rng.randbelow(len(options))], seed + n)
        events += ev
        states.append(s)
    return s, events, states


def check_invariants(s: rattus.State) -> None:
    assert all(len(v) <= 3 for v in s.slots.values()), "never more than 3 rats in a region"
    for seat in s.seats:
        board = sum(s.cubes[r].get(seat, 0) for r in s.regions)
        baker = s.baker if s.baker_owner == seat else 0
        assert s.reserve[seat] + board + s.castle[seat] + baker == 20, f"cubes of {seat} not conserved"
        assert s.reserve[seat] >= 0
    assert all(n > 0 for r in s.regions for n in s.cubes[r].values())
    if s.digital:
        tokens = (
            [t for v in s.slots.values() for t in v]
            + list(s.bag.cards)
            + list(s.start.cards)
            + list(s.retired.cards)
            + list(s.out_down)
            + [t for t, _, _ in s.revealed]
            + [t for t, _ in s.pending]
        )
        # a token taken back by the Soldier from the retired pile is drawn from a copy (the retired deck)
        assert len(set(tokens)) == 49
    else:
        n = (
            sum(len(v) for v in s.slots.values())
            + s.supply_count
            + len(s.out_down)
            + len(s.revealed)
            + len(s.pending)
        )
        assert n == 49
    assert s.potions_left + sum(n for r in s.regions for n in s.potions[r].values()) == 10


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.sampled_from([2, 3, 4]),
    mode=st.sampled_from(["digital", "physical"]),
    characters=st.sampled_from(CHOICES),
)
def test_random_play_keeps_invariants_and_replays(
    seed: int, players: int, mode: str, characters: str
) -> None:
    s, events, states = run(seed, players, mode, characters, 250)
    for st_ in states:
        check_invariants(st_)
    assert replay(rattus, events) == s
    # the same seed gives the same game
    s2, events2, _ = run(seed, players, mode, characters, 250)
    assert msgspec.json.encode(events2) == msgspec.json.encode(events)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.sampled_from([2, 3, 4]),
    characters=st.sampled_from(CHOICES),
    mode=st.sampled_from(["digital", "physical"]),
)
def test_no_seat_ever_sees_a_face_down_token(seed: int, players: int, characters: str, mode: str) -> None:
    s, events, states = run(seed, players, mode, characters, 300)
    seats = [*s.seats, TABLE]
    for st_ in states:
        face_down = {t for v in st_.slots.values() for t in v if t}
        for seat in seats:
            v = rattus.view(st_, seat)
            text = msgspec.json.encode(v).decode()
            allowed = set(st_.known.get(seat, ()))
            for t in face_down - allowed:
                assert f'"{t}"' not in text, (seat, t)
        assert all(f'"{t}"' in msgspec.json.encode(rattus.view(st_, HOST)).decode() for t in face_down)
    for e in events:
        for seat in seats:
            p: Any = project(e, seat)
            if isinstance(e, Drawn):
                assert p.card == ""
            if isinstance(e, rattus.TokenPeeked | rattus.CrusaderRevealed) and seat != e.seat:
                assert p is None or (
                    getattr(p, "token", "") == ""
                    and getattr(p, "faces", ()) == ()
                    and all(t == "" for t in getattr(p, "tokens", ()))
                )
            if isinstance(e, rattus.RatPlaced):
                assert p.token == ""


def test_a_whole_game_reaches_its_end_with_every_mode() -> None:
    for mode in ("digital", "physical"):
        for players in (2, 3, 4):
            s, events, _ = run(players * 11, players, mode, "random", 3000)
            assert s.phase == "over", (mode, players, s.phase)
            out = rattus.outcome(s)
            assert out is not None and out["winner"] in s.seats and sorted(out["ranking"]) == sorted(s.seats)
            for e in events:
                assert rattus.describe(e, "fr") and rattus.describe(e, "en")
