"""What the Rattus Cartus screens show, as plain data (no Flet; unit-tested).

:func:`cartus_board` turns an engine ``view(state, seat)`` into counters, a "what to do now" line, the row,
player lines and (for a player's own device only) the private part, built only from the keys the engine gives
that seat (``my_rats``/``my_peeks``), so the shared tablet never shows one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.events import TABLE
from engine.core.lang import Table, counted
from engine.games.cartus.describe import building as building_name
from engine.games.cartus.describe import special, word

from ..i18n import tr
from ..model import PlayerLine, say
from ..model import waiting_for as _waiting
from ..model import who_text as _who


@dataclass
class CartusPrivate:
    rats_line: str
    peeks: list[str] = field(default_factory=list)


@dataclass
class CartusBoard:
    counters: list[tuple[str, str]]
    todo: str
    row: list[tuple[str, str]]
    nuns: list[str]
    players: list[PlayerLine]
    private: CartusPrivate | None = None


WORDS = Table({"rats": ("{n} rat(s) révélé(s)", "{n} rat(s) revealed")})


# -- Rattus Cartus -----------------------------------------------------------------------------------------
CARTUS_CLASSES = {  # class code → (fr, en)
    "PAY": ("Paysannerie", "Peasantry"),
    "BOU": ("Bourgeoisie", "Bourgeoisie"),
    "CLE": ("Clergé", "Church"),
    "CHE": ("Chevalerie", "Chivalry"),
    "MAG": ("Magie", "Magic"),
    "NOB": ("Noblesse", "Royalty"),
}
CARTUS_SHOWN = {
    "game",
    "seats",
    "round",
    "rounds",
    "last_round",
    "phase",
    "first_player",
    "waiting_for",
    "row",
    "building_deck",
    "replacement_pile",
    "buildings_discarded",
    "buildings_in_play",
    "influence",
    "hand_sizes",
    "victory_tokens",
    "victory_tokens_left",
    "nun_row",
    "nun_cards",
    "my_rats",
    "my_peeks",
    "prompt",
    "result",
    "supported",
    "entries",
    "revealed",
    "declared",
    "resolving",
    "step",
    "privilege",
    "actions_left",
    "awaiting",
    "rats_revealed",
    "specials_in_play",
    "victory_points_declared",
    # how the group counts its victory tokens (a setup option): no news during the game
    "victory_tokens_count",
    "victory_token_values",
}


def cartus_phase(phase: str, lang: str) -> str:
    """The phase in words (*Résolution des bâtiments*, *Partie terminée*), never its code."""
    key = f"cp.cartus.phase.{phase}"
    try:
        return tr(key, lang)
    except KeyError:
        said = word("phase", str(phase), lang)  # the log's words: "partie terminée", "mise en place…"
        return said[:1].upper() + said[1:]


def cartus_todo(view: Mapping[str, Any], lang: str, seat: str, names: Mapping[str, str] | None = None) -> str:
    """One line: what this device's seat (or the table) is asked to do now."""
    if view.get("result"):
        return tr("cp.over", lang)
    waiting = _waiting(view)
    prompt = view.get("prompt")
    if isinstance(prompt, Mapping):
        kind = str(prompt.get("kind", ""))
        try:
            kw = {
                k: ", ".join((names or {}).get(str(x), str(x)) for x in v)
                if isinstance(v, (list, tuple))
                else v
                for k, v in prompt.items()
                if k != "kind"
            }  # options are seats: said by name
            if kind == "reveal":  # the building where the cards lie, by its card's name
                kw["building"] = _row_name(view, prompt.get("building"), lang)
            return tr(f"cp.cartus.do.{kind}", lang, **kw)
        except (KeyError, IndexError):
            return tr("cp.cartus.do.other", lang, kind=kind)
    if waiting:
        return tr("cp.wait_for", lang, who=_who(waiting, seat, lang, names))
    return ""


def _row_name(view: Mapping[str, Any], b: Any, lang: str) -> str:
    """Building ``b`` of the row by its card's name (its place in the row when the row does not say)."""
    row = view.get("row") or []
    if isinstance(b, int) and 0 <= b < len(row) and isinstance(row[b], Mapping):
        return building_name(str(row[b].get("type") or row[b].get("id") or ""), lang)
    return str(b + 1) if isinstance(b, int) else "?"


def _building_detail(card: Mapping[str, Any], lang: str) -> str:
    cls = CARTUS_CLASSES.get(str(card.get("class", "")), (str(card.get("class", "")),) * 2)
    bits = [cls[1] if lang == "en" else cls[0]]
    sup = card.get("support")
    if isinstance(sup, Mapping):
        bits.append(
            tr(
                "cp.cartus.support",
                lang,
                draw=sup.get("draw", 0),
                rats=sup.get("rats", 0),
                peek=sup.get("peek", 0),
            )
        )
    return " · ".join(bits)


def cartus_board(
    view: Mapping[str, Any], lang: str, seat: str, names: Mapping[str, str] | None = None
) -> CartusBoard:
    waiting = _waiting(view)
    counters = [
        (tr("cp.cartus.round", lang), f"{view.get('round', '?')} / {view.get('rounds', '?')}"),
        (tr("cp.phase", lang), cartus_phase(str(view.get("phase", "")), lang)),
        (tr("cp.waiting", lang), _who(waiting, seat, lang, names)),
        (
            tr("cp.cartus.first", lang),
            say(str(view["first_player"]), lang, names) if view.get("first_player") else "—",
        ),
        (tr("cp.cartus.deck", lang), str(view.get("building_deck", "—"))),
        (tr("cp.cartus.vp_left", lang), str(view.get("victory_tokens_left", "—"))),
    ]
    specials = [special(str(k), lang) for k in view.get("specials_in_play") or []]
    if specials:
        counters.append((tr("cp.cartus.specials", lang), ", ".join(specials)))
    declared: Mapping[str, Any] = view.get("victory_points_declared") or {}
    row = []
    for c in view.get("row") or []:
        if isinstance(c, Mapping):
            name = str(
                c.get("name_en") if lang == "en" and c.get("name_en") else c.get("name", c.get("id", "?"))
            )
            row.append((name, _building_detail(c, lang)))
    nuns = []
    for n in view.get("nun_cards") or []:
        if isinstance(n, Mapping):
            pos = int(n.get("position", 0)) + 1
            nuns.append(
                tr("cp.cartus.nun", lang, pos=pos, n=n["nuns"])
                if n.get("card") is not None
                else tr("cp.cartus.nun_hidden", lang, pos=pos)
            )
    influence: Mapping[str, Mapping[str, int]] = view.get("influence") or {}
    hands: Mapping[str, int] = view.get("hand_sizes") or {}
    vps: Mapping[str, int] = view.get("victory_tokens") or {}
    revealed: Mapping[str, int] = view.get("rats_revealed") or {}
    players = []
    for s in view.get("seats") or []:
        inf = influence.get(s) or {}
        inf_text = ", ".join(
            f"{(CARTUS_CLASSES.get(k, (k, k))[1 if lang == 'en' else 0])} {v}" for k, v in inf.items() if v
        ) or tr("cp.cartus.no_influence", lang)
        detail = tr("cp.cartus.player", lang, cards=hands.get(s, "?"), vp=vps.get(s, 0), influence=inf_text)
        if s in declared:
            detail += " · " + tr("cp.cartus.declared", lang, n=declared[s])
        if s in revealed:  # the end: each player's rats, turned face up
            detail += " · " + counted(WORDS.text("rats", lang, n=revealed[s]), lang)
        title = tr("cp.you_seat", lang, seat=say(s, lang, names)) if s == seat else say(s, lang, names)
        players.append(PlayerLine(s, title, detail, acting=s in waiting))
    private = None
    mine = view.get("my_rats")
    if seat != TABLE and isinstance(mine, Mapping):
        peeks = [
            tr("cp.cartus.peek", lang, pos=int(k) + 1, n=(v or {}).get("nuns", "?"))
            for k, v in (view.get("my_peeks") or {}).items()
        ]
        # the engine counts the rat tokens of each value (1, 3, 5): "10 (2 × 1 + 1 × 3 + 1 × 5)"
        counts = list(mine.get("tokens") or [])
        tokens = " + ".join(f"{n} × {v}" for n, v in zip(counts, (1, 3, 5), strict=False) if n) or "0"
        private = CartusPrivate(
            tr("cp.cartus.rats", lang, total=mine.get("total", "?"), tokens=tokens), peeks
        )
    return CartusBoard(counters, cartus_todo(view, lang, seat, names), row, nuns, players, private)
