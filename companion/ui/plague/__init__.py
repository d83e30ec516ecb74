"""Plague & Pestilence: its screens (board part: :mod:`.screen`, view model: :mod:`.model`, the 2d6 profile panel: :mod:`.profile_panel`) and what its new-table form asks (:mod:`.options`)."""

from .options import GROUP_TITLES, OPTION_SPECS, TITLE
from .outcome import outcome_lines
from .screen import board

__all__ = ["GROUP_TITLES", "OPTION_SPECS", "TITLE", "board", "outcome_lines"]
