"""What a component shown to the camera (or typed) means now: each game says it, the screen acts on it.

A game declares ``shown`` in its :class:`~companion.ui.gameui.GameUI`: given the :class:`Moment` (the
components shown since the game last moved, the acting seat's snapshot), it answers a :class:`Shown` — intents
to send (one, or several that act together: a region's tokens turned over), a short list to choose from, a
place of the board to open as a tap on it would (several places: listed, the one tapped is opened), the game's
prompt to open with a component filled in, a question asked once before acting (it reveals hidden
information), or what to say (a count still short, why nothing happens).
``None`` leaves it to :func:`companion.ui.meaning.generic`: the one legal choice naming the component is
played, several are offered, none is said.

No Flet here: the meanings are unit-tested against real game states (``tests/app/test_app_shown.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import catalogue
from engine.core import codes

from ..session import Choice, Snapshot
from . import model
from .i18n import DEFAULT_LANG, pairs

TEXTS: dict[str, tuple[str, str]] = {
    "done": ("{what} ✓", "{what} ✓"),
    "choose": ("{what} : choisissez ci-dessus.", "{what}: choose above."),
    "several": (
        "{n} pièces vues : choisissez ci-dessus ce qu'elles font.",
        "{n} pieces seen: choose above what they do.",
    ),
    "foreign": ("Pas un code tablekeeper : {raw}", "Not a tablekeeper code: {raw}"),
    "damaged": ("Code abîmé ou mal lu : {raw}", "Damaged or misread code: {raw}"),
    "join": ("QR code pour rejoindre une table", "A table's join QR code"),
    "tag.foreign": ("code étranger", "foreign code"),
    "tag.damaged": ("code abîmé", "damaged code"),
    "tag.join": ("QR de table", "table's QR"),
}
t = pairs(TEXTS)


@dataclass(frozen=True)
class Moment:
    """What a game is asked about: the components shown at this moment of the game."""

    ids: tuple[str, ...]  # every component of this game shown since the game last moved, in order first seen
    fresh: tuple[str, ...]  # those that have just appeared (a subset of ``ids``)
    snap: Snapshot  # the acting seat's snapshot (its view and its choices)
    lang: str = DEFAULT_LANG
    names: Mapping[str, str] = field(default_factory=dict)  # seat → the player's name

    @property
    def choices(self) -> list[Choice]:
        return self.snap.choices


@dataclass(frozen=True)
class Shown:
    """What the shown components mean now (see the module's docstring). Empty: nothing to do, ``say`` says
    why."""

    send: tuple[dict[str, Any], ...] = ()  # played in this order (several: acting together)
    offer: tuple[dict[str, Any], ...] = ()  # the player chooses one of these (one tap)
    confirm: str = ""  # asked once before ``send`` is played (it reveals hidden information)
    place: tuple[str, str] | None = None  # (key, name): a place of the board, opened as a tap on it
    places: tuple[tuple[str, str], ...] = ()  # several places seen at once: listed, the one tapped is opened
    prompt: Mapping[str, str] = field(default_factory=dict)  # the game's prompt opened with these filled in
    say: str = ""  # the line under the video: what was done, what is still awaited, why nothing
    used: tuple[str, ...] = ()  # the components this meaning takes (not acted on again while in view)
    wait: bool = False  # more components are awaited: what was shown stays counted

    @property
    def acts(self) -> bool:
        return bool(self.send or self.offer or self.place or self.places or self.prompt)


ShownFn = Callable[[Moment], Shown | None]


def tag(cid: str, lang: str = DEFAULT_LANG) -> str:
    """A component as its outline on the video names it, short: a card by its name (``Sorcière``, ``Paysan``,
    a city), a token or a spare code by its id."""
    try:
        comp = catalogue.get(cid)
    except catalogue.CatalogueError:
        comp = None
    if comp is None or comp.kind in ("rat-token", "spare"):
        return cid
    a = comp.attrs
    name = str(a.get("name_en") or a.get("english") or comp.name) if lang == "en" else comp.name
    return name.split(" (")[0]  # "Paysan (Paysannerie)": its person says its class


def choice_text(m: Moment, intent: Mapping[str, Any]) -> str:
    """The label of the listed choice ``intent`` (as its button says it)."""
    for c in m.choices:
        if c.intent == intent:
            return model.choice_label(c, m.lang)
    return model.humanize_type(str(intent.get("type", "?")))


def code_kind(raw: str, reason: str = "") -> str:
    """What a code that is no component of ours is (:func:`engine.core.codes.kind_of`): ``damaged`` (ours by
    its form, its check or id wrong), ``join`` (a table's join code or a host's join address) or
    ``foreign``."""
    kind = codes.kind_of(raw, None, reason or codes.parse(raw.strip()).reason)
    return codes.FOREIGN if kind == codes.COMPONENT else kind


def not_ours(raw: str, lang: str, reason: str = "") -> tuple[str, str]:
    """(the line said, the short tag drawn on the outline) for a code that is no component of ours."""
    one = " ".join(raw.split())
    shown = one if len(one) <= 48 else one[:47] + "…"
    kind = code_kind(raw, reason)
    if kind == "join":
        return t("join", lang), t("tag.join", lang)
    return t(kind, lang, raw=shown), t(f"tag.{kind}", lang)


def known(cid: str) -> bool:
    try:
        return catalogue.get(cid) is not None
    except catalogue.CatalogueError:
        return False


def ordered(ids: Sequence[str]) -> tuple[str, ...]:
    """``ids`` once each, in order."""
    out: list[str] = []
    for x in ids:
        if x not in out:
            out.append(x)
    return tuple(out)


__all__ = ["Moment", "Shown", "ShownFn", "choice_text", "not_ours", "ordered", "tag"]
