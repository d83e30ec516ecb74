"""Rattus: its screens (board part: :mod:`.screen`, the box profile panel: :mod:`.profile_panel`) and what its new-table form asks (:mod:`.options`)."""

from .options import GROUP_TITLES, OPTION_SPECS, TITLE
from .screen import board

__all__ = ["GROUP_TITLES", "OPTION_SPECS", "TITLE", "board"]
