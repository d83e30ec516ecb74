"""Pawns and Forts on a drawn province: set where the city has room, never on a neighbour or its name.

A pawn set at a fixed angle away from its city's name landed on another city or a name at 55 of the 192
cities of the shipped provinces (between Lugdunum and Vienna, under a Fort's square); the spots are now
chosen by their room (``companion/ui/boards/spots.py``)."""

from __future__ import annotations

import math

import pytest

from companion.ui.boards.pandemie_map import FORT, PAWN, layer_for
from companion.ui.boards.spots import spots
from engine.boards.geometry import Board, box_circle
from engine.boards.pandemie import province_board
from engine.games.pandemie.board import shipped

SHIPPED = [p.code for p in shipped()]


def _covers(board: Board, key: str, x: float, y: float, r: float) -> str | None:
    for o in board.places:
        if o.key != key and math.hypot(x - o.x, y - o.y) < o.r + r:
            return f"the city {o.name}"
        if box_circle((o.label.x, o.label.y, o.label.w, o.label.h), x, y, r):
            return f"the name {o.name}"
    return None


@pytest.mark.parametrize("code", SHIPPED)
def test_a_lone_pawn_covers_no_other_city_and_no_name(code: str) -> None:
    board = province_board(next(p for p in shipped() if p.code == code))
    bad = {}
    for pl in board.places:
        ((x, y),) = spots(board, pl.key, 1, PAWN)
        assert math.hypot(x - pl.x, y - pl.y) > pl.r + PAWN, "outside its own city"
        if (what := _covers(board, pl.key, x, y, PAWN)) is not None:
            bad[pl.name] = what
    # the Nile valley (Aegyptus) has one city hemmed in on every side by names
    assert len(bad) <= (1 if code == "E" else 0), bad


@pytest.mark.parametrize("code", SHIPPED)
def test_a_crowded_city_keeps_its_pawns_off_the_names(code: str) -> None:
    """Everyone starts at the province's start city: five pawns there cover no name, and four anywhere
    cover none but at three cities of the packed Nile valley (Aegyptus), against 34 of the 192 cities with
    one ring of spots; they never cover one another."""
    prov = next(p for p in shipped() if p.code == code)
    board = province_board(prov)
    start = next(pl.key for pl in board.places if pl.name == prov.start)
    bad = {}
    for key, n in [(start, 5)] + [(pl.key, 4) for pl in board.places]:
        xy = spots(board, key, n, PAWN)
        for i, (x, y) in enumerate(xy):
            what = _covers(board, key, x, y, PAWN)
            if what is not None and what.startswith("the name"):
                bad[(board.place(key).name, n)] = what
            assert all(math.hypot(x - a, y - b) >= 2 * PAWN - 1e-6 for a, b in xy[:i]), "pawns overlap"
    assert not any(n == 5 for _name, n in bad), bad
    assert len(bad) <= (3 if code == "E" else 0), bad


@pytest.mark.parametrize("code", SHIPPED)
def test_two_pawns_and_a_fort_in_one_city_never_overlap(code: str) -> None:
    board = province_board(next(p for p in shipped() if p.code == code))
    covering = 0
    for pl in board.places:
        view = {"code": code, "forts": [pl.key], "pins": {}}
        players = {"p1": {"province": code, "city": pl.key}, "p2": {"province": code, "city": pl.key}}
        layer = layer_for(board, view, players, "p1", {"p1": "Léa", "p2": "Marc"})
        ((fx, fy, h, _c),) = layer.squares
        pawns = [(x, y, r) for x, y, r, *_ in layer.pawns]
        assert len(pawns) == 2
        for i, (x, y, r) in enumerate(pawns):
            assert math.hypot(x - fx, y - fy) >= r + h, (pl.name, "a pawn on the Fort")
            for x2, y2, r2 in pawns[i + 1 :]:
                assert math.hypot(x - x2, y - y2) >= r + r2, (pl.name, "two pawns on each other")
        covering += any(_covers(board, pl.key, x, y, r) for x, y, r in pawns) or bool(
            _covers(board, pl.key, fx, fy, FORT)
        )
    # a second pawn may cover a neighbour's name in crowded corners: a few per province, and 19 of the 48
    # cities of the Nile valley (Aegyptus), where the cities stand in a narrow line
    assert covering <= (19 if code == "E" else 4), covering


def test_what_changed_is_what_changed_since_this_device_last_looked():
    """The ringed cities are the last change *this* page saw: a page opening the table rings nothing, and two
    tables (or two pages) on one host never mix their memories (they were kept per seat, process-wide)."""
    board = province_board(next(p for p in shipped() if p.code == "G"))
    a, b = board.places[0].key, board.places[1].key
    players = {"p1": {"province": "G", "city": a}}
    before = {"code": "G", "forts": [], "pins": {a: {"red": 1}}}
    after = {"code": "G", "forts": [], "pins": {a: {"red": 1}, b: {"blue": 2}}}
    page_1, page_2, other_table = object(), object(), object()
    assert not layer_for(board, before, players, "p1", device=page_1).marks
    assert layer_for(board, after, players, "p1", device=page_1).marks == {b}
    assert not layer_for(board, after, players, "p1", device=page_2).marks, "a page that just opened"
    assert not layer_for(board, {**before, "pins": {}}, players, "p1", device=other_table).marks
    assert layer_for(board, after, players, "p1", device=page_1).marks == {b}, "still the last change"


def test_a_pawn_shows_its_players_initial_or_its_seat_number_before_a_name_is_given():
    from companion.ui.boards.pandemie_map import initial

    assert initial("p3", {"p3": "Léa · Gallia"}) == "L"
    assert initial("p3", {"p3": "Joueur 3 · Gallia"}) == "3"  # every unnamed pawn would show J
    assert initial("p12", {"p12": "Player 12"}) == "12" and initial("p4", None) == "4"


def test_the_pages_of_one_province_share_where_its_pieces_stand_and_each_keeps_its_own_layer():
    """A province's tablet and its players' phones show the same pins, Forts and pawns: where each stands is
    worked out once for all of them, and is what working it out for one page gives; a page's layer is its
    own (what one page adds to it never shows on another), and a pawn that moved, a name given, is placed
    anew."""
    from companion.ui.boards import pandemie_map

    board = province_board(next(p for p in shipped() if p.code == "H"))
    a, b = board.places[0].key, board.places[3].key
    view = {"code": "H", "forts": [b], "pins": {a: {"red": 2}, b: {"blue": 4}}}
    players = {"p1": {"province": "H", "city": a}, "p2": {"province": "H", "city": a}}
    names = {"p1": "Léa", "p2": "Marc"}
    pandemie_map._PIECES.clear()
    tablet = layer_for(board, view, players, "table", names, device=object())
    phone = layer_for(board, view, players, "p2", names, device=object())
    assert len(pandemie_map._PIECES) == 1, "worked out once for both pages"
    assert (phone.badges, phone.squares, phone.pawns) == (tablet.badges, tablet.squares, tablet.pawns)
    tablet.pawns.append((0.0, 0.0, PAWN, "#000000", "X", "#ffffff"))
    assert len(phone.pawns) == 2 and len(layer_for(board, view, players, "p1", names).pawns) == 2
    moved = layer_for(board, view, {**players, "p2": {"province": "H", "city": b}}, "p2", names)
    assert {(x, y) for x, y, *_ in moved.pawns} != {(x, y) for x, y, *_ in phone.pawns}
    renamed = layer_for(board, view, players, "p2", {**names, "p2": "Zoé"})
    assert sorted(p[4] for p in renamed.pawns) == ["L", "Z"]
