"""A game's screens, declared once: :class:`GameUI`, the UI side of :class:`engine.core.game.GameSpec`.

Each game's folder (``companion/ui/<game>/__init__.py``) declares ``UI = GameUI(...)``; :mod:`.games`
registers them in one place. The generic screens ask the registry for a game's title, its option form, its
board, its pickers…, never ``if game == "…"``. Everything but the name and the title is optional: a game
that declares nothing more gets the generic board (every section, list and counter of its view) and plain
buttons for its choices.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import flet as ft

from .boardkit import Renderer
from .model import OptionSpec

if TYPE_CHECKING:
    from .navigator import Navigator
    from .shown import Moment, Shown

Names = Mapping[str, str] | None  # seat → the player's name
# a drawn map above the text board: (view, lang, seat, names, focus, on_place, width, dark, zoom, device)
MapDrawer = Callable[..., ft.Control | None]
# the game's pickers above the plain buttons: (choices, view, lang, names, state, refresh, send, info_button)
# → (the picker controls, the intent kinds they replace)
Pickers = Callable[..., tuple[list[ft.Control], set[str]]]


@dataclass(frozen=True)
class HeaderFacts:
    """What a game adds to the seat screen's header (see :mod:`.header`): empty strings say nothing."""

    actions: str = ""  # "3 actions restantes"
    where: str = ""  # "Vous êtes à Lugdunum (Tribun)"
    awaited: str = ""  # "Gallia : phase de pioche"


class Overview(Protocol):
    """One screen with the whole table at a glance (a laptop or a projector at the leader's side): made once
    per screen, it sees every view of the table in order (what it remembers between them, the last surge
    chain, is its own) and draws the latest."""

    def seen(self, view: Mapping[str, Any]) -> None: ...

    def draw(
        self,
        view: Mapping[str, Any],
        lang: str,
        names: Names,
        presence: Mapping[str, str],
        width: float,
        height: float,
        dark: bool = False,
    ) -> ft.Control:
        """``presence``: seat → ``here`` (its own device is connected), ``away`` (held by a device that is
        not), ``tablet`` (no device holds it: played on a shared tablet), ``none`` (no device at all)."""
        ...


class DifficultyCheck(Protocol):
    """How hard a set-up is, measured by simulation at table creation (:mod:`companion.ui.estimate`)."""

    def play(self, options: dict[str, Any], first: int, count: int, seed: str) -> tuple[int, int]:
        """Games ``first`` … ``first + count - 1`` of ``options`` played by the game's own policy (each
        seeded from ``seed`` and its number): (won, played). Runs in a worker process: a module-level
        function of the game's UI module, so that it can be pickled."""
        ...

    def levers(self, options: dict[str, Any], lang: str) -> list[str]:
        """The options the rules offer to make this set-up easier or harder, in words."""
        ...


class ProfilePanel(Protocol):
    """A part of the new-table screen where the box profile a table uses is chosen (Rattus: the census of the
    rat tokens' faces; Plague & Pestilence: the 2d6 tables)."""

    def render(self) -> ft.Control: ...

    def with_profile(self, options: dict[str, Any]) -> dict[str, Any] | None:
        """``options`` with the chosen profile; None when the table cannot be made without one (said)."""
        ...

    def choose(self, path: Path) -> None:
        """The saved profile at ``path`` chosen (a census just made)."""
        ...

    def defaults(self) -> dict[str, Any]:
        """Options the chosen profile makes likeliest, as the form's first values (Rattus: the hidden bag once
        a census knows every face); empty: the options' own defaults."""
        ...


@dataclass(frozen=True)
class GameUI:
    """Every part of a game the generic screens show.

    - ``board(view, lang, seat, *, names=None, focus="")``: the board part as text (``folds``: it also takes
      ``unfolded`` and ``on_unfold``, the parts a user opened); ``map``: the drawn map above it, when the
      screen gives a width; ``sees(view, seat, focus, unfolded)``: what of a view a page shows (its board,
      its header's facts), so that an update leaving it equal is not drawn again there (default: the whole
      view); ``titles(view, seat, focus, unfolded, lang)``: the titles of the parts a page shows folded, by
      the name the board marks their text with (:func:`companion.ui.memo.mark`), left out of ``sees``: an
      update that changes only those is written into them on the page, with no render;
    - ``header(view, seat, lang, names, focus)``: the game's facts in the header (:class:`HeaderFacts`);
    - ``outcome_lines(outcome, lang, names)``: how the game ended, in sentences;
    - ``prompt(screen, snapshot)``: a part above the choices (Rattus: the face of a real token turned over);
    - ``pickers``: step pickers that replace some plain buttons; ``card_rule(intent, lang)``: the (name, text)
      of the rule reminder beside a choice; ``same_choice(intent, listed)``: whether an intent a picker made
      is the listed choice ``listed`` (default: equal); ``label(intent, lang, names, view)``: a choice's label
      on this device (default: the game's ``describe``);
    - ``codes``: the game's pieces carry our printed codes (False: none to scan — Plague & Pestilence plays
      the box's own cards — and the table screen shows no scan part);
    - ``scan_example``: a component id shown in the scan field's hints; ``components``: the catalogue games
      whose components are this game's (default: its own); ``names_components``: a component is said by its
      catalogue name (a city card by its city), else by its id;
    - ``profile_panel(navigator)``: the new-table screen's box profile panel;
    - ``overview()``: a fresh :class:`Overview` (the leader's screen of the whole table), for games that
      have one; ``difficulty``: its :class:`DifficultyCheck` (the win rate of a set-up, measured).
    - ``shown(moment)``: what the components shown to the camera (or typed) mean now
      (:class:`companion.ui.shown.Shown`), or None to leave it to the generic meaning (the one legal choice
      naming a component is played, several are offered).
    """

    name: str  # the engine game it shows (engine.core.game.GAMES)
    title: Mapping[str, str]  # {"fr": ..., "en": ...}
    option_specs: tuple[OptionSpec, ...] = ()  # the new-table form (anything else: the advanced JSON field)
    group_titles: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # intent kind → its title
    board: Renderer | None = None
    folds: bool = False
    map: MapDrawer | None = None
    sees: Callable[[Mapping[str, Any], str, str, Collection[str]], Any] | None = None
    titles: Callable[[Mapping[str, Any], str, str, Collection[str], str], Mapping[str, str]] | None = None
    header: Callable[[Mapping[str, Any], str, str, Names, str], HeaderFacts] | None = None
    outcome_lines: Callable[[Mapping[str, Any], str, Names], Sequence[str]] | None = None
    prompt: Callable[[Any, Any], ft.Control | None] | None = None
    pickers: Pickers | None = None
    card_rule: Callable[[Mapping[str, Any], str], tuple[str, str] | None] | None = None
    same_choice: Callable[[Mapping[str, Any], Mapping[str, Any]], bool] | None = None
    label: Callable[[Any, str, Names, Mapping[str, Any]], str] | None = None
    codes: bool = True
    scan_example: str = ""
    components: tuple[str, ...] = ()
    names_components: bool = False
    profile_panel: Callable[[Navigator], ProfilePanel] | None = None
    overview: Callable[[], Overview] | None = None
    difficulty: DifficultyCheck | None = None
    shown: Callable[[Moment], Shown | None] | None = None

    def counts(self, catalogue_game: str) -> bool:
        """Whether a component of ``catalogue_game`` is one of this game's pieces."""
        return catalogue_game in (self.components or (self.name,))


__all__ = [
    "DifficultyCheck",
    "GameUI",
    "HeaderFacts",
    "MapDrawer",
    "Names",
    "Overview",
    "Pickers",
    "ProfilePanel",
]
