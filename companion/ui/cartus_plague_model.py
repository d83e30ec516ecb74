"""What the Rattus Cartus and Plague & Pestilence screens show, as plain data (no Flet; unit-tested).

:func:`cartus_board` and :func:`plague_board` turn an engine ``view(state, seat)`` into counters, a
"what to do now" line, player lines and (for a player's own device only) the private part. The private
part is built only from the keys the engine gives that seat (``my_rats``/``my_peeks`` in Cartus,
``hand`` and an unhidden own ``population`` in Plague), so the shared tablet never shows one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.events import TABLE

from .i18n import tr


@dataclass
class PlayerLine:
    seat: str
    title: str
    detail: str
    acting: bool = False
    out: bool = False


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


@dataclass
class PlaguePrivate:
    hand: list[str]
    population: int | None


@dataclass
class PlagueBoard:
    counters: list[tuple[str, str]]
    todo: str
    act: str
    players: list[PlayerLine]
    dice: list[str]
    deck: str
    private: PlaguePrivate | None = None


def _waiting(view: Mapping[str, Any]) -> list[str]:
    w = view.get("waiting_for")
    return [x for x in w if isinstance(x, str)] if isinstance(w, (list, tuple)) else []


def _who(seats: Sequence[str], me: str, lang: str) -> str:
    return ", ".join(tr("cp.you", lang) if s == me else s for s in seats) or "—"


# -- Rattus Cartus -----------------------------------------------------------------------------------------
CARTUS_CLASSES = {  # class code → (fr, en)
    "PAY": ("Paysannerie", "Peasantry"), "BOU": ("Bourgeoisie", "Bourgeoisie"), "CLE": ("Clergé", "Church"),
    "CHE": ("Chevalerie", "Chivalry"), "MAG": ("Magie", "Magic"), "NOB": ("Noblesse", "Royalty"),
}
CARTUS_SHOWN = {
    "game", "seats", "round", "rounds", "last_round", "phase", "first_player", "waiting_for", "row", "building_deck",
    "replacement_pile", "buildings_discarded", "buildings_in_play", "influence", "hand_sizes", "victory_tokens",
    "victory_tokens_left", "nun_row", "nun_cards", "my_rats", "my_peeks", "prompt", "result", "supported",
    "entries", "revealed", "declared", "resolving", "step", "privilege", "actions_left", "awaiting", "rats_revealed",
}


def cartus_phase(phase: str, lang: str) -> str:
    key = f"cp.cartus.phase.{phase}"
    try:
        return tr(key, lang)
    except KeyError:
        return str(phase)


def cartus_todo(view: Mapping[str, Any], lang: str, seat: str) -> str:
    """One line: what this device's seat (or the table) is asked to do now."""
    if view.get("result"):
        return tr("cp.over", lang)
    waiting = _waiting(view)
    prompt = view.get("prompt")
    if isinstance(prompt, Mapping):
        kind = str(prompt.get("kind", ""))
        try:
            kw = {k: ", ".join(map(str, v)) if isinstance(v, (list, tuple)) else v
                  for k, v in prompt.items() if k != "kind"}
            return tr(f"cp.cartus.do.{kind}", lang, **kw)
        except (KeyError, IndexError):
            return tr("cp.cartus.do.other", lang, kind=kind)
    if waiting:
        return tr("cp.wait_for", lang, who=_who(waiting, seat, lang))
    return ""


def _building_detail(card: Mapping[str, Any], lang: str) -> str:
    cls = CARTUS_CLASSES.get(str(card.get("class", "")), (str(card.get("class", "")),) * 2)
    bits = [cls[1] if lang == "en" else cls[0]]
    sup = card.get("support")
    if isinstance(sup, Mapping):
        bits.append(tr("cp.cartus.support", lang, draw=sup.get("draw", 0), rats=sup.get("rats", 0),
                       peek=sup.get("peek", 0)))
    return " · ".join(bits)


def cartus_board(view: Mapping[str, Any], lang: str, seat: str) -> CartusBoard:
    waiting = _waiting(view)
    counters = [
        (tr("cp.cartus.round", lang), f"{view.get('round', '?')} / {view.get('rounds', '?')}"),
        (tr("cp.phase", lang), cartus_phase(str(view.get("phase", "")), lang)),
        (tr("cp.waiting", lang), _who(waiting, seat, lang)),
        (tr("cp.cartus.first", lang), str(view.get("first_player") or "—")),
        (tr("cp.cartus.deck", lang), str(view.get("building_deck", "—"))),
        (tr("cp.cartus.vp_left", lang), str(view.get("victory_tokens_left", "—"))),
    ]
    row = []
    for c in view.get("row") or []:
        if isinstance(c, Mapping):
            name = str(c.get("name_en") if lang == "en" and c.get("name_en") else c.get("name", c.get("id", "?")))
            row.append((name, _building_detail(c, lang)))
    nuns = []
    for n in view.get("nun_cards") or []:
        if isinstance(n, Mapping):
            pos = int(n.get("position", 0)) + 1
            nuns.append(tr("cp.cartus.nun", lang, pos=pos, n=n["nuns"]) if n.get("card") is not None
                        else tr("cp.cartus.nun_hidden", lang, pos=pos))
    influence: Mapping[str, Mapping[str, int]] = view.get("influence") or {}
    hands: Mapping[str, int] = view.get("hand_sizes") or {}
    vps: Mapping[str, int] = view.get("victory_tokens") or {}
    players = []
    for s in view.get("seats") or []:
        inf = influence.get(s) or {}
        inf_text = ", ".join(
            f"{(CARTUS_CLASSES.get(k, (k, k))[1 if lang == 'en' else 0])} {v}" for k, v in inf.items() if v
        ) or tr("cp.cartus.no_influence", lang)
        detail = tr("cp.cartus.player", lang, cards=hands.get(s, "?"), vp=vps.get(s, 0), influence=inf_text)
        title = tr("cp.you_seat", lang, seat=s) if s == seat else s
        players.append(PlayerLine(s, title, detail, acting=s in waiting))
    private = None
    mine = view.get("my_rats")
    if seat != TABLE and isinstance(mine, Mapping):
        peeks = [tr("cp.cartus.peek", lang, pos=int(k) + 1, n=(v or {}).get("nuns", "?"))
                 for k, v in (view.get("my_peeks") or {}).items()]
        private = CartusPrivate(tr("cp.cartus.rats", lang, total=mine.get("total", "?"),
                                   tokens=" + ".join(str(t) for t in mine.get("tokens") or []) or "0"), peeks)
    return CartusBoard(counters, cartus_todo(view, lang, seat), row, nuns, players, private)


# -- Plague & Pestilence -----------------------------------------------------------------------------------
PLAGUE_SHOWN = {
    "game", "seat", "seats", "phase", "turn", "current", "stage", "waiting_for", "players", "hand", "deck",
    "in_play", "act", "rolls", "options", "outcome",
}


def plague_card(card_id: str, lang: str) -> str:
    """``flood-3`` → ``Flood — A flood: the target loses 10 PPs.`` (the catalogue's text), else the id."""
    try:
        from engine.games.plague.cards import card_type

        t = card_type(card_id)
    except Exception:  # noqa: BLE001 - unknown card: show its id
        return card_id
    return f"{t.name} — {t.en if lang == 'en' else t.fr}"


def plague_card_name(card_id: str) -> str:
    try:
        from engine.games.plague.cards import name_of

        return name_of(card_id)
    except Exception:  # noqa: BLE001
        return card_id


def _tr_or(key: str, lang: str, fallback: str, **kw: Any) -> str:
    try:
        return tr(key, lang, **kw)
    except KeyError:
        return fallback


def plague_todo(view: Mapping[str, Any], lang: str, seat: str) -> str:
    if view.get("outcome"):
        return tr("cp.over", lang)
    waiting = _waiting(view)
    stage = str(view.get("stage", ""))
    phase = _tr_or(f"cp.plague.phase.{view.get('phase')}", lang, str(view.get("phase", "")))
    if seat in waiting:
        return _tr_or(f"cp.plague.do.{stage}", lang, tr("cp.your_move", lang), phase=phase)
    if waiting:
        return tr("cp.plague.wait", lang, who=_who(waiting, seat, lang),
                  what=_tr_or(f"cp.plague.stage.{stage}", lang, stage, phase=phase))
    return ""


def plague_roll(r: Mapping[str, Any], lang: str) -> str:
    dice = " + ".join(str(d) for d in r.get("dice") or [])
    mod = int(r.get("modifier") or 0)
    if mod:
        dice += f" {'+' if mod > 0 else '−'} {abs(mod)}"
    purpose = str(r.get("purpose", ""))
    what = _tr_or(f"cp.plague.roll.{purpose}", lang, purpose)
    return f"{r.get('seat', '?')} · {what} : {dice} = {r.get('total', '?')}" if lang == "fr" else \
        f"{r.get('seat', '?')} · {what}: {dice} = {r.get('total', '?')}"


def plague_board(view: Mapping[str, Any], lang: str, seat: str, dice_shown: int = 8) -> PlagueBoard:
    waiting = _waiting(view)
    counters = [
        (tr("cp.plague.turn", lang), str(view.get("turn", "—"))),
        (tr("cp.phase", lang), _tr_or(f"cp.plague.phase.{view.get('phase')}", lang, str(view.get("phase", "—")))),
        (tr("cp.plague.current", lang), _who([view["current"]], seat, lang) if view.get("current") else "—"),
        (tr("cp.waiting", lang), _who(waiting, seat, lang)),
    ]
    players = []
    for p in view.get("players") or []:
        if not isinstance(p, Mapping):
            continue
        s = str(p.get("seat", "?"))
        pop = p.get("population")
        bits = [tr("cp.plague.pop", lang, n=pop) if pop is not None else tr("cp.plague.pop_hidden", lang),
                tr("cp.plague.cards", lang, n=p.get("hand_size", 0))]
        imps = [plague_card_name(c) for c in p.get("improvements") or []]
        if imps:
            bits.append(", ".join(imps))
        if p.get("out"):
            bits.append(tr("cp.plague.out", lang))
        if p.get("last_chance"):
            bits.append(tr("cp.plague.last_chance", lang))
        title = tr("cp.you_seat", lang, seat=s) if s == seat else s
        players.append(PlayerLine(s, title, " · ".join(bits), acting=s in waiting, out=bool(p.get("out"))))
    act = ""
    a = view.get("act")
    if isinstance(a, Mapping):
        target = a.get("target") or ""
        act = tr("cp.plague.act_line", lang, seat=a.get("seat", "?"), card=plague_card_name(str(a.get("card", ""))),
                 target=target or "—")
        if a.get("cancelled"):
            act += " · " + tr("cp.plague.cancelled", lang)
    rolls = [r for r in view.get("rolls") or [] if isinstance(r, Mapping)]
    dice = [plague_roll(r, lang) for r in reversed(rolls[-dice_shown:])]
    deck = view.get("deck") or {}
    deck_line = tr("cp.plague.deck", lang, pile=deck.get("pile", "?"), discard=len(deck.get("discard") or []))
    private = None
    if seat != TABLE and seat in (view.get("seats") or []):
        own = next((p for p in view.get("players") or [] if isinstance(p, Mapping) and p.get("seat") == seat), {})
        hidden = bool((view.get("options") or {}).get("hidden_population"))
        private = PlaguePrivate([plague_card(c, lang) for c in view.get("hand") or []],
                                own.get("population") if hidden else None)
    return PlagueBoard(counters, plague_todo(view, lang, seat), act, players, dice, deck_line, private)
