"""tablekeeper's eyes: read QR-tagged tokens and cards from a camera, many at once, steadily.

``read(frame)`` → every code in a numpy BGR (or greyscale) frame as :class:`Read` (component id from the
catalogue, or foreign with its raw text; corners; confidence). ``read_bytes`` / ``read_file`` for encoded
images, ``frames(source)`` for cameras, videos, files and byte streams, ``Steady(k, n)`` to turn a stream
of reads into appeared/gone changes, ``Reader(isolated=True)`` to decode in a crash-proof worker.
"""

from .reader import Read, Reader, identify, read
from .sources import SourceError, decode_bytes, frames, load_image, read_bytes, read_file
from .steady import Change, Steady

__all__ = [
    "Change",
    "Read",
    "Reader",
    "SourceError",
    "Steady",
    "decode_bytes",
    "frames",
    "identify",
    "load_image",
    "read",
    "read_bytes",
    "read_file",
]
