"""Board geometry: where each place of a drawn board goes, one source for the screen and for print.

:mod:`.geometry` holds the generic layout (coordinates or a seeded computed layout, a de-overlap pass,
label placement); :mod:`.pandemie` and :mod:`.rattus` turn a province or a Rattus box profile into a
:class:`~.geometry.Board`.
"""

from .geometry import Board, Label, Place, Segment, Stub

__all__ = ["Board", "Label", "Place", "Segment", "Stub"]
