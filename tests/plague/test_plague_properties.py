"""Plague and Pestilence: property tests over random games (hypothesis), the save/resume and audit paths.

Random games are played by choosing, at each step, a seat that has something to do and one of its legal
intents. Properties: replay reproduces the state; every card is in exactly one place; a seat never sees
another seat's hand, the hidden pile order, or (hidden option) another seat's population — neither in its
view nor in the events projected for it; the shuffle audit passes; the log survives JSON and SQLite.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import Drawn, SeededRng, Shuffled, Table, reveal, verify
from engine.core.events import HOST, TABLE, Event, decoder, project
from engine.core.game import UndoRefused, event_types, replay
from engine.core.store import Store
from engine.games import plague as game
from engine.games.plague.cards import deck_ids
from engine.games.plague.events import Discard, PopulationChanged, Roll
from engine.games.plague.text import describe
from tests.plague.plague_helpers import TEST_PROFILE


def playout(seed: int, opts: dict[str, Any], steps: int, check_views: bool = False):  # type: ignore[no-untyped-def]
    rng = SeededRng(seed)
    pick = random.Random(seed)
    state, events = game.setup(opts, rng)
    expected = sorted(deck_ids(state.options["counts"]))
    for i in range(steps):
        if game.outcome(state) is not None:
            break
        seats = [s for s in state.seats if game.legal(state, s)]
        assert seats, f"nobody can move in stage {state.stage}"
        seat = pick.choice(seats)
        intent = pick.choice(game.legal(state, seat))
        new_events = game.apply(state, intent, rng)
        for e in new_events:
            state = game.fold(state, e)
        events += new_events
        cards = game.all_cards(state)
        assert sorted(cards) == expected, "a card is missing or in two places"
        assert all(len(p.hand) <= 6 for p in state.players)
        if check_views and i % 7 == 0:
            assert_no_leak_in_views(state)
    return state, events


def assert_no_leak_in_views(state: Any) -> None:
    hidden = state.options["hidden_population"]
    for seat in (*state.seats, TABLE):
        v = game.view(state, seat)
        text = json.dumps(v)
        assert "hands" not in v and "pile" not in v
        for other in state.players:
            if other.seat == seat:
                continue
            for c in other.hand:
                assert f'"{c}"' not in text, f"{seat} sees {other.seat}'s {c}"
        if hidden:
            for p in v["players"]:
                assert (p["population"] is None) == (p["seat"] != seat)


def assert_no_leak_in_events(events: list[Event], seats: tuple[str, ...], hidden: bool) -> None:
    for seat in (*seats, TABLE):
        for e in events:
            seen = project(e, seat)
            if isinstance(e, Shuffled):
                assert seen is not None and seen.order == () and seen.salt == ""
            elif isinstance(e, Drawn) and e.private_to and seat not in e.private_to:
                assert seen is not None and seen.card == ""
            elif isinstance(e, PopulationChanged) and hidden and seat != e.seat:
                assert seen is not None and seen.delta is None and seen.population is None
            elif isinstance(e, PopulationChanged) and not hidden:
                assert seen == e


options_strategy = st.fixed_dictionaries(
    {
        "players": st.integers(2, 6),
        "hidden_population": st.booleans(),
        "doubles": st.booleans(),
        "last_chance": st.booleans(),
        "improvements": st.sampled_from(["one", "one_of_each"]),
        "starting_population": st.sampled_from([15, 30, 50]),
    }
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), opts=options_strategy)
def test_replay_is_deterministic_and_every_card_is_in_exactly_one_place(
    seed: int, opts: dict[str, Any]
) -> None:
    opts = dict(opts, profile=TEST_PROFILE)
    state, events = playout(seed, opts, 400)
    assert replay(game, events) == state
    again, events2 = playout(seed, opts, 400)
    assert events2 == events and again == state


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), opts=options_strategy)
def test_hidden_hands_and_populations_never_reach_another_seat(seed: int, opts: dict[str, Any]) -> None:
    opts = dict(opts, profile=TEST_PROFILE)
    state, events = playout(seed, opts, 250, check_views=True)
    assert_no_leak_in_events(events, state.seats, opts["hidden_population"])


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_shuffle_audit_passes_on_the_public_log(seed: int) -> None:
    state, events = playout(seed, {"players": 4, "profile": TEST_PROFILE}, 300)
    public = [p for e in events if (p := project(e, TABLE)) is not None]
    report = verify(public, reveal(events))
    assert report.ok, report.problems
    assert report.shuffles_checked >= 1


def test_events_survive_json_and_every_event_and_intent_has_a_text() -> None:
    state, events = playout(
        11, {"players": 5, "profile": TEST_PROFILE, "last_chance": True, "improvements": "one_of_each"}, 600
    )
    dec = decoder(event_types(game.GAME))
    enc = msgspec.json.Encoder()
    assert [dec.decode(enc.encode(e)) for e in events] == events
    for e in events:
        for lang in ("fr", "en"):
            text = describe(e, lang)
            assert text and "\n" not in text and text != type(e).__name__
    for seat in state.seats:
        for i in game.legal(state, seat):
            assert describe(i, "fr") != describe(i, "en")


def test_a_table_saves_resumes_and_refuses_to_undo_a_roll(tmp_path: Path) -> None:
    opts = {"players": 3, "profile": TEST_PROFILE}
    rng = SeededRng(4)
    store = Store.create(tmp_path / "plague.sqlite", game.GAME.name, opts)
    t = Table.new(game.GAME, opts, rng, store)
    first = t.state.current
    t.act(Roll(seat=first))
    try:
        t.undo()
        raise AssertionError("undo of a roll must be refused")
    except UndoRefused as e:
        assert "DiceRolled" in e.message or "Drawn" in e.message
    store.close()
    again = Table.resume(game.GAME, Store.open(tmp_path / "plague.sqlite"), SeededRng(5))
    assert again.state == t.state
    assert again.view(HOST)["hands"] == t.view(HOST)["hands"]


def test_undo_takes_back_a_discard_but_not_the_roll_before_it() -> None:
    t = Table.new(game.GAME, {"players": 3, "profile": TEST_PROFILE}, SeededRng(8))
    seat = t.state.current
    t.act(Roll(seat=seat))
    after_roll = t.state
    t.act(Discard(seat=seat, card=t.state.player(seat).hand[0]))
    assert t.state.current != seat
    t.undo()
    assert t.state == after_roll
    try:
        t.undo()
        raise AssertionError("the roll may not be undone")
    except UndoRefused:
        pass
