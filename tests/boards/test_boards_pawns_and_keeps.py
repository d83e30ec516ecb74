"""Pawns and Forts as a phone and a dark-themed tablet draw them, without a browser: the map of a real
seeded table, drawn by ``province_map`` from the snapshot a device receives, its shapes read back.

A pawn's letter had an 8 px floor: on a phone (a 3 px disc) it overflowed its disc, a white blob once
zoomed; every unnamed pawn showed J ("Joueur N"). A Fort's keep was drawn dark on the dark map too."""

from __future__ import annotations

from collections import Counter
from typing import Any

import flet.canvas as cv

from companion.sync.tables import Projector
from companion.ui import model
from companion.ui.boards.draw import Flash
from companion.ui.boards.pandemie_map import province_map
from engine.core import SeededRng, Table, get_game

SEED = 4  # a 4-player Gallia whose four pawns, all unnamed, start together at Lugdunum, under its Fort


def _snapshot(seat: str) -> Any:
    table = Table.new(get_game("pandemie"), {"provinces": 1, "players": 4}, SeededRng(SEED))
    return Projector(table, "pandemie", "t").snapshot(seat)


def _under(control: Any) -> list[Any]:
    """``control`` and every control under it (through ``content`` and ``controls``), in screen order."""
    out = [control]
    for name in ("content", "controls"):
        sub = getattr(control, name, None)
        for c in sub if isinstance(sub, list) else [sub] if sub is not None and hasattr(sub, "_i") else []:
            out += _under(c)
    return out


def _canvases(control: Any) -> list[cv.Canvas]:
    """The map's canvases in screen order: the board (land, roads, names), then what actions change (not the
    last action's fading arrows)."""
    return [c for c in _under(control) if isinstance(c, cv.Canvas) and not isinstance(c, Flash)]


def _drawn(seat: str, lang: str, width: float, dark: bool = False) -> tuple[list[Any], list[Any]]:
    """The (board, layer) shapes of Gallia's map as ``seat``'s screen draws it ``width`` px wide (the layer:
    what is drawn on the land, pins and Forts then pawns and rings, two canvases)."""
    snap = _snapshot(seat)
    names = model.people(snap.seats, lang)  # what a screen passes: "Joueur 3 · Gallia" before a name is given
    m = province_map(
        snap.view, "G", seat, lang, width, names=names, dark=dark, zoom=width < 600, device=object()
    )
    board, layer, pieces = _canvases(m)  # the land, then pins and Forts, then pawns and rings
    return list(board.shapes or []), list(layer.shapes or []) + list(pieces.shapes or [])


def _pawns(layer: list[Any]) -> list[tuple[float, float, str]]:
    """(disc radius in px, font size) of each lettered disc of the layer: the pawns."""
    discs = {
        (round(s.x, 3), round(s.y, 3)): s.radius
        for s in layer
        if isinstance(s, cv.Circle) and s.paint.style is not None and s.paint.style.name == "FILL"
    }
    return [
        (discs[(round(t.x, 3), round(t.y, 3))], t.style.size, t.value)
        for t in layer
        if isinstance(t, cv.Text) and (round(t.x, 3), round(t.y, 3)) in discs
    ]


def test_a_pawns_letter_stays_inside_its_disc_on_a_phone_and_unnamed_pawns_show_their_seat_number():
    for width in (320.0, 360.0, 412.0, 900.0):  # phones (a 3 px disc at 320-360 px), then a tablet
        _board, layer = _drawn("p1", "fr", width)
        pawns = _pawns(layer)
        assert len(pawns) == 4, pawns
        for radius, size, letter in pawns:
            assert size <= 2 * radius, (
                f"at {width:.0f} px, the letter {letter} ({size:.1f} px) overflows its "
                f"{2 * radius:.1f} px disc"
            )
    for lang in ("fr", "en"):  # four players without a name: four different marks, their seat numbers
        letters = sorted(letter for _r, _s, letter in _pawns(_drawn("table", lang, 700.0)[1]))
        assert letters == ["1", "2", "3", "4"], (lang, letters)


def _luminance(colour: str) -> float:
    """WCAG relative luminance of ``#rrggbb``."""

    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour.lstrip("#")[i : i + 2], 16) for i in (0, 2, 4))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _keep_and_land(dark: bool) -> tuple[str, str]:
    """The colour of the Fort's keep (its body and merlons; the door is the edge's colour) and of the land."""
    board, layer = _drawn("table", "fr", 700.0, dark=dark)
    land = board[0].paint.color  # the first shape: the land under everything
    fills = Counter(
        s.paint.color
        for s in layer
        if isinstance(s, cv.Rect) and s.paint.style is not None and s.paint.style.name == "FILL"
    )
    assert fills, "a Fort at Lugdunum is drawn"
    return fills.most_common(1)[0][0], land


def test_a_forts_keep_is_drawn_light_on_the_dark_map():
    dark_keep, dark_land = _keep_and_land(dark=True)
    light_keep, light_land = _keep_and_land(dark=False)
    assert _luminance(dark_keep) > 0.5, f"the keep {dark_keep} is dark on the dark map"
    assert dark_keep.lower() != light_keep.lower(), "the dark theme draws the keep as the light one"
    # each theme's keep stands out from its land (the dark keep on the dark land was almost invisible)
    assert _contrast(dark_keep, dark_land) >= 3.0, (dark_keep, dark_land)
    assert _contrast(light_keep, light_land) >= 3.0, (light_keep, light_land)


def _page(provinces: int, lang: str = "fr", width: float = 800.0, zoom: bool = False) -> tuple[Any, Any]:
    """p1's view of a seeded Pandémie of ``provinces`` provinces (2 players), and a function drawing Gallia's
    map from a view as one page does render after render (its own memo store, its own device)."""
    from companion.ui.memo import Store, rendering

    table = Table.new(get_game("pandemie"), {"provinces": provinces, "players": 2}, SeededRng(SEED))
    view = Projector(table, "pandemie", "t").snapshot("p1").view
    device, store = object(), Store()

    def drawn(v: Any) -> Any:
        with rendering(store):
            return province_map(v, "G", "p1", lang, width, zoom=zoom, device=device)

    return view, drawn


def test_a_province_map_is_kept_whole_while_nothing_it_shows_changes():
    """A page keeps Gallia's map as is when an action changed only another province, or only what the map
    does not show (a card drawn, the actions left): its render neither builds it nor compares it; when
    Gallia's pins change, the new map is written into the one on the page."""
    import copy

    from companion.runtime.graft import graft_touched

    view, drawn = _page(2)

    first = drawn(view)
    elsewhere = copy.deepcopy(view)  # a pin more in the other province
    other = next(p for p in elsewhere["provinces"] if p["code"] != "G")
    other["supply"] = {k: max(0, int(n) - 1) for k, n in (other.get("supply") or {}).items()}
    assert drawn(elsewhere) is first
    walker = next(pl for pl in elsewhere["players"].values() if pl["province"] != "G")  # a pawn moves there
    walker["city"] = next(c for c in other["pins"] if c != walker["city"])
    assert drawn(elsewhere) is first
    card = copy.deepcopy(elsewhere)  # in Gallia, a card drawn: an action fewer, a hand and a deck changed
    gallia = next(p for p in card["provinces"] if p["code"] == "G")
    gallia["actions_left"] = int(gallia.get("actions_left") or 4) - 1
    gallia["player_deck"] = int(gallia.get("player_deck") or 40) - 1
    player = next(pl for pl in card["players"].values() if pl["province"] == "G")
    player["hand_size"] = int(player.get("hand_size") or 0) + 1
    assert drawn(card) is first, "nothing the map shows changed"
    here = copy.deepcopy(elsewhere)  # a pin fewer in Gallia's supply: its counters change
    mine = next(p for p in here["provinces"] if p["code"] == "G")
    mine["supply"] = {k: max(0, int(n) - 1) for k, n in (mine.get("supply") or {}).items()}
    second = drawn(here)
    assert second is not first
    board = _canvases(first)[0]
    assert _canvases(second)[0] is board  # the board itself kept inside the new map
    from flet import Column

    root, _touched = graft_touched(Column([first]), Column([second]))
    assert root.controls[0] is first  # written into the map on the page


def test_a_rattus_regions_name_stays_dark_on_its_light_disc_in_the_dark_theme():
    """A Rattus region's name is written on its own disc (light fills): the dark theme's pale ink made
    Scandia, Anglia and the others white on cream. A name beside its city (Pandémie) takes the theme's ink."""
    from companion.ui.boards.draw import REGION_FILLS, paint_board
    from companion.ui.boards.draw import Layer as DrawLayer
    from engine.boards.rattus import rattus_board
    from engine.games.rattus.profile import default_profile

    board = rattus_board(default_profile())
    names = {line for p in board.places for line in p.label.lines}
    texts = [
        s
        for s in paint_board(board, DrawLayer(), 1.0, dark=True)
        if isinstance(s, cv.Text) and s.value in names
    ]
    assert texts, "the region names are drawn"
    for t in texts:
        for fill in REGION_FILLS.values():
            assert _contrast(t.style.color, fill) >= 3.0, (t.value, t.style.color, fill)


def test_a_pin_placed_builds_only_its_city_and_keeps_every_other_pins_shapes():
    """When Gallia's pins change, the page's new map takes the shapes of every pin, Fort and pawn that did
    not change from the canvases on the page (companion.ui.memo.previous): only the city whose pins changed
    is drawn anew, and the graft keeps the rest where it is (the browser gets that city's shapes only)."""
    import copy

    from flet import Column

    from companion.runtime.graft import graft_touched

    view, drawn = _page(1)

    page = Column([drawn(view)])
    for step in range(2):  # twice: the second time from the canvases the first graft left on the page
        on_page = [list(c.shapes) for c in _canvases(page.controls[0])[1:]]
        gallia = next(p for p in view["provinces"] if p["code"] == "G")
        city = sorted(gallia["pins"])[step]
        view = copy.deepcopy(view)
        pins = next(p for p in view["provinces"] if p["code"] == "G")["pins"]
        pins[city] = {**pins[city], "red": int(pins[city].get("red", 0)) + 1}
        fresh = drawn(view)
        new_layer, new_pieces = (list(c.shapes) for c in _canvases(fresh)[1:])
        old_ids = {id(s) for s in on_page[0]}
        reused = [s for s in new_layer if id(s) in old_ids]
        built = [s for s in new_layer if id(s) not in old_ids]
        assert reused and built, "the other pins kept, the changed city's drawn anew"
        assert len(built) < len(new_layer) / 3, f"{len(built)} shapes drawn anew"
        pawns = [s for s in on_page[1] if isinstance(s, cv.Text) or s.paint.stroke_dash_pattern is None]
        assert pawns and {id(s) for s in pawns} <= {id(s) for s in new_pieces}, "the pawns did not move: kept"
        page, touched = graft_touched(page, Column([fresh]))
        assert not any(id(s) in old_ids for s in touched), "a kept shape is neither written into nor diffed"
        layer_on_page = _canvases(page.controls[0])[1]
        assert {id(s) for s in reused} <= {id(s) for s in layer_on_page.shapes}
        assert {id(s) for s in built} <= {id(s) for s in layer_on_page.shapes}


def test_a_phones_zoom_buttons_kept_across_an_action_zoom_the_map_on_the_page(monkeypatch):
    """A phone's map drawn again for an action (a pin placed) keeps its zoom buttons; a tap on them then
    zooms the viewer on the page (the one the new map was written into), with the scale they asked for."""
    import asyncio
    import copy

    import flet as ft

    from companion.runtime.graft import graft_touched

    view, drawn = _page(1, width=360.0, zoom=True)

    def find(control: Any, kind: type) -> list[Any]:
        return [c for c in _under(control) if isinstance(c, kind)]

    page = ft.Column([drawn(view)])
    bar = find(page, ft.IconButton)
    view = copy.deepcopy(view)
    pins = next(p for p in view["provinces"] if p["code"] == "G")["pins"]
    city = sorted(pins)[0]
    pins[city] = {**pins[city], "red": int(pins[city].get("red", 0)) + 1}
    fresh = drawn(view)
    assert [id(b) for b in find(fresh, ft.IconButton)] == [id(b) for b in bar], "the zoom buttons kept"
    assert find(fresh, ft.InteractiveViewer)[0] is not find(page, ft.InteractiveViewer)[0]
    page, _touched = graft_touched(page, ft.Column([fresh]))
    (on_page,) = find(page, ft.InteractiveViewer)
    asked: list[tuple[Any, str, tuple[Any, ...]]] = []
    for name in ("reset", "zoom", "pan"):

        async def record(self: Any, *args: Any, _name: str = name) -> None:
            asked.append((self, _name, args))

        monkeypatch.setattr(ft.InteractiveViewer, name, record)
    zoom_in, zoom_out, _fit = bar
    asyncio.run(zoom_in.on_click(None))
    asyncio.run(zoom_in.on_click(None))
    asyncio.run(zoom_out.on_click(None))
    assert asked and all(v is on_page for v, _n, _a in asked), "the viewer on the page zooms"
    zooms = [a[0] for v, n, a in asked if n == "zoom"]
    assert zooms[1] > zooms[0] and abs(zooms[2] - zooms[0]) < 1e-9, "further, then back a step"


def test_a_pin_placed_changes_only_the_pins_left_among_the_maps_counters():
    """Above the map: speed, surges, reinforcements, pins left, victories. A pin placed in Gallia changes
    the pins left: that counter is written into on the page, the other four stay as they are (not built,
    compared or sent again)."""
    import copy

    import flet as ft

    from companion.runtime.graft import graft_touched

    view, drawn = _page(1, lang="en")

    def counters(root: Any) -> dict[str, Any]:
        """The counters above the map, by identifier (the map itself is ``map-G``)."""
        marked = [c for c in _under(root) if isinstance(c, ft.Semantics) and c.identifier != "map-G"]
        return {c.identifier: c for c in marked if str(c.identifier or "").startswith("map-")}

    def said(c: Any) -> list[str]:
        return [str(x.value) for x in _under(c) if isinstance(x, ft.Text)]

    page = ft.Column([drawn(view)])
    first = counters(page)
    assert list(first) == ["map-speed", "map-surges", "map-marker", "map-left", "map-victories"]
    gallia = next(p for p in view["provinces"] if p["code"] == "G")
    assert said(first["map-speed"]) == ["Speed", str(gallia["speed"])]
    assert said(first["map-victories"]) == ["Victories", "none"]
    view = copy.deepcopy(view)
    gallia = next(p for p in view["provinces"] if p["code"] == "G")
    city = sorted(gallia["pins"])[0]
    gallia["pins"][city] = {**gallia["pins"][city], "red": int(gallia["pins"][city].get("red", 0)) + 1}
    gallia["supply"] = {**gallia["supply"], "red": int(gallia["supply"]["red"]) - 1}
    fresh_map = drawn(view)
    fresh = counters(fresh_map)
    for ident in ("map-speed", "map-surges", "map-marker", "map-victories"):
        assert fresh[ident] is first[ident], f"{ident} kept: it says the same"
    assert fresh["map-left"] is not first["map-left"]
    left = said(first["map-left"])
    page, _touched = graft_touched(page, ft.Column([fresh_map]))
    on_page = counters(page)
    assert on_page["map-left"] is first["map-left"], "written into the counter on the page"
    assert said(on_page["map-left"]) != left and said(on_page["map-left"]) == said(fresh["map-left"])
