"""Pandémie's overview: every province of the table at a glance, for the leader's laptop or a projector.

Each province in a panel: its drawn map, small (:func:`companion.ui.boards.draw.map_control`, the same drawing
as the tablets'), with the last surge chain that touched it drawn until the next one; the pins left per
people, the surges against the limit, the victories, the speed and the player deck; whose turn it is and at
what; each player with where their seat is played (their own device, away, the tablet) and whether the game
waits for them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import flet as ft
import flet.canvas as cv

from engine.boards.palette import PEOPLE, seat_colour
from engine.boards.surges import Edge, adjacency, infer_chains
from engine.core.events import TABLE
from engine.games.pandemie.names import people_name, role_name

from ..boards.draw import arrow_shapes, map_control
from ..boards.pandemie_map import _in_play, arrows_for, city_names, layer_for, province_board
from ..i18n import pairs
from ..memo import keep
from ..widgets import ident
from .outcome import outcome_lines

TEXTS: dict[str, tuple[str, str]] = {
    "turn": ("Au tour de {who}", "{who}'s turn"),
    "phase.actions": ("{n} action(s) restante(s)", "{n} action(s) left"),
    "phase.draw": ("pioche", "drawing"),
    "phase.discard": ("défausse", "discarding"),
    "phase.propagate": ("propagation", "propagation"),
    "phase.propagation": ("propagation", "propagation"),
    "pins": ("Punaises restantes", "Pins left"),
    "surges": ("Déferlements : {n} / {max}", "Surges: {n} / {max}"),
    "victories": ("Victoires", "Victories"),
    "speed": ("Vitesse : {n} carte(s)", "Speed: {n} card(s)"),
    "deck": ("Pioche : {n} carte(s)", "Player deck: {n} card(s)"),
    "here": ("son appareil", "own device"),
    "away": ("absent·e", "away"),
    "tablet": ("sur la tablette", "on the tablet"),
    "none": ("sans appareil", "no device"),
    "waiting": ("on l'attend", "awaited"),
    "playing": ("joue", "playing"),
    "chain": ("Dernier déferlement : {cities}", "Last surge: {cities}"),
    "chain.none": ("Pas encore de déferlement", "No surge yet"),
    "beaten": ("éradiqués", "eradicated"),
}
t = pairs(TEXTS)
CHAIN_IDENT = "overview-chain-{code}"


class ProvincesOverview:
    """The overview of one screen: it remembers, per province, the last surge chain that touched it."""

    def __init__(self) -> None:
        self._prev: Mapping[str, Any] | None = None
        # province code → (the chain's arrows touching it, its surge count once the chain was over)
        self.chains: dict[str, tuple[list[Edge], int]] = {}

    def seen(self, view: Mapping[str, Any]) -> None:
        """A new view of the table (every one, in order): a surge since the previous one is remembered as the
        last chain of each province it touched; one taken back (an undo) is forgotten."""
        prev, self._prev = self._prev, view
        surges = {str(pv.get("code")): int(pv.get("surges") or 0) for pv in view.get("provinces") or []}
        for code, (_edges, count) in list(self.chains.items()):
            if surges.get(code, 0) < count:
                del self.chains[code]
        if prev is None:
            return
        before = {str(pv.get("code")): int(pv.get("surges") or 0) for pv in prev.get("provinces") or []}
        if sum(surges.values()) <= sum(before.values()):
            return
        adj, code_of = adjacency(_in_play(view))
        edges = infer_chains(prev, view, adj, code_of)
        touched: dict[str, list[Edge]] = {}
        for e in edges:
            for code in {code_of.get(e[0], ""), code_of.get(e[1], "")} - {""}:
                touched.setdefault(code, []).append(e)
        for code, mine in touched.items():
            self.chains[code] = (mine, surges.get(code, 0))

    def draw(
        self,
        view: Mapping[str, Any],
        lang: str,
        names: Mapping[str, str] | None,
        presence: Mapping[str, str],
        width: float,
        height: float,
        dark: bool = False,
    ) -> ft.Control:
        provinces = [pv for pv in view.get("provinces") or [] if isinstance(pv, Mapping)]
        top: list[ft.Control] = []
        outcome = view.get("outcome")
        if isinstance(outcome, Mapping):
            top.append(
                ident(
                    ft.Container(
                        ft.Text(
                            " — ".join(outcome_lines(outcome, lang, names)),
                            size=24,
                            weight=ft.FontWeight.BOLD,
                        ),
                        padding=10,
                        border_radius=12,
                        bgcolor=ft.Colors.GREEN_100 if outcome.get("won") else ft.Colors.RED_100,
                        theme_mode=ft.ThemeMode.LIGHT,
                    ),
                    "overview-outcome",
                )
            )
        # two panels a row from a laptop's width (four provinces fill a 1920×1080 projector), else one
        per_row = 2 if width >= 1100 and len(provinces) > 1 else 1
        rows = max(1, -(-len(provinces) // per_row))
        cell_w = (width - 12 * (per_row - 1)) / per_row
        cell_h = (height - (60 if top else 0) - 12 * (rows - 1)) / rows
        side = min(340.0, max(240.0, cell_w * 0.36))  # the counters and the players beside the map
        map_w = max(240.0, min(cell_w - side - 40, (cell_h - 70) * 1000 / 707))
        if per_row == 1 and width < 700:  # a phone: the map over the counters, the page's width
            map_w, side = max(200.0, width - 32), max(200.0, width - 32)
        cells = [
            ft.Container(
                self._province(
                    view, pv, lang, names or {}, presence, map_w, side, dark, per_row == 1 and width < 700
                ),
                col=12 // per_row,
            )
            for pv in provinces
        ]
        return ft.Column([*top, ft.ResponsiveRow(cells, spacing=12, run_spacing=12)], spacing=12, tight=True)

    def _province(
        self,
        view: Mapping[str, Any],
        pv: Mapping[str, Any],
        lang: str,
        names: Mapping[str, str],
        presence: Mapping[str, str],
        map_w: float,
        side: float,
        dark: bool,
        stacked: bool,
    ) -> ft.Control:
        code = str(pv.get("code"))
        players: Mapping[str, Any] = view.get("players") or {}
        here = sorted(
            (s for s, pl in players.items() if isinstance(pl, Mapping) and str(pl.get("province")) == code),
            key=lambda s: int(s[1:]) if s[1:].isdigit() else 0,
        )
        title = ft.Row(
            [
                ft.Text(str(pv.get("name") or code), size=24, weight=ft.FontWeight.BOLD),
                ident(ft.Text(self._turn(pv, lang, names), size=18), f"overview-turn-{code}"),
            ],
            spacing=14,
            wrap=True,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        facts = ft.Column(
            [
                *self._counters(view, pv, lang),
                self._chain_line(view, code, lang),
                ft.Divider(height=6),
                *self._players(view, here, lang, names, presence),
            ],
            spacing=6,
            tight=True,
            width=side,
        )
        board = self._map(view, pv, code, names, map_w, dark)
        body: ft.Control = (
            ft.Column([board, facts], spacing=8, tight=True)
            if stacked
            else ft.Row([board, facts], spacing=14, vertical_alignment=ft.CrossAxisAlignment.START)
        )
        return ident(
            ft.Container(
                ft.Column([title, body], spacing=6, tight=True),
                padding=12,
                border_radius=16,
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
            ),
            f"overview-{code}",
        )

    def _turn(self, pv: Mapping[str, Any], lang: str, names: Mapping[str, str]) -> str:
        seat = pv.get("turn")
        if not isinstance(seat, str) or not seat:
            return ""
        phase = str(pv.get("phase") or "")
        try:
            what = t(f"phase.{phase}", lang, n=int(pv.get("actions_left") or 0))
        except KeyError:
            what = phase
        return f"{t('turn', lang, who=names.get(seat) or seat)} · {what}"

    def _counters(self, view: Mapping[str, Any], pv: Mapping[str, Any], lang: str) -> list[ft.Control]:
        code = str(pv.get("code"))
        supply: Mapping[str, int] = pv.get("supply") or {}
        pins = ft.Row(
            [
                ft.Row(
                    [
                        ft.Container(width=18, height=18, border_radius=9, bgcolor=PEOPLE.get(c, "#888888")),
                        ft.Text(
                            str(n),
                            size=20,
                            weight=ft.FontWeight.BOLD,
                            color=ft.Colors.ERROR if int(n) <= 6 else None,
                            tooltip=people_name(c, lang),
                        ),
                    ],
                    spacing=4,
                    tight=True,
                )
                for c, n in supply.items()
            ],
            spacing=12,
            wrap=True,
        )
        limit = int((view.get("options") or {}).get("max_surges", 8))
        surges = int(pv.get("surges") or 0)
        won = {str(c) for c in pv.get("victories") or []}
        gone = {str(c) for c in pv.get("eradicated") or []}
        marks = ft.Row(
            [
                ft.Container(
                    ft.Text("✓" if c in won else "", size=16, color="#ffffff", weight=ft.FontWeight.BOLD),
                    width=26,
                    height=26,
                    border_radius=5,
                    alignment=ft.Alignment.CENTER,
                    bgcolor=PEOPLE[c] if c in won else None,
                    border=ft.Border.all(2, PEOPLE[c]),
                    tooltip=people_name(c, lang),
                )
                for c in PEOPLE
            ],
            spacing=6,
        )
        beaten = [people_name(c, lang) for c in PEOPLE if c in gone]
        return [
            ft.Text(t("pins", lang), size=14),
            ident(pins, f"overview-pins-{code}"),
            ident(
                ft.Text(
                    t("surges", lang, n=surges, max=limit),
                    size=19,
                    weight=ft.FontWeight.BOLD,
                    color=ft.Colors.ERROR if surges >= limit - 1 else None,
                ),
                f"overview-surges-{code}",
            ),
            ft.Row(
                [ft.Text(t("victories", lang), size=14), ident(marks, f"overview-victories-{code}")],
                spacing=8,
                wrap=True,
            ),
            *([ft.Text(f"{t('beaten', lang)} : {', '.join(beaten)}", size=14)] if beaten else []),
            ft.Text(
                f"{t('speed', lang, n=int(pv.get('speed') or 0))} · "
                f"{t('deck', lang, n=int(pv.get('player_deck') or 0))}",
                size=15,
            ),
        ]

    def _chain_line(self, view: Mapping[str, Any], code: str, lang: str) -> ft.Control:
        got = self.chains.get(code)
        if got is None:
            text = t("chain.none", lang)
        else:
            names = city_names(_in_play(view))
            surged: list[str] = []
            for a, _b, _c in got[0]:
                name = names.get(a, a)
                if name not in surged:
                    surged.append(name)
            text = t("chain", lang, cities=" → ".join(surged))
        return ident(ft.Text(text, size=15, italic=got is None), CHAIN_IDENT.format(code=code))

    def _players(
        self,
        view: Mapping[str, Any],
        seats: list[str],
        lang: str,
        names: Mapping[str, str],
        presence: Mapping[str, str],
    ) -> list[ft.Control]:
        players: Mapping[str, Any] = view.get("players") or {}
        waiting = {str(s) for s in view.get("waiting_for") or []}
        turn = {str(pv.get("turn")) for pv in view.get("provinces") or []}
        out: list[ft.Control] = []
        for i, seat in enumerate(seats):
            pl = players.get(seat) or {}
            where = presence.get(seat, "none")
            state = "waiting" if seat in waiting else ("playing" if seat in turn else "")
            said = [t(where, lang), *([t(state, lang)] if state else [])]
            out.append(
                ident(
                    ft.Row(
                        [
                            ft.Container(width=14, height=14, border_radius=7, bgcolor=seat_colour(i)),
                            ft.Text(
                                f"{names.get(seat) or seat} ({role_name(str(pl.get('role') or ''), lang)})",
                                size=16,
                                weight=ft.FontWeight.BOLD if state else None,
                                expand=True,
                                max_lines=1,
                                overflow=ft.TextOverflow.ELLIPSIS,
                            ),
                            ft.Text(
                                " · ".join(said),
                                size=14,
                                color=ft.Colors.ERROR if where == "away" else ft.Colors.ON_SURFACE_VARIANT,
                            ),
                        ],
                        spacing=6,
                    ),
                    f"overview-seat-{seat}",
                )
            )
        return out

    def _map(
        self,
        view: Mapping[str, Any],
        pv: Mapping[str, Any],
        code: str,
        names: Mapping[str, str],
        width: float,
        dark: bool,
    ) -> ft.Control:
        board = province_board(view, code)
        layer = layer_for(board, pv, view.get("players") or {}, TABLE, names, None, device=self)
        drawn = map_control(board, layer, width, None, dark=dark)
        chain = self.chains.get(code)
        if chain is None:
            return ident(drawn, f"overview-map-{code}")
        k = width / board.width
        arrows = arrows_for(board, chain[0], [], {}, city_names(_in_play(view)))
        over = keep(
            ("overview-chain", code, round(width, 2), tuple(arrows)),
            lambda: cv.Canvas(shapes=arrow_shapes(arrows, k), width=width, height=board.height * k),
        )
        return ident(ft.Stack([drawn, over], width=width, height=board.height * k), f"overview-map-{code}")


def overview() -> ProvincesOverview:
    return ProvincesOverview()


__all__ = ["CHAIN_IDENT", "ProvincesOverview", "overview"]
