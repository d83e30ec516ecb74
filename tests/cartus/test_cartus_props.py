"""Property tests over whole random games: replay determinism, no card in two places, audit, saves."""

from __future__ import annotations

import random
from collections import Counter

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine.games.cartus as C
from engine.core import TABLE, SeededRng, Table, get_game, project, replay
from engine.core.audit import reveal, verify
from engine.core.game import event_types
from engine.core.store import Store
from engine.games.cartus import data as D
from engine.games.cartus import rules as R
from tests.cartus.cartus_fixtures import random_game

games = st.tuples(
    st.integers(0, 10_000),
    st.sampled_from([2, 3, 4, 5]),
    st.sampled_from(["first", "random-type", "random-five"]),
    st.sampled_from(["digital", "cards"]),
)
SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_cards(state: R.State) -> None:
    """Every chosen building card is in exactly one place; the nun deck keeps its 84 cards."""
    places = state.deck.cards + state.deck.discard + state.replacement.cards + state.row
    assert Counter(places) == Counter(state.buildings_in_play)
    if state.nun_row == "digital":
        assert Counter(state.nuns.cards + state.nun_cards) == Counter(D.population_ids())


@SETTINGS
@given(games)
def test_replay_of_the_log_gives_the_same_game(g):
    seed, players, selection, nun_row = g
    state, events = random_game(seed, players, selection=selection, nun_row=nun_row)
    assert replay(C, events) == state
    decoded = [msgspec.json.decode(msgspec.json.encode(e), type=type(e)) for e in events]
    assert replay(C, decoded) == state
    again, events2 = random_game(seed, players, selection=selection, nun_row=nun_row)
    assert events2 == events and again == state
    assert C.outcome(state) is not None


@SETTINGS
@given(games)
def test_no_card_is_ever_in_two_places(g):
    seed, players, selection, nun_row = g
    _, events = random_game(seed, players, selection=selection, nun_row=nun_row)
    state = None
    for i, e in enumerate(events):
        state = C.fold(state, e)
        if i >= 3:
            check_cards(state)
            assert all(n >= 0 for n in state.hands.values())
            assert all(min(t) >= 0 for t in state.tokens.values())


@SETTINGS
@given(games)
def test_every_seat_can_audit_the_shuffles_at_the_end(g):
    seed, players, selection, nun_row = g
    _, events = random_game(seed, players, selection=selection, nun_row=nun_row)
    reveals = reveal(events)
    for seat in [f"p{i}" for i in range(1, players + 1)] + [TABLE]:
        public = [p for p in (project(e, seat) for e in events) if p is not None]
        report = verify(public, reveals)
        assert report.ok, report.problems
        assert report.draws_checked >= R.D.data().rounds[str(players)] * 2


def test_the_log_is_saved_and_resumed_with_undo(tmp_path):
    game = get_game("cartus")
    assert game is C.GAME
    store = Store.create(tmp_path / "c.sqlite", "cartus", {"players": 3})
    table = Table.new(game, {"players": 3}, SeededRng(5), store)
    rnd = random.Random(5)
    undos = 0
    for _ in range(60):
        waiting = R.waiting_for(table.state)
        seat = waiting[0] if waiting else TABLE
        table.act(rnd.choice([i for i in game.legal(table.state, seat) if not isinstance(i, C.Convert)]))
        if rnd.random() < 0.3 and table.can_undo()[0]:
            table.undo()
            undos += 1
    assert undos > 0
    store.close()
    resumed = Table.resume(game, Store.open(tmp_path / "c.sqlite"), SeededRng(9))
    assert resumed.state == table.state
    decoder = resumed.decoder()
    for entry in table.entries:
        assert decoder.decode(msgspec.json.encode(entry.event)) == entry.event
    assert set(event_types(game)) >= set(C.GAME.events)


def test_the_audit_covers_cards_put_under_the_replacement_pile():
    from engine.core import Placed

    checked = 0
    for seed in range(12):
        _, events = random_game(seed, 2, selection="random-type")
        if not any(isinstance(e, Placed) for e in events):
            continue
        report = verify([project(e, "p2") for e in events], reveal(events))
        assert report.ok, report.problems
        checked += 1
    assert checked >= 3
