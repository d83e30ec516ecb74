"""Rattus: its screens (board part: :mod:`.screen`, the box profile panel: :mod:`.profile_panel`) and what its new-table form asks (:mod:`.options`)."""

from ..boards.wrap import with_map
from .options import GROUP_TITLES, OPTION_SPECS, TITLE
from .outcome import outcome_lines
from .screen import board as text_board

board = with_map("rattus", text_board)  # the drawn map on top when the screen gives it a width

__all__ = ["GROUP_TITLES", "OPTION_SPECS", "TITLE", "board", "outcome_lines"]
