"""The leader's overview of a Pandémie table, without a browser: the last surge chain of each province it
touched is remembered from view to view (and forgotten when taken back), drawn on its map and said in words;
each seat says where it is played."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import flet as ft
import msgspec

from companion.ui.boards.pandemie_map import _in_play, city_names
from companion.ui.pandemie.overview import ProvincesOverview
from companion.ui.screens.overview import presence
from engine.boards.surges import chain_edges
from engine.core.rng import SeededRng
from engine.games.pandemie import policy
from engine.games.pandemie.rules import setup, step, view

OPTIONS = {"provinces": 4, "players": 5, "difficulty": "normal"}


def _walk(c: Any) -> Iterator[Any]:
    yield c
    for attr in ("content", "controls"):
        sub = getattr(c, attr, None)
        for x in sub if isinstance(sub, list) else [sub] if isinstance(sub, ft.Control) else []:
            yield from _walk(x)


def _find(c: Any, ident: str) -> Any:
    return next((x for x in _walk(c) if isinstance(x, ft.Semantics) and x.identifier == ident), None)


def _text(c: Any) -> str:
    return " ".join(str(x.value) for x in _walk(c) if isinstance(x, ft.Text) and x.value)


def _to_first_surge(seed: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Every table view of a seeded game up to its first surge, and that surge's events."""
    rng = SeededRng(seed)
    state, _ = setup(OPTIONS, rng)
    views = [msgspec.to_builtins(view(state, "table"))]
    while state.over is None:
        for pi in range(len(state.provs)):
            intent = policy.choose(state, pi)
            if intent is None:
                continue
            state, evs = step(state, intent, rng)
            views.append(msgspec.to_builtins(view(state, "table")))
            events = [{"type": type(e).__name__, **msgspec.to_builtins(e)} for e in evs]
            if any(e["type"] == "Surged" for e in events):
                return views, events
    raise AssertionError("no surge in the whole game")


def test_the_last_surge_chain_is_kept_per_province_until_taken_back() -> None:
    views, events = _to_first_surge(3)
    part = ProvincesOverview()
    for v in views[:-1]:
        part.seen(v)
    assert part.chains == {}
    part.seen(views[-1])
    surged = {e["city"] for e in events if e["type"] == "Surged"}
    origins = {a for edges, _n in part.chains.values() for a, _b, _c in edges}
    assert origins and origins <= surged, (origins, surged)
    from engine.boards.surges import adjacency
    from engine.games.pandemie.board import shipped

    adj, _code_of = adjacency(tuple(p for p in shipped()))
    truth = set(chain_edges(events, adj))
    assert {e for edges, _n in part.chains.values() for e in edges} <= truth
    code = next(iter(part.chains))
    part.seen(views[-1])  # the same view again (a seat's name changed): the chain stays
    assert code in part.chains
    part.seen(views[-2])  # the surge taken back (an undo): its chain goes
    assert code not in part.chains


def test_the_overview_draws_four_provinces_with_their_counters_chain_and_players() -> None:
    views, events = _to_first_surge(3)
    part = ProvincesOverview()
    part.seen(views[-2])
    part.seen(views[-1])
    last = views[-1]
    names = {f"p{i}": f"Nom{i}" for i in range(1, 21)}
    where = {"p1": "here", "p2": "away"}
    drawn = part.draw(last, "fr", names, where, 1896, 900)
    codes = [pv["code"] for pv in last["provinces"]]
    assert len(codes) == 4
    for code in codes:
        assert _find(drawn, f"overview-{code}") is not None
        assert _find(drawn, f"overview-map-{code}") is not None
        surges = _text(_find(drawn, f"overview-surges-{code}"))
        n = next(pv["surges"] for pv in last["provinces"] if pv["code"] == code)
        assert surges == f"Déferlements : {n} / 8"
    chained = next(iter(part.chains))
    said = _text(_find(drawn, f"overview-chain-{chained}"))
    cities = city_names(_in_play(last))
    assert said.startswith("Dernier déferlement : ")
    assert any(cities[e["city"]] in said for e in events if e["type"] == "Surged"), said
    for code in codes:
        if code not in part.chains:
            assert _text(_find(drawn, f"overview-chain-{code}")) == "Pas encore de déferlement"
    gallia = _text(_find(drawn, "overview-G"))
    assert "Nom1" in gallia and "son appareil" in _text(_find(drawn, "overview-seat-p1"))
    assert "absent·e" in _text(_find(drawn, "overview-seat-p2"))
    assert "sans appareil" in _text(_find(drawn, "overview-seat-p3"))
    tablet = part.draw(last, "fr", names, {**where, "p3": "tablet"}, 1896, 900)
    assert "sur la tablette" in _text(_find(tablet, "overview-seat-p3"))
    turn = next(pv["turn"] for pv in last["provinces"] if pv["code"] == "G")
    assert f"Au tour de {names[turn]}" in _text(_find(drawn, "overview-turn-G"))
    english = part.draw(last, "en", names, where, 500, 900)  # a phone's width: one province a row
    assert "Surges:" in _text(english) and "Déferlements" not in _text(english)


class _Server:
    seats = ["table", "p1", "p2", "p3", "p4"]
    owners = {"p1": "dev-a", "p2": "dev-b", "p4": "dev-c"}
    devices = [("p1", "local"), ("table", "local"), ("p4", "remote")]


def test_a_seat_is_here_away_on_a_tablet_or_without_a_device() -> None:
    """The overview's own session is on the table seat: a tablet is another one."""
    alone = presence(_Server())
    assert alone == {"p1": "here", "p2": "away", "p3": "none", "p4": "here"}
    server = _Server()
    server.devices = [*_Server.devices, ("table", "remote")]
    assert presence(server)["p3"] == "tablet"
