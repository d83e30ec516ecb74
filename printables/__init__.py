"""tablekeeper's print shop: print-ready PDF sheets of QR-tagged tokens and cards from the catalogue.

``build(set_name, Options(...)) -> Result`` (``.pdf`` bytes, ``.pages``, ``.codes``, ``.manifest()``);
``SETS`` names the sets; ``tablekeeper print`` is the command line (:mod:`printables.cli`).
"""

from .render import Options, Placed, Result
from .sets import SETS, PrintError, build, list_sets

__all__ = ["SETS", "Options", "Placed", "PrintError", "Result", "build", "list_sets"]
