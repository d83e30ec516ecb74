"""Rattus Cartus: a support (phase B) chosen with steppers, not among 178 buttons; entering a building
(phase C) with one stepper for the cards laid, then the building, not among one button per pair.

The player sets what the building card shows — cards to draw, rats to discard, the nun card to look at —
with one tap per value that is not zero, then taps the building (by its name, its rule one tap away): at
most four taps. :class:`SupportPlan` is the pure part (tested without a browser); :func:`support_picker`
draws it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.session import Choice
from engine.games.cartus.describe import building as building_name
from engine.games.cartus.describe import describe

from ..i18n import DEFAULT_LANG, pairs
from . import counts
from .reminders import reminder

TEXTS: dict[str, tuple[str, str]] = {
    "title": ("Soutenir un bâtiment", "Support a building"),
    "help": (
        "Réglez ce que montre la carte, puis touchez le bâtiment.",
        "Set what the card shows, then tap the building.",
    ),
    "draw": ("Cartes à piocher", "Cards to draw"),
    "rats": ("Rats à défausser", "Rats to discard"),
    "peek": ("Nonne à regarder", "Nun card to look at"),
    "none": ("aucune", "none"),
    "nun": ("n° {n}", "no. {n}"),
    "seen": ("n° {n} (vue)", "no. {n} (seen)"),
    "go": (
        "{name} : piocher {draw}, défausser {rats} rat(s), {peek}",
        "{name}: draw {draw}, discard {rats} rat(s), {peek}",
    ),
    "go.peek": ("regarder la nonne n° {n}", "look at nun card no. {n}"),
    "go.nopeek": ("aucune nonne", "no nun card"),
    "printed": (
        "{name} (carte : piocher {draw}, {rats} rat(s), {peek} nonne)",
        "{name} (card: draw {draw}, {rats} rat(s), {peek} nun card)",
    ),
    "nothing": ("Choisissez au moins un symbole.", "Choose at least one symbol."),
    "enter.title": ("Entrer dans un bâtiment", "Enter a building"),
    "enter.help": (
        "Combien de cartes posez-vous face cachée ? Puis touchez le bâtiment.",
        "How many cards do you lay face down? Then tap the building.",
    ),
    "enter.cards": ("Cartes posées", "Cards laid"),
    "enter.go": ("Entrer dans {name} avec {n} carte(s)", "Enter {name} with {n} card(s)"),
}


t = pairs(TEXTS)


def _name(row: Sequence[Mapping[str, Any]], b: int, lang: str) -> str:
    """Building ``b`` of the row by its card's name (its place when the row does not say)."""
    card = row[b] if 0 <= b < len(row) else {}
    return building_name(str(card.get("type") or card.get("id") or ""), lang) if card else str(b + 1)


def _type_of(row: Sequence[Mapping[str, Any]], b: int) -> str:
    return str(row[b].get("type", "")) if 0 <= b < len(row) else ""


@dataclass
class SupportPlan:
    """The Support choices of one seat, as steppers: limits, buildings, and the choice a setting means."""

    choices: list[tuple[int, dict[str, Any]]]  # (index in the snapshot's choices, intent)
    row: list[Mapping[str, Any]]
    seen: set[int] = field(default_factory=set)

    @property
    def max_draw(self) -> int:
        return max(int(i["draw"]) for _, i in self.choices)

    @property
    def max_rats(self) -> int:
        return max(int(i["rats"]) for _, i in self.choices)

    @property
    def peek_positions(self) -> list[int]:
        return sorted({int(p) for _, i in self.choices for p in i.get("peek") or ()})

    @property
    def buildings(self) -> list[int]:
        return sorted({int(i["building"]) for _, i in self.choices})

    def name(self, b: int, lang: str) -> str:
        return _name(self.row, b, lang)

    def type_of(self, b: int) -> str:
        return _type_of(self.row, b)

    def printed(self, b: int) -> tuple[int, int, int] | None:
        """What building ``b``'s card shows, when the table typed it in (only that support is legal then)."""
        sup = self.row[b].get("support") if 0 <= b < len(self.row) else None
        if isinstance(sup, Mapping):
            return int(sup.get("draw", 0)), int(sup.get("rats", 0)), int(sup.get("peek", 0))
        if isinstance(sup, (list, tuple)) and len(sup) == 3:
            return int(sup[0]), int(sup[1]), int(sup[2])
        return None

    def pick(self, b: int, draw: int, rats: int, peek: int | None) -> int | None:
        """The snapshot index of the Support of building ``b`` with these values; a card whose support was
        typed in takes its own values (and the nun card chosen, else the first one not yet seen)."""
        printed = self.printed(b)
        if printed is not None:
            draw, rats = printed[0], printed[1]
            if printed[2] == 0:
                peek = None
            elif peek is None:
                peek = next((p for p in self.peek_positions if p not in self.seen), 0)
        want = () if peek is None else (peek,)
        for idx, i in self.choices:
            if (
                int(i["building"]) == b
                and int(i["draw"]) == draw
                and int(i["rats"]) == rats
                and tuple(int(p) for p in i.get("peek") or ()) == want
            ):
                return idx
        return None


def plan(choices: Sequence[Choice], view: Mapping[str, Any]) -> SupportPlan | None:
    sup = [(k, c.intent) for k, c in enumerate(choices) if c.intent.get("type") == "Support"]
    if not sup:
        return None
    seen = {int(k) for k in (view.get("my_peeks") or {})}
    return SupportPlan(sup, list(view.get("row") or []), seen)


def support_picker(
    p: SupportPlan,
    lang: str,
    state: dict[str, Any],
    refresh: Callable[[], None],
    send: Callable[[dict[str, Any]], Callable[[Any], Any]],
    info: Callable[..., Any],
) -> Any:
    """The Flet control: three steppers and one button per building (each with its rule one tap away).
    ``state`` keeps the steppers between renders; ``send(intent)`` is the screen's button handler."""
    import flet as ft

    from ..widgets import big_button, ident, segments, vcol

    draw = int(state.setdefault("draw", 0))
    rats = int(state.setdefault("rats", 0))
    peek = state.setdefault("peek", None)

    def stepper(key: str, values: list[tuple[Any, str]], current: Any) -> ft.Control:
        def on(value: Any) -> Callable[[Any], None]:
            def go(_e: Any) -> None:
                state[key] = value
                refresh()

            return go

        return segments(f"support-{key}", t(key, lang), values, current, on, lang)

    parts: list[ft.Control] = [
        ft.Text(t("title", lang), size=18, weight=ft.FontWeight.W_600),
        ft.Text(t("help", lang), size=15),
        ft.Text(t("draw", lang), size=15),
        stepper("draw", [(n, str(n)) for n in range(p.max_draw + 1)], draw),
        ft.Text(t("rats", lang), size=15),
        stepper("rats", [(n, str(n)) for n in range(p.max_rats + 1)], rats),
    ]
    if p.peek_positions:
        parts += [
            ft.Text(t("peek", lang), size=15),
            stepper(
                "peek",
                [(None, t("none", lang))]
                + [(q, t("seen" if q in p.seen else "nun", lang, n=q + 1)) for q in p.peek_positions],
                peek,
            ),
        ]
    for b in p.buildings:
        name = p.name(b, lang)
        printed = p.printed(b)
        idx = p.pick(b, draw, rats, peek)
        if printed is not None:
            label = t("printed", lang, name=name, draw=printed[0], rats=printed[1], peek=printed[2])
        else:
            label = t(
                "go",
                lang,
                name=name,
                draw=draw,
                rats=rats,
                peek=t("go.peek", lang, n=peek + 1) if peek is not None else t("go.nopeek", lang),
            )
        intent = p.choices[[k for k, _ in p.choices].index(idx)][1] if idx is not None else None
        button = big_button(
            label,
            send(intent) if intent is not None else None,
            f"support-building-{b}",
            primary=intent is not None,
            disabled=intent is None,
            col={"xs": 10},
        )
        text = reminder(p.type_of(b), lang)
        row: list[ft.Control] = [button]
        if text:
            row.append(info(name, text, f"rule-building-{b}", col={"xs": 2}))
        parts.append(ft.ResponsiveRow(row, spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    if not (draw or rats or peek is not None) and not any(p.printed(b) for b in p.buildings):
        parts.append(ft.Text(t("nothing", lang), size=14, italic=True))
    return ident(vcol(parts, spacing=8, tight=True), "support-picker")


@dataclass
class EnterPlan:
    """The Enter choices of one seat: the buildings it may enter and, for each, the cards it may lay."""

    choices: list[tuple[int, dict[str, Any]]]  # (index in the snapshot's choices, intent)
    row: list[Mapping[str, Any]]

    @property
    def counts(self) -> list[int]:
        return sorted({int(i["cards"]) for _, i in self.choices})

    @property
    def buildings(self) -> list[int]:
        return sorted({int(i["building"]) for _, i in self.choices})

    def name(self, b: int, lang: str) -> str:
        return _name(self.row, b, lang)

    def type_of(self, b: int) -> str:
        return _type_of(self.row, b)

    def pick(self, b: int, cards: int) -> dict[str, Any] | None:
        """The Enter intent for building ``b`` with ``cards`` cards, if legal."""
        return next(
            (i for _, i in self.choices if int(i["building"]) == b and int(i["cards"]) == cards), None
        )


def enter_plan(choices: Sequence[Choice], view: Mapping[str, Any]) -> EnterPlan | None:
    got = [(k, c.intent) for k, c in enumerate(choices) if c.intent.get("type") == "Enter"]
    return EnterPlan(got, list(view.get("row") or [])) if got else None


def enter_picker(
    p: EnterPlan,
    lang: str,
    state: dict[str, Any],
    refresh: Callable[[], None],
    send: Callable[[dict[str, Any]], Callable[[Any], Any]],
    info: Callable[..., Any],
) -> Any:
    """The Flet control: the number of cards laid (one tap), then one button per building (two taps)."""
    import flet as ft

    from ..widgets import big_button, ident, segments, vcol

    counts = p.counts
    cards = int(state.get("cards", counts[0]))
    if cards not in counts:
        cards = counts[0]

    def on(n: int) -> Callable[[Any], None]:
        def go(_e: Any) -> None:
            state["cards"] = n
            refresh()

        return go

    parts: list[ft.Control] = [
        ft.Text(t("enter.title", lang), size=18, weight=ft.FontWeight.W_600),
        ft.Text(t("enter.help", lang), size=15),
        ft.Text(t("enter.cards", lang), size=15),
        segments("enter-cards", t("enter.cards", lang), [(n, str(n)) for n in counts], cards, on, lang),
    ]
    for b in p.buildings:
        name = p.name(b, lang)
        intent = p.pick(b, cards)
        button = big_button(
            t("enter.go", lang, name=name, n=cards),
            send(intent) if intent is not None else None,
            f"enter-building-{b}",
            primary=intent is not None,
            disabled=intent is None,
            col={"xs": 10},
        )
        row: list[ft.Control] = [button]
        text = reminder(p.type_of(b), lang)
        if text:
            row.append(info(name, text, f"rule-enter-{b}", col={"xs": 2}))
        parts.append(ft.ResponsiveRow(row, spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    return ident(vcol(parts, spacing=8, tight=True), "enter-picker")


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
    """The supports (phase B), the entries (phase C), the cards revealed (phase D) and the final hands as
    steppers: (controls, the intent kinds they replace)."""
    controls: list[Any] = []
    handled: set[str] = set()
    p = plan(choices, view)
    if p is not None:
        controls.append(
            support_picker(p, lang, state.setdefault("cartus-support", {}), refresh, send, info_button)
        )
        handled.add("Support")
    ep = enter_plan(choices, view)
    if ep is not None:
        controls.append(
            enter_picker(ep, lang, state.setdefault("cartus-enter", {}), refresh, send, info_button)
        )
        handled.add("Enter")
    rp = counts.reveal_plan(choices, view)
    if rp is not None:
        controls.append(counts.reveal_picker(rp, lang, state.setdefault("cartus-reveal", {}), refresh, send))
        handled.add("Reveal")
    hp = counts.hand_plan(choices, view)
    if hp is not None:
        controls.append(
            counts.hand_picker(hp, lang, names, state.setdefault("cartus-hand", {}), refresh, send)
        )
        handled.add("DeclareHand")
    for kind in ("DeclareVictoryPoints", "DeclareNuns"):  # a number each, not a button per possible total
        np_ = counts.number_plan(kind, choices, view)
        if np_ is not None:
            controls.append(
                counts.number_picker(np_, lang, names, state.setdefault(f"cartus-{kind}", {}), refresh, send)
            )
            handled.add(kind)
    return controls, handled


def label(intent: Any, lang: str, names: Mapping[str, str] | None, view: Mapping[str, Any]) -> str:
    """A choice as this device says it: a building by the name of the card at that place of the row."""
    row = [str(c.get("type") or c.get("id") or "") for c in view.get("row") or [] if isinstance(c, Mapping)]
    return describe(intent, lang, names, row)


__all__ = [
    "EnterPlan",
    "SupportPlan",
    "enter_picker",
    "enter_plan",
    "label",
    "pickers",
    "plan",
    "support_picker",
    "DEFAULT_LANG",
]
