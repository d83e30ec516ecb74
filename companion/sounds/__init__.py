"""The app's announcement sounds: short WAV files shipped with the package (no network, no CDN).

They are synthesised by :func:`synth` (plain sine tones with a soft envelope, 22 050 Hz, 16-bit mono) and
committed as files beside this module; ``python -m companion.sounds`` writes them again, and a test checks
that the files are exactly what :func:`synth` makes.

- ``turn``: two rising notes (your turn);
- ``alarm``: three falling low notes (Rupture, surge, ravage, plague, war);
- ``reveal``: one short bright note (a rat token revealed);
- ``end``: a four-note arpeggio (the end of the game).
"""

from __future__ import annotations

import io
import math
import struct
import wave
from pathlib import Path

RATE = 22_050
HERE = Path(__file__).resolve().parent

# name -> notes (frequency in Hz, seconds); 0 Hz is a rest
NOTES: dict[str, tuple[tuple[float, float], ...]] = {
    "turn": ((659.25, 0.14), (0, 0.03), (987.77, 0.22)),
    "alarm": ((440.0, 0.16), (0, 0.02), (349.23, 0.16), (0, 0.02), (261.63, 0.30)),
    "reveal": ((1318.5, 0.12),),
    "end": ((523.25, 0.13), (659.25, 0.13), (783.99, 0.13), (1046.5, 0.40)),
}
NAMES = tuple(NOTES)


def synth(name: str) -> bytes:
    """The WAV file of sound ``name`` (deterministic bytes)."""
    if name not in NOTES:
        raise ValueError(f"no sound {name!r}; sounds: {', '.join(NAMES)}")
    frames = bytearray()
    for freq, secs in NOTES[name]:
        n = int(RATE * secs)
        attack, release = int(RATE * 0.01), int(RATE * 0.06)
        for i in range(n):
            env = min(1.0, i / attack if attack else 1.0, (n - i) / release if release else 1.0)
            # a touch of the octave makes small phone speakers audible
            v = (
                0.0
                if freq == 0
                else math.sin(2 * math.pi * freq * i / RATE) + 0.3 * math.sin(4 * math.pi * freq * i / RATE)
            )
            frames += struct.pack("<h", int(round(0.55 * 32767 * env * v / 1.3)))
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(frames))
    return buf.getvalue()


def path(name: str) -> Path:
    """The shipped file of sound ``name``."""
    if name not in NOTES:
        raise ValueError(f"no sound {name!r}; sounds: {', '.join(NAMES)}")
    return HERE / f"{name}.wav"


def data(name: str) -> bytes:
    """The bytes of the shipped sound ``name`` (what the app plays)."""
    return path(name).read_bytes()


def write_all() -> list[Path]:
    out = []
    for name in NAMES:
        p = path(name)
        p.write_bytes(synth(name))
        out.append(p)
    return out
