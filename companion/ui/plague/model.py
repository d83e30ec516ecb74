"""What the Plague & Pestilence screens show, as plain data (no Flet; unit-tested).

:func:`plague_board` turns an engine ``view(state, seat)`` into counters, a "what to do now" line, player
lines, dice and (for a player's own device only) the hand and an unhidden own ``population``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.events import TABLE

from ..i18n import tr
from ..model import PlayerLine, say
from ..model import waiting_for as _waiting
from ..model import who_text as _who


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


# -- Plague & Pestilence -----------------------------------------------------------------------------------
PLAGUE_SHOWN = {
    "game",
    "seat",
    "seats",
    "phase",
    "turn",
    "current",
    "stage",
    "waiting_for",
    "players",
    "hand",
    "deck",
    "in_play",
    "act",
    "rolls",
    "options",
    "outcome",
}


def plague_card(card_id: str, lang: str) -> str:
    """``flood-3`` → ``Inondation (Flood) — Les flots…`` (the catalogue's text), else the id."""
    from engine.games.plague.cards import card_types, key_of, name_in

    t = card_types().get(key_of(card_id))
    if t is None:
        return card_id
    return f"{name_in(card_id, lang, printed=True)} — {t.en if lang == 'en' else t.fr}"


def plague_card_name(card_id: str, lang: str) -> str:
    from engine.games.plague.cards import name_in

    return name_in(card_id, lang)


def _tr_or(key: str, lang: str, fallback: str, **kw: Any) -> str:
    try:
        return tr(key, lang, **kw)
    except KeyError:
        return fallback


def plague_todo(view: Mapping[str, Any], lang: str, seat: str, names: Mapping[str, str] | None = None) -> str:
    if view.get("outcome"):
        return tr("cp.over", lang)
    waiting = _waiting(view)
    stage = str(view.get("stage", ""))
    phase = _tr_or(f"cp.plague.phase.{view.get('phase')}", lang, str(view.get("phase", "")))
    if seat in waiting:
        return _tr_or(f"cp.plague.do.{stage}", lang, tr("cp.your_move", lang), phase=phase)
    if waiting:
        return tr(
            "cp.plague.wait",
            lang,
            who=_who(waiting, seat, lang, names),
            what=_tr_or(f"cp.plague.stage.{stage}", lang, stage, phase=phase),
        )
    return ""


def plague_roll(r: Mapping[str, Any], lang: str, names: Mapping[str, str] | None = None) -> str:
    dice = " + ".join(str(d) for d in r.get("dice") or [])
    mod = int(r.get("modifier") or 0)
    if mod:
        dice += f" {'+' if mod > 0 else '−'} {abs(mod)}"
    purpose = str(r.get("purpose", ""))
    what = _tr_or(f"cp.plague.roll.{purpose}", lang, purpose)
    who = say(str(r.get("seat") or "?"), lang, names)
    return (
        f"{who} · {what} : {dice} = {r.get('total', '?')}"
        if lang == "fr"
        else f"{who} · {what}: {dice} = {r.get('total', '?')}"
    )


def plague_board(
    view: Mapping[str, Any], lang: str, seat: str, dice_shown: int = 8, names: Mapping[str, str] | None = None
) -> PlagueBoard:
    waiting = _waiting(view)
    counters = [
        (tr("cp.plague.turn", lang), str(view.get("turn", "—"))),
        (
            tr("cp.phase", lang),
            _tr_or(f"cp.plague.phase.{view.get('phase')}", lang, str(view.get("phase", "—"))),
        ),
        (
            tr("cp.plague.current", lang),
            _who([view["current"]], seat, lang, names) if view.get("current") else "—",
        ),
        (tr("cp.waiting", lang), _who(waiting, seat, lang, names)),
    ]
    players = []
    for p in view.get("players") or []:
        if not isinstance(p, Mapping):
            continue
        s = str(p.get("seat", "?"))
        pop = p.get("population")
        bits = [
            tr("cp.plague.pop", lang, n=pop) if pop is not None else tr("cp.plague.pop_hidden", lang),
            tr("cp.plague.cards", lang, n=p.get("hand_size", 0)),
        ]
        imps = [plague_card_name(c, lang) for c in p.get("improvements") or []]
        if imps:
            bits.append(", ".join(imps))
        if p.get("out"):
            bits.append(tr("cp.plague.out", lang))
        if p.get("last_chance"):
            bits.append(tr("cp.plague.last_chance", lang))
        title = tr("cp.you_seat", lang, seat=say(s, lang, names)) if s == seat else say(s, lang, names)
        players.append(PlayerLine(s, title, " · ".join(bits), acting=s in waiting, out=bool(p.get("out"))))
    act = ""
    a = view.get("act")
    if isinstance(a, Mapping):
        target = a.get("target") or ""
        act = tr(
            "cp.plague.act_line",
            lang,
            seat=a.get("seat", "?"),
            card=plague_card_name(str(a.get("card", "")), lang),
            target=target or "—",
        )
        if a.get("cancelled"):
            act += " · " + tr("cp.plague.cancelled", lang)
    rolls = [r for r in view.get("rolls") or [] if isinstance(r, Mapping)]
    dice = [plague_roll(r, lang, names) for r in reversed(rolls[-dice_shown:])]
    deck = view.get("deck") or {}
    deck_line = tr("cp.plague.deck", lang, pile=deck.get("pile", "?"), discard=len(deck.get("discard") or []))
    private = None
    if seat != TABLE and seat in (view.get("seats") or []):
        own = next(
            (p for p in view.get("players") or [] if isinstance(p, Mapping) and p.get("seat") == seat), {}
        )
        hidden = bool((view.get("options") or {}).get("hidden_population"))
        private = PlaguePrivate(
            [plague_card(c, lang) for c in view.get("hand") or []], own.get("population") if hidden else None
        )
    return PlagueBoard(counters, plague_todo(view, lang, seat, names), act, players, dice, deck_line, private)
