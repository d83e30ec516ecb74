"""Which province each event is about (``GAME.log_part``): what a province tablet's log reads."""

from __future__ import annotations

import random

from engine.core import SeededRng
from engine.core.game import Table
from engine.games import pandemie as P


def test_every_event_of_a_played_game_is_about_one_province_but_the_games_start():
    parts: dict[str, set[str]] = {}
    for seed in range(4):
        t = Table.new(P.GAME, {"provinces": 4, "players": [2, 2, 2, 2]}, SeededRng(seed))
        pick = random.Random(seed)
        for _ in range(400):
            if P.outcome(t.state):
                break
            moves = [i for s in [*P.seats(t.state), "table"] for i in P.legal(t.state, s)]
            if not moves:
                break
            t.act(pick.choice(moves))
        for e in t.entries:
            parts.setdefault(type(e.event).__name__, set()).add(P.log_part(e.event, t.state))
    whole = sorted(name for name, p in parts.items() if "" in p)
    assert whole == ["GameStarted"], whole
    assert set().union(*parts.values()) == {"", "G", "H", "E", "A"}
    assert len(parts) > 20  # moves, surges, cards, turns: a game, not its setup only


def test_a_surge_crossing_into_another_province_is_that_provinces():
    t = Table.new(P.GAME, {"provinces": 2, "players": [1, 1]}, SeededRng(1))
    board = t.state.static.board
    there = board.keys[board.cities_of(1)[0]]
    assert P.log_part(P.Surged(city=there, colour="red"), t.state) == board.codes[1]
    assert P.log_part(P.CardRemoved(card="PI:" + there), t.state) == board.codes[1]
    assert P.log_part(P.CardGiven(giver="p2", receiver="p2", card="PC:" + there), t.state) == board.codes[1]
    assert P.log_part(P.TurnBegan(province=board.codes[0], seat="p1"), t.state) == board.codes[0]
