"""Pandémie: its screens, declared as :data:`UI` (:class:`companion.ui.gameui.GameUI`): the board part as text
(:mod:`.screen`) under its drawn map (:mod:`.board_map`), the header's facts (:mod:`.header`), the pickers and
the event cards' rules (:mod:`.picker`), the end in sentences (:mod:`.outcome`), the new-table form
(:mod:`.options`), the leader's overview of every province (:mod:`.overview`), the win rate of a set-up
measured by simulation (:mod:`.difficulty`)."""

from ..gameui import GameUI
from . import board_map, difficulty, header, overview, picker, shown
from .options import GROUP_TITLES, OPTION_SPECS, TITLE
from .outcome import outcome_lines
from .screen import board, titles

UI = GameUI(
    name="pandemie",
    title=TITLE,
    option_specs=OPTION_SPECS,
    group_titles=GROUP_TITLES,
    board=board,
    folds=True,  # a province's folded parts wait until opened
    map=board_map.draw,
    sees=board_map.sees,  # what of a view a province's page shows
    titles=titles,  # the folded provinces' titles, written into the page by themselves
    header=header.facts,
    outcome_lines=outcome_lines,
    pickers=picker.pickers,
    card_rule=picker.card_rule,
    same_choice=picker.same_choice,
    scan_example="PC:G01",
    names_components=True,  # a city card by its city
    overview=overview.overview,
    difficulty=difficulty,
    shown=shown.shown,  # what a component shown to the camera means now
)

__all__ = ["UI"]
