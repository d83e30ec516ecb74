"""Pandémie: an event card is played in steps — the card, the pawn, the city (or the card, or the Fort) — not
chosen among 188 look-alike buttons ("Jouer Mission secrète (Lugdunum)" four times, one per pawn)."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import flet as ft
import msgspec

from companion.session import Choice
from companion.ui.pandemie.picker import EventPlan, event_picker, event_plan
from companion.ui.pickers import info_button
from engine.core import SeededRng, Table, get_game
from engine.texts import describe

GAME = get_game("pandemie")
NAMES = {"p1": "Ana", "p2": "Bea", "p3": "Cid", "p4": "Dan"}


def _choices(seed: int, seat: str) -> tuple[list[Choice], dict[str, Any]]:
    table = Table.new(GAME, {"provinces": 1, "players": 4}, SeededRng(seed))
    intents = GAME.legal(table.state, seat)
    return (
        [
            Choice(json.loads(msgspec.json.encode(i)), describe("pandemie", i, "fr", NAMES), "")
            for i in intents
        ],
        GAME.view(table.state, seat),
    )


def _find(control: Any, ident: str) -> Any:
    if isinstance(control, ft.Semantics) and control.identifier == ident:
        return control
    for attr in ("content", "controls"):
        sub = getattr(control, attr, None)
        for c in sub if isinstance(sub, list) else [sub] if sub is not None else []:
            got = _find(c, ident)
            if got is not None:
                return got
    return None


class Screen:
    """The picker as a screen draws it: redrawn on refresh, sending what is tapped."""

    def __init__(self, plan: EventPlan, seat: str) -> None:
        self.plan, self.seat, self.state, self.sent = plan, seat, {}, []
        self.draw()

    def draw(self) -> None:
        def send(intent: dict[str, Any]) -> Any:
            return lambda _e: self.sent.append(intent)

        self.control = event_picker(
            self.plan, "fr", self.state, NAMES, self.draw, send, info_button, self.seat
        )

    def tap(self, ident: str) -> None:
        node = _find(self.control, ident)
        assert node is not None, f"no {ident} on the picker"
        _clickable(node).on_click(None)

    def text(self, ident: str) -> str:
        node = _find(self.control, ident)
        return " ".join(_texts(node)) if node is not None else ""


def _walk(control: Any) -> Any:
    yield control
    for attr in ("content", "controls"):
        sub = getattr(control, attr, None)
        for c in sub if isinstance(sub, list) else [sub] if isinstance(sub, ft.Control) else []:
            yield from _walk(c)


def _clickable(node: Any) -> Any:
    return next(c for c in _walk(node) if getattr(c, "on_click", None) is not None)


def _texts(node: Any) -> list[str]:
    return [str(c.value) for c in _walk(node) if isinstance(c, ft.Text) and c.value]


def test_every_play_of_an_event_reads_differently():
    choices, _view = _choices(12, "p2")
    plays = [c for c in choices if c.intent["type"] == "PlayEvent"]
    assert len(plays) > 200
    labels = [c.label_fr for c in plays]
    assert len(set(labels)) == len(labels), "two buttons that read alike but do different things"
    assert any("Mission secrète : Ana va à" in x for x in labels)


def test_a_secret_mission_is_three_taps_the_card_the_pawn_the_city():
    choices, view = _choices(12, "p2")
    plan = event_plan(choices)
    assert plan is not None and len(plan.cards) == 2
    screen = Screen(plan, "p2")
    mission = next(n for n, c in enumerate(plan.cards) if plan.pawns(c))
    assert "Mission secrète" in screen.text(f"event-card-{mission}")
    screen.tap(f"event-card-{mission}")  # tap 1: the card
    assert _find(screen.control, "event-pawn-p2") is not None, "the seat's own pawn is offered first"
    screen.tap("event-pawn-p3")  # tap 2: Cid's pawn
    cities = [screen.text(f"event-play-{k}") for k in range(47) if _find(screen.control, f"event-play-{k}")]
    assert cities == sorted(cities, key=str.casefold) and len(cities) >= 40, cities
    screen.tap("event-play-0")  # tap 3: the first city by name
    (sent,) = screen.sent
    assert sent["type"] == "PlayEvent" and sent["pawn"] == "p3" and sent in [c.intent for c in choices]
    label = next(c.label_fr for c in choices if c.intent == sent)
    assert label == f"Jouer Mission secrète : Cid va à {cities[0]}", label


def test_an_event_that_aims_at_nothing_is_one_tap_and_a_ghost_town_lists_the_cards():
    choices, _view = _choices(17, "p4")
    plan = event_plan(choices)
    assert plan is not None
    screen = Screen(plan, "p4")
    single = next(n for n, c in enumerate(plan.cards) if plan.single(c) is not None)
    ghost = next(n for n, c in enumerate(plan.cards) if plan.single(c) is None)
    screen.tap(f"event-card-{single}")
    assert len(screen.sent) == 1 and not screen.sent[0].get("target")
    screen.tap(f"event-card-{ghost}")
    names = [screen.text(f"event-play-{k}") for k in range(9)]
    assert all(n and ":" not in n for n in names), names  # cards by their city's name, never an id
    screen.tap("event-play-3")
    assert screen.sent[-1]["target"] and screen.sent[-1] in [c.intent for c in choices]


def _divination() -> tuple[list[Choice], dict[str, Any], Any]:
    """A table where p1 has just played Divinations (its six cards to put back)."""
    for seed in range(80):
        table = Table.new(GAME, {"provinces": 1, "players": 4}, SeededRng(seed))
        for seat in ("p1", "p2", "p3", "p4"):
            div = [
                i
                for i in GAME.legal(table.state, seat)
                if type(i).__name__ == "PlayEvent" and describe("pandemie", i, "fr").endswith("Divinations")
            ]
            if div:
                table.act(div[0])
                intents = GAME.legal(table.state, seat)
                choices = [
                    Choice(json.loads(msgspec.json.encode(i)), describe("pandemie", i, "fr", NAMES), "")
                    for i in intents
                ]
                return choices, {"seat": seat}, table
    raise AssertionError("no deal with Divinations in 80 seeds")


def test_divinations_puts_the_cards_back_in_the_order_the_player_taps():
    """The rules: "remettez-les dans l'ordre voulu". The engine lists one order (any order is legal); the
    picker takes the player's, and the screen's staleness check accepts it as that listed choice."""
    from companion.ui.pandemie.picker import divination_picker
    from companion.ui.pickers import is_listed

    choices, _meta, table = _divination()
    listed = next(c.intent for c in choices if c.intent["type"] == "ArrangeDivination")
    cards = list(listed["order"])
    assert len(cards) > 1
    state: dict[str, Any] = {}
    sent: list[dict[str, Any]] = []
    holder: dict[str, Any] = {}

    def draw() -> None:
        holder["c"] = divination_picker(choices, "fr", state, draw, lambda i: lambda _e: sent.append(i))

    draw()
    for k in reversed(range(len(cards))):  # the player puts them back reversed
        node = _find(holder["c"], f"divination-card-{k}")
        _clickable(node).on_click(None)
    _clickable(_find(holder["c"], "divination-go")).on_click(None)
    (intent,) = sent
    assert intent["order"] == list(reversed(cards)) and intent != listed
    assert is_listed("pandemie", intent, choices)
    assert not is_listed("pandemie", {**intent, "order": cards[:-1]}, choices)
    table.act(_intent(intent))  # the engine takes it: the propagation pile's top is now in that order
    assert list(table.state.provs[0].prop.cards[: len(cards)]) == list(reversed(cards))


def _intent(d: dict[str, Any]) -> Any:
    from engine.games.pandemie import events as E

    return getattr(E, d["type"])(
        **{k: (tuple(v) if isinstance(v, list) else v) for k, v in d.items() if k != "type"}
    )


def test_the_province_panel_says_its_phase_and_roles_in_the_screens_language() -> None:
    """A walk-through saw "Phase: draw" on a French screen, and "Sénateur", "Ville fantôme" on an English
    one."""
    import re

    from companion.ui.pandemie.screen import board
    from engine.core import SeededRng, get_game
    from engine.core import Table as GameTable
    from engine.games.pandemie.names import ROLES_EN

    game = get_game("pandemie")
    table = GameTable.new(game, {"provinces": 1, "players": 2}, SeededRng(3))
    view = dict(game.view(table.state, "p1"))
    view["provinces"] = [{**view["provinces"][0], "phase": "draw"}]
    fr = " ".join(_texts(board(view, "fr", "p1")))
    en = " ".join(_texts(board(view, "en", "p1")))
    assert "pioche" in fr and "draw" not in fr
    assert "draw" in en
    roles = {str(p["role"]) for p in view["players"].values()}
    assert all(re.search(rf"\b{r}\b", fr) for r in roles)
    assert not any(re.search(rf"\b{r}\b", en) for r in roles if ROLES_EN.get(r, r) != r)
    # the hands too: an event card by its English name (it read "Ville fantôme" on an English screen)
    assert "Ville fantôme" not in en and "Ghost town" in en


def test_a_finished_game_names_nobody_in_turn_in_any_province() -> None:
    """After a lost game the other province still read "Gallia · Au tour de Léonie"."""
    from companion.ui.pandemie.screen import board
    from engine.core import SeededRng, get_game
    from engine.core import Table as GameTable

    game = get_game("pandemie")
    table = GameTable.new(game, {"provinces": ["G", "H"], "players": [1, 1]}, SeededRng(3))
    view = dict(game.view(table.state, "table"))
    names = {"p1": "Léonie", "p2": "Tom"}
    playing = " ".join(_texts(board(view, "fr", "table", names=names, focus="H")))
    assert "Au tour de Léonie" in playing and "Au tour de Tom" in playing, playing
    opened = {"unfolded": {"G"}, "on_unfold": lambda *_: None}  # as a tablet shows it, unfolded
    assert "Au tour de Léonie" in " ".join(
        _texts(board(view, "fr", "table", names=names, focus="H", **opened))
    )
    view["outcome"] = {
        "won": False,
        "cause": "pins",
        "province": "G",
        "detail": None,
    }  # as the engine says a loss
    over = " ".join(_texts(board(view, "fr", "table", names=names, focus="H")))
    assert "Au tour de Léonie" not in over and "Au tour de Tom" not in over, over
    over = " ".join(_texts(board(view, "fr", "table", names=names, focus="H", **opened)))
    assert "Au tour de Léonie" not in over, over


def test_a_folded_province_is_its_title_only_until_it_is_unfolded() -> None:
    """A province tablet (or a player's phone) shows the other provinces folded. Their whole part was built,
    compared and sent at every change of theirs, though nobody saw it: on a 2-province table, a fifth of each
    page's update at a turn's end. Folded, a province is now its title; unfolding it asks the screen to
    draw it whole, and folding it again asks for the title only."""
    from companion.ui.pandemie.screen import board
    from engine.core import SeededRng, get_game
    from engine.core import Table as GameTable

    game = get_game("pandemie")
    table = GameTable.new(game, {"provinces": ["G", "H"], "players": [1, 1]}, SeededRng(3))
    view = dict(game.view(table.state, "table"))
    asked: list[tuple[str, bool]] = []

    def tile(b: Any, code: str) -> Any:
        return next(c.content for c in b.controls if getattr(c, "identifier", "") == f"province-{code}")

    folded = board(
        view, "fr", "table", focus="H", on_unfold=lambda code, opened: asked.append((code, opened))
    )
    g, h = tile(folded, "G"), tile(folded, "H")
    assert isinstance(g, ft.ExpansionTile) and not g.expanded
    assert "Punaises en réserve" not in " ".join(_texts(g))  # not built while folded ...
    # ... but its title says which province and its surges (not whose turn: that changes every few taps, and
    # would redraw every province's page)
    assert g.title.value == "Gallia · Déferlements : 0", g.title.value
    assert "Punaises en réserve" in " ".join(_texts(h))  # the tablet's own province is whole
    g.on_change(SimpleNamespace(data=True))
    assert asked == [("G", True)]
    opened = board(view, "fr", "table", focus="H", unfolded={"G"}, on_unfold=lambda *_: None)
    g2 = tile(opened, "G")
    assert g2.expanded and "Punaises en réserve" in " ".join(_texts(g2))
    g.on_change(SimpleNamespace(data=False))
    assert asked[-1] == ("G", False)
    # a caller that cannot redraw (no on_unfold): the folded province holds its whole part, as before
    whole = tile(board(view, "fr", "table", focus="H"), "G")
    assert not whole.expanded and "Punaises en réserve" in " ".join(_texts(whole))


def test_a_city_whose_pins_change_is_written_into_and_the_rows_that_move_are_moved() -> None:
    """A province's pins rows are sorted by count: when pins come (a turn's end), rows move. They were sent
    again whole, each a new row to every page showing the province; now a moved row is moved and the row of
    the city whose pins changed is written into (only its counts go to the browser)."""
    import copy

    import msgpack
    from flet.controls.base_control import BaseControl
    from flet.controls.object_patch import ObjectPatch
    from flet.messaging.protocol import configure_encode_object_for_msgpack

    from companion.runtime.graft import graft_touched
    from companion.ui.boardkit import component_name
    from companion.ui.memo import Store, rendering
    from companion.ui.pandemie.screen import board

    game = get_game("pandemie")
    table = Table.new(game, {"provinces": ["G"], "players": [2]}, SeededRng(3))
    view = copy.deepcopy(dict(game.view(table.state, "table")))
    store = Store()

    def render(v: Any) -> ft.Control:
        with rendering(store):
            return board(v, "fr", "table", focus="G")

    def send(patch: ObjectPatch) -> None:  # packed as the session packs it (which records what was sent)
        msgpack.packb(patch.to_message(), default=configure_encode_object_for_msgpack(BaseControl))

    page = render(view)
    send(ObjectPatch.from_diff(None, page, control_cls=BaseControl)[0])  # drawn once: on the page
    pins = view["provinces"][0]["pins"]
    names = [component_name(f"PC:{k}") for k in pins]
    city_rows = [c for c in _all(page) if isinstance(c, ft.Row) and _says_a_city(c, names)]
    names = [r.controls[0].value for r in city_rows]
    assert len(city_rows) == len(pins)
    order = sorted(pins, key=lambda k: -sum(pins[k].values()))
    last = order[-1]
    later = copy.deepcopy(view)
    later["provinces"][0]["pins"][last] = {c: n + 3 for c, n in pins[last].items()}  # now the most pinned
    root, touched = graft_touched(page, render(later))
    assert root is page and touched
    added: list[Any] = []
    ops: list[Any] = []
    for t in touched:
        patch, plus, _minus = ObjectPatch.from_diff(t, t, control_cls=BaseControl)
        send(patch)
        added += plus
        ops += patch.patch
    sent_again = [c for c in added if any(c is r for r in city_rows)]
    assert not sent_again and not [c for c in added if _says_a_city(c, names)], "city rows sent again whole"
    assert any(op["op"] == "move" for op in ops), "the rows that moved are moved"
    texts = [op.get("value") for op in ops if op["op"] == "replace"]
    assert any(str(n + 3) in str(v) for v in texts for n in pins[last].values()), texts
    shown = city_rows[names.index(component_name(f"PC:{last}"))]
    assert shown.parent.controls[0] is shown, "the city with the most pins is now the first row"


def _says_a_city(control: Any, names: list[str]) -> bool:
    """A city's pins row: a row whose first control is a text naming one of ``names``."""
    first = (getattr(control, "controls", None) or [None])[0] if isinstance(control, ft.Row) else None
    return isinstance(first, ft.Text) and first.value in names


def _all(control: Any) -> list[Any]:
    out, stack = [], [control]
    while stack:
        c = stack.pop()
        out.append(c)
        for name in ("content", "controls", "title"):
            v = getattr(c, name, None)
            if isinstance(v, list):
                stack += [x for x in v if isinstance(x, ft.BaseControl)]
            elif isinstance(v, ft.BaseControl):
                stack.append(v)
    return out
