"""Rattus Cartus: the cards revealed at a building (phase D) and the final hand, counted with steppers, not
chosen among one button per split (20 for 3 cards with swords and flutes, 91 for a hand of 12 with swords and
gold).

Each starts at the likeliest answer, confirmed in one tap: at a reveal, every card of the building's class
(the usual play); at the end, the special cards the log saw the player take and not play, the rest
Population and Joker cards (``likely`` in the engine's prompt). The player moves only what differs: the
other kinds are counted, the cards of the class (at a reveal) or the Population and Joker cards (at the end)
are what is left of the cards laid or held. :class:`RevealPlan` and :class:`HandPlan` are the pure part
(tested without a browser); :func:`same_choice` lets the screen take a split the engine lists only by its
total (beyond 8 cards it lists the single-kind splits, and accepts any split with the right total).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.session import Choice
from engine.games.cartus.describe import building as building_name
from engine.games.cartus.describe import klass

from ..i18n import pairs

TEXTS: dict[str, tuple[str, str]] = {
    "reveal.title": (
        "Révéler vos {n} carte(s) posée(s) dans {building}",
        "Reveal your {n} card(s) in {building}",
    ),
    "reveal.help": (
        "Comptez ce qui n'est pas de la classe {cls} ; le reste est de la classe.",
        "Count what is not of the {cls} class; the rest is of the class.",
    ),
    "other": ("Autres cartes Population (1 rat chacune)", "Other Population cards (1 rat each)"),
    "jokers": ("Jokers", "Jokers"),
    "swords": ("Épées", "Swords"),
    "flutes": ("Flûtes", "Flutes"),
    "passes": ("Laissez-passer", "Passes"),
    "gold": ("Or", "Gold"),
    "matching.left": ("Cartes {cls} : {n}", "{cls} cards: {n}"),
    "too_many": (
        "Trop de cartes : {n} posée(s) en tout. Baissez un compte.",
        "Too many cards: {n} laid in all. Lower a count.",
    ),
    "reveal.go": ("Révéler : {parts}", "Reveal: {parts}"),
    "part.matching": ("{n} carte(s) {cls}", "{n} {cls} card(s)"),
    "part.other": ("{n} autre(s)", "{n} other(s)"),
    "part.jokers": ("{n} joker(s)", "{n} joker(s)"),
    "part.swords": ("{n} épée(s)", "{n} sword(s)"),
    "part.flutes": ("{n} flûte(s)", "{n} flute(s)"),
    "part.passes": ("{n} laissez-passer", "{n} pass(es)"),
    "part.gold": ("{n} or", "{n} gold"),
    "part.pop_jokers": ("{n} Population/Joker", "{n} Population/Joker"),
    "none": ("aucune carte", "no card"),
    "hand.title": ("Main de fin de partie : {n} carte(s)", "Final hand: {n} card(s)"),
    "hand.title.of": ("Main de {who} : {n} carte(s)", "{who}'s hand: {n} card(s)"),
    "hand.help": (
        "Comptez les cartes spéciales ; le reste est Population et Joker. "
        "Déjà réglé sur ce que la partie a vu.",
        "Count the special cards; the rest is Population and Joker. Already set to what the game saw.",
    ),
    "hand.who": ("Quel joueur ?", "Which player?"),
    "pop_jokers.left": ("Population et Joker : {n}", "Population and Joker: {n}"),
    "hand.go": ("Déclarer : {parts}", "Declare: {parts}"),
    "hand.go.of": ("Déclarer la main de {who} : {parts}", "Declare {who}'s hand: {parts}"),
    "minus": ("moins", "fewer"),
    "plus": ("plus", "more"),
    "vp.title": ("Points de vos jetons de victoire", "Points on your victory tokens"),
    "vp.title.of": ("Points des jetons de victoire de {who}", "Points on {who}'s victory tokens"),
    "vp.help": (
        "Additionnez les points imprimés sur les jetons ({n} jeton(s)).",
        "Add up the points printed on the tokens ({n} token(s)).",
    ),
    "vp.value": ("Points", "Points"),
    "vp.go": ("Déclarer {n} point(s)", "Declare {n} point(s)"),
    "vp.go.of": ("{who} : déclarer {n} point(s)", "{who}: declare {n} point(s)"),
    "nuns.title": ("Soutien des nonnes (cartes sur la table)", "Nun support (cards on the table)"),
    "nuns.help": (
        "Retournez les cinq cartes et comptez les symboles « nonne ».",
        "Turn the five cards over and count the nun symbols.",
    ),
    "nuns.value": ("Nonnes", "Nuns"),
    "nuns.go": ("Déclarer {n} nonne(s)", "Declare {n} nun(s)"),
}
t = pairs(TEXTS)

REVEAL_KINDS = ("other", "jokers", "swords", "flutes")  # counted; "matching" is what is left
HAND_KINDS = ("swords", "flutes", "passes", "gold")  # counted; "pop_jokers" is what is left
_SPECIAL = {"swords": "sword", "flutes": "flute", "passes": "pass", "gold": "gold"}
STEPPER_MAX = 8  # up to this many cards: one button per value; more: a − / + stepper


def _counted(text: str, lang: str) -> str:
    from engine.core.lang import counted

    return counted(text, lang)


def _parts(counts: Mapping[str, int], order: Sequence[str], lang: str, cls: str = "") -> str:
    said = [_counted(t(f"part.{k}", lang, n=counts[k], cls=cls), lang) for k in order if counts.get(k)]
    return ", ".join(said) or t("none", lang)


@dataclass
class RevealPlan:
    """The Reveal choices of one seat: the cards it laid, the kinds it may have laid, the building's class."""

    listed: dict[str, Any]  # one listed Reveal intent (the others differ only by the split)
    cards: int
    kinds: tuple[str, ...]  # the counted kinds in play (swords and flutes only when their buildings are)
    cls: str  # the class code of the building
    building: str  # the building's card name

    def split(self, counts: Mapping[str, int]) -> dict[str, int] | None:
        """Every kind's count, the cards of the class being what is left; None when the counts exceed the
        cards."""
        got = {k: int(counts.get(k, 0)) if k in self.kinds else 0 for k in REVEAL_KINDS}
        left = self.cards - sum(got.values())
        return None if left < 0 else {"matching": left, **got}

    def intent(self, counts: Mapping[str, int]) -> dict[str, Any] | None:
        s = self.split(counts)
        return None if s is None else {**self.listed, **s}


def reveal_plan(choices: Sequence[Choice], view: Mapping[str, Any]) -> RevealPlan | None:
    got = [c.intent for c in choices if c.intent.get("type") == "Reveal"]
    if not got:
        return None
    first = got[0]
    cards = sum(int(first.get(k, 0)) for k in ("matching", *REVEAL_KINDS))
    present = {str(x) for x in view.get("specials_in_play") or ()}
    kinds = tuple(k for k in REVEAL_KINDS if k in ("other", "jokers") or _SPECIAL[k] in present)
    prompt = view.get("prompt") if isinstance(view.get("prompt"), Mapping) else {}
    b = prompt.get("building") if isinstance(prompt, Mapping) else None
    row = view.get("row") or []
    card = row[b] if isinstance(b, int) and 0 <= b < len(row) and isinstance(row[b], Mapping) else {}
    return RevealPlan(
        dict(first),
        cards,
        kinds,
        str(card.get("class", "")),
        str(card.get("type") or card.get("id") or ""),
    )


@dataclass
class HandPlan:
    """The final-hand choices a device may send: for each player still to declare (the table declares for
    everybody), the cards held and the likeliest split."""

    listed: dict[str, dict[str, Any]]  # player seat → one listed DeclareHand intent
    cards: dict[str, int]
    likely: dict[str, dict[str, int]]
    kinds: tuple[str, ...]  # the special kinds in play

    @property
    def players(self) -> list[str]:
        return list(self.listed)

    def split(self, player: str, counts: Mapping[str, int]) -> dict[str, int] | None:
        got = {k: int(counts.get(k, 0)) if k in self.kinds else 0 for k in HAND_KINDS}
        left = self.cards[player] - sum(got.values())
        return None if left < 0 else {"pop_jokers": left, **got}

    def intent(self, player: str, counts: Mapping[str, int]) -> dict[str, Any] | None:
        s = self.split(player, counts)
        return None if s is None else {**self.listed[player], **s}

    def start(self, player: str) -> dict[str, int]:
        """The steppers' first values: the likeliest split (what the game saw taken and not played)."""
        likely = self.likely.get(player) or {}
        return {k: int(likely.get(k, 0)) for k in self.kinds}


def hand_plan(choices: Sequence[Choice], view: Mapping[str, Any]) -> HandPlan | None:
    listed: dict[str, dict[str, Any]] = {}
    for c in choices:
        i = c.intent
        if i.get("type") == "DeclareHand":
            listed.setdefault(str(i.get("player") or i.get("seat") or ""), dict(i))
    if not listed:
        return None
    cards = {p: sum(int(i.get(k, 0)) for k in ("pop_jokers", *HAND_KINDS)) for p, i in listed.items()}
    prompt = view.get("prompt") if isinstance(view.get("prompt"), Mapping) else {}
    raw = prompt.get("likely") if isinstance(prompt, Mapping) else None
    likely: dict[str, dict[str, int]] = {}
    if isinstance(raw, Mapping) and raw and all(isinstance(v, Mapping) for v in raw.values()):
        likely = {str(p): dict(v) for p, v in raw.items()}  # the table: one per player
    elif isinstance(raw, Mapping):
        likely = {p: dict(raw) for p in listed}  # a player's phone: its own
    present = {str(x) for x in view.get("specials_in_play") or ()}
    kinds = tuple(k for k in HAND_KINDS if _SPECIAL[k] in present)
    return HandPlan(listed, cards, likely, kinds)


@dataclass
class NumberPlan:
    """One number to say at the end (the victory tokens' points, the nuns of a cardboard row): per player (""
    for the nuns), the values the engine accepts, each with its listed intent."""

    kind: str  # DeclareVictoryPoints | DeclareNuns
    values: dict[str, dict[int, dict[str, Any]]]  # player → value → intent
    tokens: dict[str, int]  # player → victory tokens held (the help line)

    @property
    def players(self) -> list[str]:
        return list(self.values)


def number_plan(kind: str, choices: Sequence[Choice], view: Mapping[str, Any]) -> NumberPlan | None:
    field = "points" if kind == "DeclareVictoryPoints" else "count"
    values: dict[str, dict[int, dict[str, Any]]] = {}
    for c in choices:
        i = c.intent
        if i.get("type") == kind:
            who = str(i.get("player") or i.get("seat") or "") if kind == "DeclareVictoryPoints" else ""
            values.setdefault(who, {})[int(i.get(field, 0))] = dict(i)
    if not values:
        return None
    held = view.get("victory_tokens") if isinstance(view.get("victory_tokens"), Mapping) else {}
    return NumberPlan(kind, values, {p: int((held or {}).get(p, 0)) for p in values})


def same_choice(intent: Mapping[str, Any], listed: Mapping[str, Any]) -> bool:
    """A reveal or a final hand a stepper made is the listed choice of the same seat (and player): the engine
    lists the splits of a large count only by their total, and refuses a split with the wrong total."""
    kind = intent.get("type")
    if kind in ("Reveal", "DeclareHand") and listed.get("type") == kind:
        return intent.get("seat") == listed.get("seat") and intent.get("player", "") == listed.get(
            "player", ""
        )
    return dict(intent) == dict(listed)


# -- drawing ------------------------------------------------------------------------------------------------
def count_row(
    prefix: str,
    title: str,
    value: int,
    top: int,
    set_value: Callable[[int], None],
    lang: str,
    stepper: bool = False,
) -> Any:
    """One count from 0 to ``top``: a button per value up to ``STEPPER_MAX``, else (or ``stepper``)
    − value + (each button ``<prefix>-…``)."""
    import flet as ft

    from ..widgets import ident, segments

    def on(n: int) -> Callable[[Any], None]:
        def go(_e: Any) -> None:
            set_value(n)

        return go

    head = ft.Text(title, size=15)
    if top <= STEPPER_MAX and not stepper:
        return ft.Column(
            [head, segments(prefix, title, [(n, str(n)) for n in range(top + 1)], value, on, lang)],
            spacing=4,
            tight=True,
        )
    style = ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=12))
    minus = ft.OutlinedButton(
        content=ft.Text("−", size=22), on_click=on(max(0, value - 1)), height=48, style=style
    )
    plus = ft.OutlinedButton(
        content=ft.Text("+", size=22), on_click=on(min(top, value + 1)), height=48, style=style
    )
    return ft.Column(
        [
            head,
            ft.Row(
                [
                    ident(minus, f"{prefix}-minus", label=f"{title} : {t('minus', lang)}"),
                    ident(ft.Text(str(value), size=22, weight=ft.FontWeight.BOLD), f"{prefix}-value"),
                    ident(plus, f"{prefix}-plus", label=f"{title} : {t('plus', lang)}"),
                ],
                spacing=12,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
        ],
        spacing=4,
        tight=True,
    )


def reveal_picker(
    p: RevealPlan,
    lang: str,
    state: dict[str, Any],
    refresh: Callable[[], None],
    send: Callable[[dict[str, Any]], Callable[[Any], Any]],
) -> Any:
    """The Flet control: one count per kind that is not the building's class, then one button to reveal."""
    import flet as ft

    from ..widgets import ident, vcol

    counts: dict[str, int] = state.setdefault("counts", {})
    cls = klass(p.cls, lang) if p.cls else ""
    where = building_name(p.building, lang) if p.building else ""

    def setter(k: str) -> Callable[[int], None]:
        def set_(n: int) -> None:
            counts[k] = n
            refresh()

        return set_

    parts: list[ft.Control] = [
        ft.Text(
            _counted(t("reveal.title", lang, n=p.cards, building=where), lang),
            size=18,
            weight=ft.FontWeight.W_600,
        ),
        ft.Text(t("reveal.help", lang, cls=cls), size=15),
    ]
    for k in p.kinds:
        parts.append(count_row(f"reveal-{k}", t(k, lang), int(counts.get(k, 0)), p.cards, setter(k), lang))
    split = p.split(counts)
    intent = p.intent(counts)
    if split is None:
        parts.append(
            ident(
                ft.Text(_counted(t("too_many", lang, n=p.cards), lang), size=15, italic=True),
                "reveal-too-many",
            )
        )
    else:
        parts.append(
            ft.Text(
                t("matching.left", lang, cls=cls, n=split["matching"]), size=16, weight=ft.FontWeight.W_600
            )
        )
    label = t("reveal.go", lang, parts=_parts(split or {}, ("matching", *REVEAL_KINDS), lang, cls))
    parts.append(_go(label, intent, send, "reveal-go"))
    return ident(vcol(parts, spacing=8, tight=True), "reveal-picker")


def _go(
    label: str,
    intent: dict[str, Any] | None,
    send: Callable[[dict[str, Any]], Callable[[Any], Any]],
    key: str,
) -> Any:
    """The picker's one button: it declares ``intent``, greyed while the counts say nothing legal."""
    from ..widgets import big_button

    return big_button(
        label,
        send(intent) if intent is not None else None,
        key,
        primary=intent is not None,
        disabled=intent is None,
    )


def hand_picker(
    p: HandPlan,
    lang: str,
    names: Mapping[str, str] | None,
    state: dict[str, Any],
    refresh: Callable[[], None],
    send: Callable[[dict[str, Any]], Callable[[Any], Any]],
) -> Any:
    """The Flet control: the player (the table declares for everybody), one count per special kind (set to the
    likeliest split), then one button to declare."""
    import flet as ft

    from ..model import say
    from ..widgets import ident, segments, vcol

    players = p.players
    player = str(state.get("player", players[0]))
    if player not in players:
        player = players[0]
    counts: dict[str, dict[str, int]] = state.setdefault("counts", {})
    mine = counts.setdefault(player, p.start(player))
    n = p.cards[player]
    own = not p.listed[player].get("player")  # a player's own hand (the table names the player)
    who = say(player, lang, names)

    def pick(x: str) -> Callable[[Any], None]:
        def go(_e: Any) -> None:
            state["player"] = x
            refresh()

        return go

    def setter(k: str) -> Callable[[int], None]:
        def set_(v: int) -> None:
            mine[k] = v
            refresh()

        return set_

    parts: list[ft.Control] = []
    if len(players) > 1:
        parts += [
            ft.Text(t("hand.who", lang), size=15),
            segments(
                "hand-player",
                t("hand.who", lang),
                [(x, say(x, lang, names)) for x in players],
                player,
                pick,
                lang,
            ),
        ]
    title = t("hand.title", lang, n=n) if own else t("hand.title.of", lang, who=who, n=n)
    parts += [
        ft.Text(_counted(title, lang), size=18, weight=ft.FontWeight.W_600),
        ft.Text(t("hand.help", lang), size=15),
    ]
    for k in p.kinds:
        parts.append(count_row(f"hand-{k}", t(k, lang), int(mine.get(k, 0)), n, setter(k), lang))
    split = p.split(player, mine)
    intent = p.intent(player, mine)
    if split is None:
        parts.append(
            ident(ft.Text(_counted(t("too_many", lang, n=n), lang), size=15, italic=True), "hand-too-many")
        )
    else:
        parts.append(
            ft.Text(t("pop_jokers.left", lang, n=split["pop_jokers"]), size=16, weight=ft.FontWeight.W_600)
        )
    said = _parts(split or {}, ("pop_jokers", *HAND_KINDS), lang)
    label = t("hand.go", lang, parts=said) if own else t("hand.go.of", lang, who=who, parts=said)
    parts.append(_go(label, intent, send, "hand-go"))
    return ident(vcol(parts, spacing=8, tight=True), "hand-picker")


def number_picker(
    p: NumberPlan,
    lang: str,
    names: Mapping[str, str] | None,
    state: dict[str, Any],
    refresh: Callable[[], None],
    send: Callable[[dict[str, Any]], Callable[[Any], Any]],
) -> Any:
    """The Flet control: the player (the table says it for everybody), − value +, one button to declare."""
    import flet as ft

    from ..model import say
    from ..widgets import big_button, ident, segments, vcol

    vp = p.kind == "DeclareVictoryPoints"
    prefix = "vp" if vp else "nuns"
    players = p.players
    player = str(state.get("player", players[0]))
    if player not in players:
        player = players[0]
    allowed = sorted(p.values[player])
    value = int(state.get(f"value-{player}", allowed[0]))
    if value not in allowed:
        value = min(allowed, key=lambda v: abs(v - value))
    who = say(player, lang, names)
    own = vp and not p.values[player][allowed[0]].get("player")

    def pick(x: str) -> Callable[[Any], None]:
        def go(_e: Any) -> None:
            state["player"] = x
            refresh()

        return go

    def set_value(v: int) -> None:  # the − / + steps move to the next value the engine accepts
        here = allowed.index(value)
        if v != value:
            step = -1 if v < value else 1
            state[f"value-{player}"] = allowed[max(0, min(len(allowed) - 1, here + step))]
            refresh()

    parts: list[ft.Control] = []
    if len(players) > 1:
        parts += [
            ft.Text(t("hand.who", lang), size=15),
            segments(
                f"{prefix}-player",
                t("hand.who", lang),
                [(x, say(x, lang, names)) for x in players],
                player,
                pick,
                lang,
            ),
        ]
    title = t("vp.title", lang) if own else t("vp.title.of", lang, who=who) if vp else t("nuns.title", lang)
    parts.append(ft.Text(title, size=18, weight=ft.FontWeight.W_600))
    parts.append(
        ft.Text(
            _counted(t("vp.help", lang, n=p.tokens.get(player, 0)) if vp else t("nuns.help", lang), lang),
            size=15,
        )
    )
    if (
        len(allowed) <= STEPPER_MAX + 1
        and allowed == list(range(allowed[0], allowed[-1] + 1))
        and allowed[0] == 0
    ):

        def on_exact(v: int) -> None:
            state[f"value-{player}"] = v
            refresh()

        parts.append(
            count_row(f"{prefix}-value", t(f"{prefix}.value", lang), value, allowed[-1], on_exact, lang)
        )
    else:
        parts.append(
            count_row(
                f"{prefix}-value",
                t(f"{prefix}.value", lang),
                value,
                allowed[-1],
                set_value,
                lang,
                stepper=True,
            )
        )
    go = (
        t("vp.go", lang, n=value)
        if own
        else t("vp.go.of", lang, who=who, n=value)
        if vp
        else t("nuns.go", lang, n=value)
    )
    parts.append(big_button(_counted(go, lang), send(p.values[player][value]), f"{prefix}-go", primary=True))
    return ident(vcol(parts, spacing=8, tight=True), f"{prefix}-picker")


__all__ = [
    "HandPlan",
    "NumberPlan",
    "RevealPlan",
    "count_row",
    "hand_picker",
    "hand_plan",
    "number_picker",
    "number_plan",
    "reveal_picker",
    "reveal_plan",
    "same_choice",
]
