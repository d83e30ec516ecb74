"""Rattus Cartus: its screens, declared as :data:`UI` (:class:`companion.ui.gameui.GameUI`): the board part
(:mod:`.screen`, its view model :mod:`.model`), the supports' and entries' steppers and the choices' labels
(:mod:`.picker`), the reveals' and final hands' counts (:mod:`.counts`), the score sheet in words
(:mod:`.outcome`), the new-table form (:mod:`.options`)."""

from ..gameui import GameUI
from . import counts, picker, shown
from .options import GROUP_TITLES, OPTION_SPECS, TITLE
from .outcome import outcome_lines
from .screen import board

UI = GameUI(
    name="cartus",
    title=TITLE,
    option_specs=OPTION_SPECS,
    group_titles=GROUP_TITLES,
    board=board,
    outcome_lines=outcome_lines,
    pickers=picker.pickers,
    label=picker.label,
    same_choice=counts.same_choice,  # a reveal or a final hand counted with steppers
    scan_example="RCC:B:PAL1",
    names_components=True,  # a building by its name
    shown=shown.shown,  # what a component shown to the camera means now
)

__all__ = ["UI"]
