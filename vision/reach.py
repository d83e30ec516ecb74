"""How far from a camera a printed code still reads: a camera model and the floor vision reads down to.

Measured on our own printed sheets, rendered and photographed by :mod:`vision.synth` (``python -m
benchmarks.vision --printed-only``): from a 1280×720 frame 67° across, with pieces flat on the table,
tilted up to 20° and slightly out of focus, vision reads at least 90% of the codes down to about
:data:`PX_PER_MODULE` pixels per module, for every printed size (poker and mini cards, rat tokens,
stickers, the board's codes: 1.34–1.45 px). So a code reads up to ``focal length × module ÷ 1.4`` away.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

PX_PER_MODULE = 1.4  # vision reads ≥ 90% of our printed codes down to this (measured, see above)


@dataclass(frozen=True)
class Camera:
    """A camera looking down at the table: its frame (height, width) and horizontal field of view (a phone's
    main camera: 65-70°)."""

    size: tuple[int, int] = (720, 1280)
    hfov_deg: float = 67.0

    @property
    def focal_px(self) -> float:
        return self.size[1] / 2 / math.tan(math.radians(self.hfov_deg) / 2)

    def px_per_mm(self, distance_mm: float) -> float:
        """Pixels per millimetre of the table at ``distance_mm`` from the lens."""
        return self.focal_px / distance_mm

    def reach_mm(self, module_mm: float, px_per_module: float = PX_PER_MODULE) -> float:
        """How far a code of ``module_mm`` modules still has ``px_per_module`` pixels per module."""
        return self.focal_px * module_mm / px_per_module


PHONE_720P = Camera()  # a phone's (or a browser's) 720p stream


def reach_cm(module_mm: float, camera: Camera = PHONE_720P) -> int:
    """The farthest distance, in whole centimetres, at which a code of ``module_mm`` modules reads."""
    return int(camera.reach_mm(module_mm) // 10)
