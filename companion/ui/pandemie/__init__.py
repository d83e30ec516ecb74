"""Pandémie: its screens (board part: :mod:`.screen`) and what its new-table form asks (:mod:`.options`)."""

from .options import GROUP_TITLES, OPTION_SPECS, TITLE
from .screen import board

__all__ = ["GROUP_TITLES", "OPTION_SPECS", "TITLE", "board"]
