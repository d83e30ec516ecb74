"""Rattus: what a token's sticker or a printed card shown to the camera means now (``GameUI.shown``).

- A **rat token's sticker** while a token is to be turned over (a ravage, the Crusader, the final plague), on
  the table tablet or the acting player's device: its face known to the box profile, the token is turned over
  (several tokens of the region shown at once: turned over together, in the order seen); its face unknown,
  the face prompt opens with that token (its face then takes two or three taps). The sticker is on the
  token's face: showing it shows the face, so nothing is asked first.
- A **class card** (``RCL:n``) or a **Pied Piper character card** (``RPP:nn``) while taking it is legal: taken
  (the Baker with cubes on it: where they go is chosen); when it is not, the reason is said.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.events import TABLE
from engine.games.rattus.characters import CHARACTERS

from ..i18n import pairs
from ..shown import Moment, Shown, choice_text

TEXTS: dict[str, tuple[str, str]] = {
    "turned": ("{tokens} retourné(s) en {region}", "{tokens} turned over in {region}"),
    "face": (
        "{token} : sa face n'est pas connue — touchez sa valeur limite et ses symboles ci-dessus.",
        "{token}: its face is not known — tap its limit and its symbols above.",
    ),
    "where": (
        "{token} : dans quelle région ? Choisissez ci-dessus.",
        "{token}: in which region? Choose above.",
    ),
    "revealed": ("{token} est déjà retourné.", "{token} is already turned over."),
    "no_flip": (
        "{token} : aucun jeton à retourner maintenant.",
        "{token}: no token is to be turned over now.",
    ),
    "others": ("{token} : c'est {who} qui retourne les jetons.", "{token}: {who} turns the tokens over."),
    "or_table": ("{who} ou la table", "{who} or the table"),
    "refused": ("{token} : {why}", "{token}: {why}"),
    "taken": ("{card} ✓", "{card} ✓"),
    "baker": (
        "{card} : où vont ses cubes ? Choisissez ci-dessus.",
        "{card}: where do its cubes go? Choose above.",
    ),
    "two_cards": ("Une seule carte par tour : choisissez ci-dessus.", "One card a turn: choose above."),
    "not_in_game": (
        "{card} n'est pas un personnage de cette partie.",
        "{card} is not a character of this game.",
    ),
    "held": ("Vous avez déjà {card}.", "You already hold {card}."),
    "one_card": (
        "{card} : vous avez déjà pris une carte ce tour-ci.",
        "{card}: you already took a card this turn.",
    ),
    "not_now": ("{card} : on ne peut pas la prendre maintenant.", "{card}: it cannot be taken now."),
}
t = pairs(TEXTS)

_BY_COMPONENT = {c.component: c for c in CHARACTERS.values()}


def shown(m: Moment) -> Shown | None:
    rats = [c for c in m.fresh if c.startswith("RAT:")]
    if rats:
        return _tokens(m, rats)
    cards = [c for c in m.fresh if c in _BY_COMPONENT]
    if cards:
        return _cards(m, cards)
    return None


def _tokens(m: Moment, rats: list[str]) -> Shown:
    view, lang, seat = m.snap.view, m.lang, m.snap.seat
    used = tuple(rats)
    to = view.get("turn_over")
    first = rats[0]
    if not isinstance(to, Mapping) or not to.get("regions"):
        return Shown(say=t("no_flip", lang, token=first), used=used)
    by = [str(s) for s in to.get("by") or []]
    if seat != TABLE and seat not in by:
        who = ", ".join(m.names.get(s) or s for s in by)
        return Shown(say=t("others", lang, token=first, who=t("or_table", lang, who=who)), used=used)
    revealed = {str(r.get("token")) for r in view.get("revealed") or [] if isinstance(r, Mapping)}
    send: list[dict[str, Any]] = []
    offer: list[dict[str, Any]] = []
    unknown: list[str] = []
    said: list[str] = []
    for tid in rats:
        flips = [
            c.intent
            for c in m.choices
            if c.intent.get("type") == "FlipToken" and c.intent.get("token") == tid
        ]
        if len(flips) == 1:
            send.append(flips[0])
        elif flips:  # a token nobody located (final plague): in which of the regions left
            offer.extend(flips)
        elif tid in revealed:
            said.append(t("revealed", lang, token=tid))
        else:
            unknown.append(tid)
    if offer and not send:
        return Shown(offer=tuple(offer), say=t("where", lang, token=first), used=used)
    if send:
        regions = sorted({str(i.get("region")) for i in send})
        text = t(
            "turned", lang, tokens=", ".join(str(i.get("token")) for i in send), region=", ".join(regions)
        )
        if unknown:
            text += " · " + t("face", lang, token=unknown[0])
        return Shown(send=tuple(send), prompt={"sticker": unknown[0]} if unknown else {}, say=text, used=used)
    if unknown:
        return Shown(prompt={"sticker": unknown[0]}, say=t("face", lang, token=unknown[0]), used=used)
    return Shown(say=" ".join(said), used=used)


def _cards(m: Moment, cards: list[str]) -> Shown:
    view, lang, seat = m.snap.view, m.lang, m.snap.seat
    used = tuple(cards)
    takes: list[dict[str, Any]] = []
    why: list[str] = []
    for cid in cards:
        ch = _BY_COMPONENT[cid]
        name = ch.en if lang == "en" else ch.fr
        mine = [
            c.intent
            for c in m.choices
            if c.intent.get("type") == "TakeCard" and c.intent.get("card") == ch.key
        ]
        if mine:
            takes.extend(mine)
            continue
        in_play = view.get("cards") or {}
        if ch.key not in in_play:
            why.append(t("not_in_game", lang, card=name))
        elif (in_play.get(ch.key) or {}).get("holder") == seat:
            why.append(t("held", lang, card=name))
        elif view.get("took_card"):
            why.append(t("one_card", lang, card=name))
        else:
            why.append(t("not_now", lang, card=name))
    if not takes:
        return Shown(say=" ".join(why), used=used)
    cards_taken = {str(i.get("card")) for i in takes}
    if len(takes) == 1:
        return Shown(send=(takes[0],), say=t("taken", lang, card=choice_text(m, takes[0])), used=used)
    if len(cards_taken) == 1:  # the Baker holding cubes: where they go
        ch = CHARACTERS[next(iter(cards_taken))]
        return Shown(
            offer=tuple(takes), say=t("baker", lang, card=ch.en if lang == "en" else ch.fr), used=used
        )
    return Shown(offer=tuple(takes), say=t("two_cards", lang), used=used)


__all__ = ["shown"]
