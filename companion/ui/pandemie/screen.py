"""Pandémie's board part of the table/seat screen: the player's own hand first, then each province."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

import flet as ft
import msgspec

from engine.games.pandemie.names import card, role_name, word

from ..boardkit import component_name
from ..memo import keep, mark
from ..model import say
from ..widgets import chip, heading, ident, pill
from .board_map import focused, in_provinces

PAN_COLOURS: dict[str, tuple[str, str, str]] = {  # colour → (fr, en, swatch)
    "blue": ("bleu", "blue", ft.Colors.BLUE_300),
    "yellow": ("jaune", "yellow", ft.Colors.YELLOW_600),
    "red": ("rouge", "red", ft.Colors.RED_300),
    "green": ("vert", "green", ft.Colors.GREEN_400),
}

PAN_TEXT: dict[str, dict[str, str]] = {
    "turn": {"fr": "Au tour de", "en": "Turn of"},
    "phase": {"fr": "Phase", "en": "Phase"},
    "actions": {"fr": "Actions", "en": "Actions"},
    "speed": {"fr": "Vitesse de propagation", "en": "Propagation speed"},
    "surges": {"fr": "Déferlements", "en": "Surges"},
    "supply": {"fr": "Punaises en réserve", "en": "Pins left"},
    "pins": {"fr": "Invasions sur le plateau", "en": "Invasions on the board"},
    "forts": {"fr": "Forts", "en": "Forts"},
    "victories": {"fr": "Victoires", "en": "Victories"},
    "eradicated": {"fr": "Éradiqués", "en": "Eradicated"},
    "decks": {"fr": "Pioches", "en": "Decks"},
    "player_deck": {"fr": "Joueurs", "en": "Player"},
    "propagation_deck": {"fr": "Propagation", "en": "Propagation"},
    "players": {"fr": "Joueurs", "en": "Players"},
    "hand": {"fr": "Main", "en": "Hand"},
    "hidden": {"fr": "{n} cartes (cachées)", "en": "{n} cards (hidden)"},
    "in": {"fr": "à", "en": "in"},
    "quiet": {"fr": "Nuit tranquille", "en": "Quiet night"},
    "divination": {"fr": "Divinations en cours : {seat}", "en": "Divinations in progress: {seat}"},
    "prop_discard": {"fr": "Défausse propagation (dernières)", "en": "Propagation discard (latest)"},
    "none": {"fr": "aucune", "en": "none"},
    "you": {"fr": "vous", "en": "you"},
}


def _pt(key: str, lang: str, **kw: Any) -> str:
    e = PAN_TEXT[key]
    s = e.get(lang) or e["fr"]
    return s.format(**kw) if kw else s


def _colour_chip(colour: str, n: int | str, lang: str) -> ft.Control:
    fr, en, swatch = PAN_COLOURS.get(colour, (colour, colour, ft.Colors.GREY_400))
    return ft.Container(
        content=ft.Row(
            [
                ft.Container(width=16, height=16, border_radius=8, bgcolor=swatch),
                ft.Text(f"{n} {en if lang == 'en' else fr}", size=16, color=ft.Colors.ON_SURFACE),
            ],
            spacing=6,
            tight=True,
        ),
        padding=ft.Padding.symmetric(horizontal=10, vertical=6),
        border_radius=16,
        bgcolor=ft.Colors.SURFACE,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
    )


def _city_row(key: str, by_colour: Mapping[str, int], lang: str) -> ft.Control:
    """One city's pins: its name (bold from 3 pins on: one more is a surge), a chip per colour."""
    total = sum(by_colour.values())
    return ft.Row(
        [
            ft.Text(_city(key), size=16, width=150, weight=ft.FontWeight.BOLD if total >= 3 else None),
            *[_colour_chip(c, n, lang) for c, n in by_colour.items()],
        ],
        wrap=True,
        spacing=6,
        run_spacing=4,
    )


def _colours(colours: Any, lang: str) -> str:
    """Colour codes in the screen's language, comma-separated."""
    return ", ".join(PAN_COLOURS.get(c, (c, c, ""))[0 if lang == "fr" else 1] for c in colours)


def _city(key: str) -> str:
    return component_name(f"PC:{key}") if key else "—"


def board(
    view: Mapping[str, Any],
    lang: str,
    seat: str,
    names: Mapping[str, str] | None = None,
    focus: str = "",
    unfolded: Collection[str] = (),
    on_unfold: Callable[[str, bool], Any] | None = None,
) -> ft.Control:
    """``focus``: the province code a province tablet is bound to (a player's own province on a phone):
    that province is shown whole, first; the others are folded, one tap away, their players with them.

    ``on_unfold`` (a screen that redraws itself): a folded province is then only its title until it is
    unfolded (``on_unfold(code, True)``; the screen redraws with ``code`` in ``unfolded``): what nobody
    sees is neither built nor compared nor sent at each change of that province (on a 4-province table,
    most of every page's update). Without it, the folded provinces hold their whole part, as before."""
    parts: list[ft.Control] = []
    players: Mapping[str, Any] = view.get("players") or {}
    provinces: list[Mapping[str, Any]] = list(view.get("provinces") or [])
    me = players.get(seat)
    if not focus and me is not None:
        focus = str(me.get("province") or "")
    if focus and any(str(p.get("code")) == focus for p in provinces):
        provinces.sort(key=lambda p: str(p.get("code")) != focus)
    else:
        focus = ""
    if me is not None:  # a player's phone: their own hand first (kept while it is the same)
        hand = me.get("hand")
        held = tuple(hand) if hand is not None else me.get("hand_size", 0)
        parts.append(
            keep(
                ("pandemie-hand", lang, str(me.get("role", "")), me.get("city") or "", held),
                lambda: _hand(me, lang),
                slot="pandemie-hand",
            )
        )
    over = view.get("outcome") is not None  # a finished game: nobody's turn any more
    for p in provinces:
        code = str(p.get("code", ""))
        if focus and code != focus and on_unfold is not None and code not in unfolded:
            # its title only, until unfolded; kept while its name and surges are the same
            parts.append(
                keep(
                    ("pandemie-folded", code, lang, str(p.get("name", code)), p.get("surges", 0)),
                    lambda p=p, code=code: _folded(p, code, lang, names, over, on_unfold),
                    slot=("pandemie-province", code),
                )
            )
            continue
        opened = code in unfolded
        # a province's part is kept while nothing in it changed (an action in another province)
        key = (
            "pandemie-province",
            code,
            lang,
            seat,
            focus,
            over,
            opened,
            msgspec.json.encode(p),
            tuple(sorted((names or {}).items())),
        )
        parts.append(
            keep(
                key,
                lambda p=p, code=code, opened=opened: _province(
                    p, code, lang, seat, names, focus, over, opened, on_unfold
                ),
                slot=("pandemie-province", code),
            )
        )
    if focus and on_unfold is not None:  # the players of the provinces shown (the others: unfold theirs)
        shown = {focus, *unfolded}
        players = {s: pl for s, pl in players.items() if s == seat or in_provinces(pl, shown)}
    if players:
        said: list[tuple[str, bool]] = []
        for s, pl in sorted(
            players.items(), key=lambda kv: bool(focus) and str(kv[1].get("province")) != focus
        ):
            hand = pl.get("hand")
            cards = (
                ", ".join(card(c, lang) for c in hand)
                if hand is not None
                else _pt("hidden", lang, n=pl.get("hand_size", 0))
            )
            said.append(
                (
                    f"{say(s, lang, names)} · {role_name(str(pl.get('role', '')), lang)} "
                    f"{_pt('in', lang)} {_city(pl.get('city') or '')} — {cards}",
                    s == seat,
                )
            )
        parts.append(
            keep(
                ("pandemie-players", lang, tuple(said)), lambda: _players(said, lang), slot="pandemie-players"
            )
        )
    return ft.Column(parts, spacing=12, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _hand(me: Mapping[str, Any], lang: str) -> ft.Control:
    """A player's role, city and hand (the cards, or how many when they are hidden)."""
    hand = me.get("hand")
    cards = (
        [pill(component_name(c)) for c in hand]
        if hand is not None
        else [ft.Text(_pt("hidden", lang, n=me.get("hand_size", 0)))]
    )
    return ft.Column(
        [
            heading(f"{role_name(str(me.get('role', '')), lang)} · {_city(me.get('city') or '')}", 18),
            ft.Text(_pt("hand", lang), size=15, weight=ft.FontWeight.W_600),
            ft.Row(cards, wrap=True, spacing=6, run_spacing=6),
        ],
        spacing=6,
        tight=True,
    )


def _players(said: list[tuple[str, bool]], lang: str) -> ft.Control:
    """The players list: each line said, the page's own seat in bold."""
    rows = [
        keep(
            ("pandemie-player", x, mine),
            lambda x=x, mine=mine: ft.Text(x, size=15, weight=ft.FontWeight.BOLD if mine else None),
        )
        for x, mine in said
    ]
    return ft.Column([heading(_pt("players", lang), 18), *rows], spacing=4, tight=True)


def _tile_title(
    p: Mapping[str, Any], code: str, lang: str, names: Mapping[str, str] | None, over: bool
) -> ft.Text:
    turn = None if over else p.get("turn")
    return ft.Text(
        f"{p.get('name', code)} · {_pt('turn', lang)} {say(turn, lang, names) if turn else '—'}", size=17
    )


def _unfolding(code: str, on_unfold: Callable[[str, bool], Any] | None) -> Callable[[Any], Any] | None:
    """The handler of a province's tile: tells the screen it was unfolded or folded (the tile says which)."""
    if on_unfold is None:
        return None

    def changed(e: Any) -> Any:
        return on_unfold(code, e.data in (True, "true", "True"))

    return changed


def folded_title(p: Mapping[str, Any], code: str, lang: str) -> str:
    """A folded province's title: its name and its surges."""
    colon = " : " if lang == "fr" else ": "
    return f"{p.get('name', code)} · {_pt('surges', lang)}{colon}{p.get('surges', 0)}"


def titles(
    view: Mapping[str, Any], seat: str, focus: str, unfolded: Collection[str], lang: str
) -> dict[str, str]:
    """The folded provinces' titles on a page bound to ``focus`` (name and surges: :func:`folded_title`), by
    the mark the board gives their text: a surge elsewhere changes only that text on the page, written into
    it with no render."""
    focus, provinces = focused(view, seat, focus)
    if not focus:
        return {}
    return {
        f"title-{code}": folded_title(p, code, lang)
        for p in provinces
        if (code := str(p.get("code", ""))) != focus and code not in unfolded
    }


def _folded(
    p: Mapping[str, Any],
    code: str,
    lang: str,
    names: Mapping[str, str] | None,
    over: bool,
    on_unfold: Callable[[str, bool], Any],
) -> ft.Control:
    """Another province, folded: its name and its surges (what the whole table fears there), and a mark where
    its part comes when it is unfolded. Not whose turn it is there: a province's page changes only when
    something of its own, or the whole table's, does (a turn passing elsewhere redrew every page)."""
    return ident(
        ft.ExpansionTile(
            title=mark(f"title-{code}", ft.Text(folded_title(p, code, lang), size=17)),
            controls=[ft.Text("…", size=17)],
            expanded=False,
            on_change=_unfolding(code, on_unfold),
        ),
        f"province-{code}",
    )


def _province(
    p: Mapping[str, Any],
    code: str,
    lang: str,
    seat: str,
    names: Mapping[str, str] | None,
    focus: str,
    over: bool = False,
    opened: bool = False,
    on_unfold: Callable[[str, bool], Any] | None = None,
) -> ft.Control:
    turn = None if over else p.get("turn")
    said = [
        (
            _pt("turn", lang),
            say(turn, lang, names) + (f" ({_pt('you', lang)})" if turn == seat else "") if turn else "—",
        ),
        (_pt("actions", lang), str(p.get("actions_left", "—"))),
        (_pt("speed", lang), str(p.get("speed", "—"))),
        (_pt("surges", lang), str(p.get("surges", 0))),
        (_pt("phase", lang), word("phase", str(p["phase"]), lang) if p.get("phase") else "—"),
    ]
    # each counter kept while it says the same: a move changes the actions left, not the others
    counters = [
        keep(
            ("pandemie-chip", code, label, value),
            lambda label=label, value=value: chip(label, value),
            slot=("pandemie-chip", code, label),
        )
        for label, value in said
    ]
    block: list[ft.Control] = [
        heading(f"{p.get('name', code)} ({code})", 20),
        ft.Row(counters, wrap=True, spacing=8, run_spacing=8),
    ]
    if p.get("quiet_night"):
        block.append(pill(_pt("quiet", lang)))
    if p.get("divination"):
        block.append(pill(_pt("divination", lang, seat=say(str(p["divination"]), lang, names))))
    # the parts an action seldom changes are kept apart (companion.ui.memo): a new province part holds the
    # same supply and city rows as before but the one that changed
    supply = p.get("supply") or {}
    block.append(ft.Text(_pt("supply", lang), size=15, weight=ft.FontWeight.W_600))
    block.append(
        keep(
            ("pandemie-supply", code, lang, tuple(supply.items())),
            lambda: ft.Row(
                [_colour_chip(c, n, lang) for c, n in supply.items()], wrap=True, spacing=6, run_spacing=6
            ),
            slot=("pandemie-supply", code),
        )
    )
    pins: Mapping[str, Mapping[str, int]] = p.get("pins") or {}
    block.append(ft.Text(_pt("pins", lang), size=15, weight=ft.FontWeight.W_600))
    rows: list[ft.Control] = []
    # each city's row kept: when pins come, the rows that move are moved, not sent again, and the row of a
    # city whose pins changed is written into (its slot, wherever it was): the browser gets the counts that
    # changed. No Flet key: a memo without one is isolated, so the diff of the list does not walk each row
    for key, by_colour in sorted(pins.items(), key=lambda kv: -sum(kv[1].values())):
        rows.append(
            keep(
                ("pandemie-city", code, key, lang, tuple(by_colour.items())),
                lambda key=key, by_colour=by_colour: _city_row(key, by_colour, lang),
                slot=("pandemie-city", code, key),
            )
        )
    block.append(ft.Column(rows or [ft.Text(_pt("none", lang))], spacing=4, tight=True))
    extra = []
    colon = " : " if lang == "fr" else ": "  # French puts a space before the colon, English does not
    if p.get("forts"):
        extra.append(f"{_pt('forts', lang)}{colon}{', '.join(_city(k) for k in p['forts'])}")
    if p.get("victories"):
        extra.append(f"{_pt('victories', lang)}{colon}{_colours(p['victories'], lang)}")
    if p.get("eradicated"):
        extra.append(f"{_pt('eradicated', lang)}{colon}{_colours(p['eradicated'], lang)}")
    extra.append(
        f"{_pt('decks', lang)}{colon}{_pt('player_deck', lang)} {p.get('player_deck', '?')} · "
        f"{_pt('propagation_deck', lang)} {p.get('propagation_deck', '?')}"
    )
    block += [ft.Text(x, size=15) for x in extra]
    disc = list(p.get("propagation_discard") or [])[-8:]
    if disc:
        block.append(ft.Text(_pt("prop_discard", lang), size=15, weight=ft.FontWeight.W_600))
        block.append(
            keep(
                ("pandemie-discard", code, tuple(disc)),
                lambda: ft.Row(
                    [pill(component_name(c)) for c in reversed(disc)], wrap=True, spacing=6, run_spacing=6
                ),
                slot=("pandemie-discard", code),
            )
        )
    body = ft.Column(block, spacing=8, tight=True)
    if focus and code != focus:  # another province than the tablet's: one tap away
        return ident(
            ft.ExpansionTile(
                title=_tile_title(p, code, lang, names, over),
                controls=[body],
                expanded=opened,
                on_change=_unfolding(code, on_unfold),
            ),
            f"province-{code}",
        )
    return ident(
        ft.Container(
            content=body,
            padding=ft.Padding.only(top=6),
            border=ft.Border.only(top=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
        ),
        f"province-{code}",
    )
