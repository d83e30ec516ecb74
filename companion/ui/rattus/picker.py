"""Rattus: "Placer des cubes" says how many, with the Paysan / Reine bonus as a stepper; class cards by their
name with their rule one tap away. :func:`place_plan` is the pure part; :func:`place_picker` draws it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.session import Choice
from engine.core.lang import counted
from engine.games.rattus.text import character

from ..i18n import pairs
from . import moves
from .reminders import reminder

TEXTS: dict[str, tuple[str, str]] = {
    "title": ("Placer des cubes (action 2)", "Place cubes (action 2)"),
    "bonus": ("Bonus", "Bonus"),
    "bonus.none": ("aucun", "none"),
    "bonus.peasant": ("+1 Paysan", "+1 Peasant"),
    "bonus.queen": ("+2 Reine", "+2 Queen"),
    "bonus.both": ("+3 Paysan et Reine", "+3 Peasant and Queen"),
    "go": ("Placer {n} cube(s) en {region}", "Place {n} cube(s) in {region}"),
    "rule": ("Placer des cubes", "Placing cubes"),
}
BONUS = {"none": (False, False), "peasant": (True, False), "queen": (False, True), "both": (True, True)}
EXTRA = {"none": 0, "peasant": 1, "queen": 2, "both": 3}


t = pairs(TEXTS)


@dataclass
class PlacePlan:
    choices: list[tuple[int, dict[str, Any]]]
    rats: dict[str, int]

    @property
    def bonuses(self) -> list[str]:
        have = {(bool(i.get("peasant")), bool(i.get("queen"))) for _, i in self.choices}
        return [k for k, v in BONUS.items() if v in have]

    @property
    def regions(self) -> list[str]:
        return list(dict.fromkeys(str(i["region"]) for _, i in self.choices))

    def count(self, region: str, bonus: str) -> int:
        """Cubes placed in ``region``: one per rat there, plus the bonus."""
        return self.rats.get(region, 0) + EXTRA[bonus]

    def pick(self, region: str, bonus: str) -> int | None:
        peasant, queen = BONUS[bonus]
        for idx, i in self.choices:
            if (
                str(i["region"]) == region
                and bool(i.get("peasant")) == peasant
                and bool(i.get("queen")) == queen
            ):
                return idx
        return None


def place_plan(choices: Sequence[Choice], view: Mapping[str, Any]) -> PlacePlan | None:
    found = [(k, c.intent) for k, c in enumerate(choices) if c.intent.get("type") == "PlaceCubes"]
    if not found:
        return None
    regions = view.get("regions") or {}
    rats = {str(r): int(d.get("rats", 0)) for r, d in regions.items() if isinstance(d, Mapping)}
    return PlacePlan(found, rats)


def place_picker(
    p: PlacePlan,
    lang: str,
    state: dict[str, Any],
    refresh: Callable[[], None],
    send: Callable[[dict[str, Any]], Callable[[Any], Any]],
    info: Callable[..., Any],
) -> Any:
    import flet as ft

    from ..widgets import big_button, ident, vcol

    bonuses = p.bonuses
    bonus = state.get("bonus", "none")
    if bonus not in bonuses:
        bonus = bonuses[0]

    def setter(value: str) -> Callable[[Any], None]:
        def go(_e: Any) -> None:
            state["bonus"] = value
            refresh()

        return go

    parts: list[ft.Control] = [
        ft.ResponsiveRow(
            [
                ft.Container(ft.Text(t("title", lang), size=18, weight=ft.FontWeight.W_600), col={"xs": 10}),
                info(t("rule", lang), reminder("place", lang) or "", "rule-place", col={"xs": 2}),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
    ]
    if len(bonuses) > 1:
        buttons = []
        for b in bonuses:
            kw: dict[str, Any] = dict(
                content=ft.Text(t(f"bonus.{b}", lang), size=17), on_click=setter(b), height=48
            )
            buttons.append(
                ident(ft.FilledButton(**kw) if b == bonus else ft.OutlinedButton(**kw), f"place-bonus-{b}")
            )
        parts += [ft.Text(t("bonus", lang), size=15), ft.Row(buttons, wrap=True, spacing=6, run_spacing=6)]
    row = []
    for n, region in enumerate(p.regions):
        idx = p.pick(region, bonus)
        intent = next((i for k, i in p.choices if k == idx), None)
        row.append(
            big_button(
                counted(t("go", lang, n=p.count(region, bonus), region=region), lang),
                send(intent) if intent is not None else None,
                f"place-{n}",
                disabled=intent is None,
                col={"xs": 12, "sm": 6},
            )
        )
    parts.append(ft.ResponsiveRow(row, spacing=8, run_spacing=8))
    return ident(vcol(parts, spacing=8, tight=True), "place-picker")


def card_rule(intent: Mapping[str, Any], lang: str) -> tuple[str, str] | None:
    """(name, rule) of the class card an intent names (TakeCard, FinalCubes…), for its reminder button."""
    key = intent.get("card")
    if not isinstance(key, str):
        return None
    text = reminder(key, lang)
    return None if text is None else (character(key, lang), text)


def pickers(
    choices: Sequence[Choice],
    view: Mapping[str, Any],
    lang: str,
    names: Mapping[str, str] | None,
    state: dict[str, Any],
    refresh: Callable[[], None],
    send: Callable[[dict[str, Any]], Callable[[Any], Any]],
    info_button: Callable[..., Any],
) -> tuple[list[Any], set[str]]:
    """Placing the cubes, the Monk's rat, the Witch's look, the Nun's and the Bishop's pawns as steps:
    (controls, the intent kinds they replace)."""
    controls, handled = moves.pickers(choices, view, lang, state, refresh, send)
    rp = place_plan(choices, view)
    if rp is not None:
        controls.insert(
            0, place_picker(rp, lang, state.setdefault("rattus-place", {}), refresh, send, info_button)
        )
        handled.add("PlaceCubes")
    return controls, handled
