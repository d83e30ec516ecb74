"""Rattus Cartus: what cards shown to the camera mean now (``GameUI.shown``).

- At a **reveal** (phase D, the seat's building resolving): every card shown since the reveal began counts
  toward it — a population card of the building's class as *of the class*, of another class as *other*, a
  joker, a sword, a flute — one at a time or all at once. Once as many are counted as the seat put face down,
  the one reveal with those counts is played after one confirmation (it shows what was hidden); until then the
  line says how many are counted and of what.
- At the **end**, a hand shown counts it the same way (population cards and jokers together, swords, flutes,
  passes, gold): once the count is the hand's size, the declaration is played after one confirmation. On the
  table tablet, which can declare for every player, the hand is offered for each player still to declare.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games.cartus import data as D

from ..i18n import pairs
from ..shown import Moment, Shown, choice_text

TEXTS: dict[str, tuple[str, str]] = {
    "counted": ("{n} / {of} carte(s) : {what}", "{n} / {of} card(s): {what}"),
    "too_many": (
        "{n} cartes montrées pour {of} posée(s) : retirez celles qui n'en sont pas.",
        "{n} cards shown for {of} put down: take away those that are not.",
    ),
    "no_match": (
        "Ces cartes ({what}) ne forment pas un dévoilement possible ici.",
        "These cards ({what}) are no reveal possible here.",
    ),
    "not_counted": ("{cards} ne compte pas ici.", "{cards} does not count here."),
    "confirm": ("{what} ?", "{what}?"),
    "whose": ("Main de qui ? Choisissez ci-dessus.", "Whose hand? Choose above."),
    "matching": ("{n} de la classe", "{n} of the class"),
    "other": ("{n} autre(s)", "{n} other(s)"),
    "jokers": ("{n} joker(s)", "{n} joker(s)"),
    "swords": ("{n} épée(s)", "{n} sword(s)"),
    "flutes": ("{n} flûte(s)", "{n} flute(s)"),
    "passes": ("{n} laissez-passer", "{n} pass(es)"),
    "gold": ("{n} or", "{n} gold"),
    "pop_jokers": ("{n} carte(s) Population ou Joker", "{n} population or joker card(s)"),
}
t = pairs(TEXTS)

_SPECIAL = {"EPE": "swords", "FLU": "flutes", "LP": "passes", "OR": "gold"}


def _kind(cid: str) -> str:
    """``population:<class>``, ``joker``, ``swords``, ``flutes``, ``passes``, ``gold`` or "" (no count)."""
    if cid.startswith("RCC:P:"):
        return "population:" + D.class_of_population(cid)
    if cid.startswith("RCC:J:"):
        return "joker"
    if cid.startswith("RCC:S:"):
        code = cid[len("RCC:S:") :].rstrip("0123456789")
        return _SPECIAL.get(code, "")
    return ""


def _what(counts: Mapping[str, int], lang: str) -> str:
    return ", ".join(t(k, lang, n=n) for k, n in counts.items() if n) or "0"


def shown(m: Moment) -> Shown | None:
    types = {str(c.intent.get("type")) for c in m.choices}
    ours = [c for c in m.ids if c.startswith("RCC:")]
    if not ours or not m.fresh:
        return None
    if "Reveal" in types:
        return _reveal(m, ours)
    if "DeclareHand" in types:
        return _hand(m, ours)
    return None


def _reveal(m: Moment, ids: list[str]) -> Shown:
    prompt = m.snap.view.get("prompt") or {}
    row = m.snap.view.get("row") or []
    b = prompt.get("building")
    cls = str(row[b].get("class")) if isinstance(b, int) and 0 <= b < len(row) else ""
    need = int(prompt.get("cards") or 0)
    counts = {"matching": 0, "other": 0, "jokers": 0, "swords": 0, "flutes": 0}
    loose: list[str] = []
    for cid in ids:
        k = _kind(cid)
        if k.startswith("population:"):
            counts["matching" if k.endswith(":" + cls) else "other"] += 1
        elif k == "joker":
            counts["jokers"] += 1
        elif k in ("swords", "flutes"):
            counts[k] += 1
        else:
            loose.append(cid)
    return _counted(
        m, counts, need, loose, lambda i: all(i.get(k, 0) == n for k, n in counts.items()), "Reveal"
    )


def _hand(m: Moment, ids: list[str]) -> Shown:
    counts = {"pop_jokers": 0, "swords": 0, "flutes": 0, "passes": 0, "gold": 0}
    loose: list[str] = []
    for cid in ids:
        k = _kind(cid)
        if k.startswith("population:") or k == "joker":
            counts["pop_jokers"] += 1
        elif k in counts:
            counts[k] += 1
        else:
            loose.append(cid)
    declares = [c.intent for c in m.choices if c.intent.get("type") == "DeclareHand"]
    sizes = {sum(int(i.get(k, 0)) for k in counts) for i in declares}
    need = (
        max(sizes) if len(sizes) == 1 else sum(counts.values())
    )  # players' hands of several sizes: as shown
    return _counted(
        m, counts, need, loose, lambda i: all(int(i.get(k, 0)) == n for k, n in counts.items()), "DeclareHand"
    )


def _counted(m: Moment, counts: dict[str, int], need: int, loose: list[str], fits: Any, kind: str) -> Shown:
    lang = m.lang
    n = sum(counts.values())
    used = tuple(m.fresh)
    extra = t("not_counted", lang, cards=", ".join(loose)) if any(c in m.fresh for c in loose) else ""
    if n < need:
        say = t("counted", lang, n=n, of=need, what=_what(counts, lang))
        return Shown(say=f"{say} · {extra}" if extra else say, used=used, wait=True)
    if n > need:
        return Shown(say=t("too_many", lang, n=n, of=need), used=used, wait=True)
    found = [c.intent for c in m.choices if c.intent.get("type") == kind and fits(c.intent)]
    if not found:
        return Shown(say=t("no_match", lang, what=_what(counts, lang)), used=used, wait=True)
    if len(found) > 1:  # the table declaring: whose hand it is
        return Shown(offer=tuple(found), say=t("whose", lang), used=used)
    what = choice_text(m, found[0])
    return Shown(send=(found[0],), confirm=t("confirm", lang, what=what), say=what, used=used)


__all__ = ["shown"]
