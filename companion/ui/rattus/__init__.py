"""Rattus: its screens, declared as :data:`UI` (:class:`companion.ui.gameui.GameUI`): the board part as text
(:mod:`.screen`) under its drawn map (:mod:`.board_map`), the cubes' picker and the cards' rules
(:mod:`.picker`), the face of a real token turned over (:mod:`.prompt`), the end in sentences
(:mod:`.outcome`), the new-table form (:mod:`.options`) and its box profile panel (:mod:`.profile_panel`)."""

from ..gameui import GameUI
from . import board_map, picker, prompt, shown
from .options import GROUP_TITLES, OPTION_SPECS, TITLE
from .outcome import outcome_lines
from .profile_panel import RattusProfilePanel
from .screen import board

UI = GameUI(
    name="rattus",
    title=TITLE,
    option_specs=OPTION_SPECS,
    group_titles=GROUP_TITLES,
    board=board,
    map=board_map.draw,
    outcome_lines=outcome_lines,
    prompt=prompt.prompt,
    pickers=picker.pickers,
    card_rule=picker.card_rule,
    scan_example="RAT:07",
    components=("rattus", "piper"),  # the Pied Piper expansion's characters play in Rattus
    profile_panel=RattusProfilePanel,
    shown=shown.shown,  # what a component shown to the camera means now
)

__all__ = ["UI"]
