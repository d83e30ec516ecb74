"""Plague & Pestilence: its screens, declared as :data:`UI` (:class:`companion.ui.gameui.GameUI`): the board
part (:mod:`.screen`, its view model :mod:`.model`), the cards' rules (:mod:`.reminders`), the end in
sentences (:mod:`.outcome`), the new-table form (:mod:`.options`) and the 2d6 profile panel
(:mod:`.profile_panel`)."""

from ..gameui import GameUI
from .options import GROUP_TITLES, OPTION_SPECS, TITLE
from .outcome import outcome_lines
from .profile_panel import PlagueProfilePanel
from .reminders import card_rule
from .screen import board

UI = GameUI(
    name="plague",
    title=TITLE,
    option_specs=OPTION_SPECS,
    group_titles=GROUP_TITLES,
    board=board,
    outcome_lines=outcome_lines,
    card_rule=card_rule,
    profile_panel=PlagueProfilePanel,
    codes=False,  # the box's own cards: nothing printed by the app, nothing to scan
)

__all__ = ["UI"]
