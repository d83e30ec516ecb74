"""Pandémie: playing an event card as steps — the card, then (Mission secrète) the pawn, then the city, the
card or the Fort — instead of one button per combination (a Mission secrète alone is 4 pawns × 47 cities);
and the cards seen by Divinations put back in the order the player taps them (the engine lists one order,
any order of those cards is legal). :func:`event_plan` and :func:`same_choice` are the pure part;
:func:`event_picker` and :func:`divination_picker` draw it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.session import Choice
from engine.games.pandemie.names import card, city

from ..i18n import pairs

TEXTS: dict[str, tuple[str, str]] = {
    "title": ("Jouer un événement", "Play an event"),
    "help": ("Touchez une carte, puis ce qu'elle vise.", "Tap a card, then what it aims at."),
    "play": ("Jouer {card}", "Play {card}"),
    "options": ("{card} : choisir…", "{card}: choose…"),
    "pawn": ("Quel pion ?", "Which pawn?"),
    "city": ("Vers quelle ville ?", "To which city?"),
    "target": ("Quelle carte retirer ?", "Which card to remove?"),
    "fort": ("Où construire le fort ?", "Where to build the Fort?"),
    "fort.move": ("Quel fort déplacer, et où ?", "Which Fort to move, and where?"),
    "div.title": ("Divinations : l'ordre des cartes", "Divinations: the order of the cards"),
    "div.help": (
        "Touchez les cartes dans l'ordre où elles seront tirées (la première touchée sera tirée en premier).",
        "Tap the cards in the order they will be drawn (the first tapped is drawn first).",
    ),
    "div.chosen": ("Ordre choisi : {cards}", "Order chosen: {cards}"),
    "div.again": ("Recommencer", "Start again"),
    "div.go": ("Remettre dans cet ordre", "Put them back in this order"),
    "div.keep": ("Les remettre comme elles étaient", "Put them back as they were"),
}


t = pairs(TEXTS)


@dataclass
class EventPlan:
    """The PlayEvent choices of one seat, by card (in hand order)."""

    choices: list[tuple[int, dict[str, Any]]]  # (index in the snapshot's choices, intent)

    @property
    def cards(self) -> list[str]:
        return list(dict.fromkeys(str(i["card"]) for _, i in self.choices))

    def of(self, c: str, pawn: str | None = None) -> list[dict[str, Any]]:
        return [i for _, i in self.choices if i["card"] == c and (pawn is None or i.get("pawn", "") == pawn)]

    def pawns(self, c: str) -> list[str]:
        return list(dict.fromkeys(str(i["pawn"]) for i in self.of(c) if i.get("pawn")))

    def single(self, c: str) -> dict[str, Any] | None:
        """The one way to play ``c`` when it aims at nothing (Nuit tranquille, Divinations)."""
        got = self.of(c)
        return got[0] if len(got) == 1 and not (got[0].get("city") or got[0].get("target")) else None

    @staticmethod
    def what(i: Mapping[str, Any], lang: str) -> str:
        """What one play aims at, in words: a city, a card, a Fort moved."""
        if i.get("remove_from") and i.get("city"):
            return f"{city(str(i['remove_from']))} → {city(str(i['city']))}"
        if i.get("target"):
            return card(str(i["target"]), lang)
        return city(str(i.get("city") or "")) or card(str(i["card"]), lang)

    def ask(self, c: str, lang: str) -> str:
        got = self.of(c)
        if any(i.get("remove_from") for i in got):
            return t("fort.move", lang)
        if any(i.get("target") for i in got):
            return t("target", lang)
        if any(i.get("pawn") for i in got):
            return t("city", lang)
        return t("fort", lang)


def same_choice(intent: Mapping[str, Any], listed: Mapping[str, Any]) -> bool:
    """Whether ``intent`` is the listed choice or one of the free choices it stands for: Divinations' cards
    in another order (the engine lists the order they are in)."""
    if intent == listed:
        return True
    if intent.get("type") == listed.get("type") == "ArrangeDivination":
        rest = {k: v for k, v in intent.items() if k != "order"}
        return rest == {k: v for k, v in listed.items() if k != "order"} and sorted(
            intent.get("order") or []
        ) == sorted(listed.get("order") or [])
    return False


def event_plan(choices: Sequence[Choice]) -> EventPlan | None:
    got = [(k, c.intent) for k, c in enumerate(choices) if c.intent.get("type") == "PlayEvent"]
    return EventPlan(got) if got else None


def event_picker(
    p: EventPlan,
    lang: str,
    state: dict[str, Any],
    names: Mapping[str, str] | None,
    refresh: Callable[[], None],
    send: Callable[[dict[str, Any]], Callable[[Any], Any]],
    info: Callable[..., Any],
    seat: str = "",
) -> Any:
    """The Flet control: one button per event card; a card that aims at something opens its steps (the pawn,
    then one button per city, card or Fort, by name, sorted)."""
    import flet as ft

    from ..model import say
    from ..widgets import big_button, ident, segments, vcol
    from .reminders import reminder

    chosen = state.get("card")
    if chosen not in p.cards:
        chosen = None

    def open_(c: str) -> Callable[[Any], None]:
        def go(_e: Any) -> None:
            state["card"] = None if state.get("card") == c else c
            state.pop("pawn", None)
            refresh()

        return go

    parts: list[ft.Control] = [
        ft.Text(t("title", lang), size=18, weight=ft.FontWeight.W_600),
        ft.Text(t("help", lang), size=15),
    ]
    for n, c in enumerate(p.cards):
        name = card(c, lang)
        one = p.single(c)
        if one is not None:
            button = big_button(
                t("play", lang, card=name), send(one), f"event-card-{n}", primary=True, col={"xs": 10}
            )
        else:
            button = big_button(
                t("options", lang, card=name),
                open_(c),
                f"event-card-{n}",
                tone="tonal" if c == chosen else None,
                col={"xs": 10},
            )
        row: list[ft.Control] = [button]
        text = reminder(card(c, "fr"), lang)  # the rules are kept by the card's French name
        if text:
            row.append(info(name, text, f"rule-event-{n}", col={"xs": 2}))
        parts.append(ft.ResponsiveRow(row, spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    if chosen is not None:
        pawns = p.pawns(chosen)
        pawn = state.get("pawn")
        if pawns:
            if pawn not in pawns:
                pawn = seat if seat in pawns else pawns[0]

            def on(v: Any) -> Callable[[Any], None]:
                def go(_e: Any) -> None:
                    state["pawn"] = v
                    refresh()

                return go

            parts += [
                ft.Text(t("pawn", lang), size=15),
                segments(
                    "event-pawn", t("pawn", lang), [(s, say(s, lang, names)) for s in pawns], pawn, on, lang
                ),
            ]
        plays = sorted(
            p.of(chosen, pawn if pawns else None), key=lambda i: EventPlan.what(i, lang).casefold()
        )
        parts.append(ft.Text(p.ask(chosen, lang), size=15))
        parts.append(
            ft.ResponsiveRow(
                [
                    big_button(
                        EventPlan.what(i, lang), send(i), f"event-play-{k}", col={"xs": 6, "sm": 4, "md": 3}
                    )
                    for k, i in enumerate(plays)
                ],
                spacing=8,
                run_spacing=8,
            )
        )
    return ident(vcol(parts, spacing=8, tight=True), "event-picker")


def divination_picker(
    choices: Sequence[Choice],
    lang: str,
    state: dict[str, Any],
    refresh: Callable[[], None],
    send: Callable[[dict[str, Any]], Callable[[Any], Any]],
) -> Any:
    """The cards Divinations showed, tapped one by one in the order wanted; None without that choice."""
    listed = next((c.intent for c in choices if c.intent.get("type") == "ArrangeDivination"), None)
    if listed is None:
        return None
    import flet as ft

    from ..widgets import big_button, ident, vcol

    cards = [str(c) for c in listed.get("order") or []]
    picked = [c for c in state.get("order") or [] if c in cards]
    if len(set(picked)) != len(picked):  # settings of another Divinations (cards seen twice): start again
        picked = []

    def add(c: str) -> Callable[[Any], None]:
        def go(_e: Any) -> None:
            state["order"] = [*picked, c]
            refresh()

        return go

    def again(_e: Any) -> None:
        state["order"] = []
        refresh()

    left = [c for c in cards if c not in picked]
    parts: list[ft.Control] = [
        ft.Text(t("div.title", lang), size=18, weight=ft.FontWeight.W_600),
        ft.Text(t("div.help", lang), size=15),
    ]
    if picked:
        parts.append(
            ident(
                ft.Text(
                    t(
                        "div.chosen",
                        lang,
                        cards=", ".join(f"{n}. {card(c, lang)}" for n, c in enumerate(picked, 1)),
                    ),
                    size=16,
                    weight=ft.FontWeight.W_600,
                ),
                "divination-order",
            )
        )
    parts.append(
        ft.ResponsiveRow(
            [
                big_button(card(c, lang), add(c), f"divination-card-{cards.index(c)}", col={"xs": 6, "sm": 4})
                for c in left
            ],
            spacing=8,
            run_spacing=8,
        )
    )
    row = []
    if picked and not left:
        row.append(
            big_button(
                t("div.go", lang),
                send({**listed, "order": picked}),
                "divination-go",
                primary=True,
                col={"xs": 12, "sm": 6},
            )
        )
    if picked:
        row.append(big_button(t("div.again", lang), again, "divination-again", col={"xs": 6, "sm": 3}))
    row.append(big_button(t("div.keep", lang), send(listed), "divination-keep", col={"xs": 6, "sm": 3}))
    parts.append(ft.ResponsiveRow(row, spacing=8, run_spacing=8))
    return ident(vcol(parts, spacing=8, tight=True), "divination-picker")


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
    """Divinations' order and the event cards as steps: (controls, the intent kinds they replace)."""
    controls: list[Any] = []
    handled: set[str] = set()
    div = divination_picker(choices, lang, state.setdefault("pandemie-divination", {}), refresh, send)
    if div is not None:
        controls.append(div)
        handled.add("ArrangeDivination")
    evp = event_plan(choices)
    if evp is not None:
        controls.append(
            event_picker(
                evp,
                lang,
                state.setdefault("pandemie-event", {}),
                names,
                refresh,
                send,
                info_button,
                str(view.get("seat") or ""),
            )
        )
        handled.add("PlayEvent")
    return controls, handled


def card_rule(intent: Mapping[str, Any], lang: str) -> tuple[str, str] | None:
    """(the event card's name, its rule) for a choice that plays an event card."""
    from .reminders import reminder

    cid = intent.get("card")
    if isinstance(cid, str) and cid.startswith("PE:"):
        text = reminder(card(cid, "fr"), lang)
        return None if text is None else (card(cid, lang), text)
    return None


__all__ = [
    "EventPlan",
    "card_rule",
    "divination_picker",
    "event_picker",
    "event_plan",
    "pickers",
    "same_choice",
]
