"""The wire protocol between a host and its devices: a PAKE on the PIN, then encrypted frames.

Handshake (text frames; nothing about the table travels before it succeeds)::

    host   -> device  Challenge(proto, salt)
    device -> host    Pake(msg = SPAKE2 message A)            (first time: on the PIN)
                   or Return(handle, msg = SPAKE2 message A)  (a device that proved the PIN before)
    host   -> device  Pake(msg = SPAKE2 message B)
    device -> host    [encrypted] Hello(seat, since, device token, name)     <- key confirmation
    host   -> device  [encrypted] Welcome(...) or Refused(...)

A device that proved the PIN once is remembered by the host (its save file): it comes back with a key of
its own, derived from its secret device token (:func:`return_key`), under a public handle
(:func:`return_handle`). That return is a SPAKE2 on a 256-bit key: nothing to guess, so it does not go
through the PIN budgets, and a stranger guessing PINs never keeps a joined device out; it works after a
host restart and after the host chose a new PIN.

Both sides run SPAKE2 (the ``spake2`` package, as magic-wormhole does) with the password
``w = scrypt(PIN, salt)``; the host keeps only ``w`` (a verifier), never the PIN. SPAKE2 gives both the
same key only when both used the same ``w``; an eavesdropper, or a device that guessed wrong, learns
nothing that lets it test PINs offline: each online attempt tests one PIN. The first encrypted frame
is the device's key confirmation: the host does the same work for a right and a wrong PIN until it
tries to open that frame.

Every later message is a binary frame ``ChaCha20-Poly1305(key_dir, nonce = counter, JSON body)``: one
key per direction (HKDF from the SPAKE2 key and the transcript) and an implicit counter that must be
exactly the next one, so a frame replayed, reordered, altered or taken from another connection or the
other direction never opens.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any
from urllib.parse import quote

import msgspec
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from spake2 import SPAKE2_A, SPAKE2_B
from spake2.spake2 import SPAKEError

from companion.session import Snapshot
from companion.sync.patch import SnapshotPatch

PROTO = 3
SERVICE_TYPE = "_tablekeeper._tcp.local."
MAX_MESSAGE = 1 << 20  # 1 MiB: bigger frames are refused by websockets (close code 1009)
MAX_HANDSHAKE = 4096  # a handshake message longer than this is refused
SCRYPT = {"n": 1 << 14, "r": 8, "p": 1}
ID_DEVICE = b"tablekeeper-device"
ID_HOST = b"tablekeeper-host"
TOKEN_BYTES = 32  # a device token: 32 random bytes, as hex
MAX_TEXT = 300  # a refusal message longer than this is cut


class ProtocolError(Exception):
    """A message that is malformed, not authentic, replayed or out of place. ``rule`` names why."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


# -- handshake (plain) ------------------------------------------------------------------------------
class Challenge(msgspec.Struct, tag="challenge", tag_field="type", frozen=True):
    proto: int
    salt: str


class Pake(msgspec.Struct, tag="pake", tag_field="type", frozen=True):
    msg: str  # hex


class Return(msgspec.Struct, tag="return", tag_field="type", frozen=True):
    """A device that proved the PIN before: SPAKE2 on its own key (:func:`return_key`)."""

    handle: str  # hex: which device's key the host uses (:func:`return_handle`)
    msg: str  # hex


class Refused(msgspec.Struct, tag="refused", tag_field="type", frozen=True):
    rule: str
    message: str


# -- encrypted messages -----------------------------------------------------------------------------
class Hello(msgspec.Struct, tag="hello", tag_field="type", frozen=True):
    seat: str
    since: int
    device: str  # the device's secret token (hex); its hash names the device at this table
    name: str = ""  # the player's name for this seat, when they typed one


class Welcome(msgspec.Struct, tag="welcome", tag_field="type", frozen=True):
    table_id: str
    table_name: str
    game: str
    seat: str
    seats: list[str]


class WireEntry(msgspec.Struct, frozen=True):
    seq: int
    action: int
    event: msgspec.Raw  # the event as this seat may see it (engine.core.project), JSON


class Update(msgspec.Struct, tag="update", tag_field="type", frozen=True):
    seq: int  # the table's last sequence number this update covers
    entries: list[WireEntry]
    snapshot: Snapshot | None = None  # the whole snapshot (a connection's first update) ...
    patch: SnapshotPatch | None = None  # ... or what changed since the last one (companion.sync.patch)


class Act(msgspec.Struct, tag="act", tag_field="type", frozen=True):
    id: int  # a request id, unique for this device (random): a re-sent request is applied once
    intent: dict[str, Any]


class UndoRequest(msgspec.Struct, tag="undo", tag_field="type", frozen=True):
    id: int


class Release(msgspec.Struct, tag="release", tag_field="type", frozen=True):
    """The device gives its seat up: another device may take it."""

    id: int


class Reply(msgspec.Struct, tag="reply", tag_field="type", frozen=True):
    id: int
    ok: bool
    rule: str = ""
    message: str = ""


class Error(msgspec.Struct, tag="error", tag_field="type", frozen=True):
    """A message the host (or device) could not accept; the connection goes on."""

    rule: str
    message: str


ToHost = Act | UndoRequest | Release
ToDevice = Welcome | Update | Reply | Error | Refused

_enc = msgspec.json.Encoder()
challenge_decoder = msgspec.json.Decoder(Challenge | Refused)
pake_decoder = msgspec.json.Decoder(Pake | Refused)
opening_decoder = msgspec.json.Decoder(Pake | Return)  # a device's first message, on the host
hello_decoder = msgspec.json.Decoder(Hello)
to_host_decoder = msgspec.json.Decoder(ToHost)
to_device_decoder = msgspec.json.Decoder(ToDevice)


def encode(msg: Any) -> bytes:
    return _enc.encode(msg)


# -- secrets ----------------------------------------------------------------------------------------
def new_salt() -> str:
    return secrets.token_hex(16)


def new_device_token() -> str:
    return secrets.token_hex(TOKEN_BYTES)


def device_id(token: str) -> str:
    """The name a device has at a table: a hash of its secret token (the token never leaves the host's
    RAM)."""
    return hashlib.sha256(b"tk-device\x00" + token.encode("ascii", "replace")).hexdigest()[:32]


def return_handle(token: str) -> str:
    """The public name under which a device that proved the PIN comes back (32 hex characters)."""
    return hashlib.sha256(b"tk-handle\x00" + token.encode("ascii", "replace")).hexdigest()[:32]


def return_key(token: str) -> bytes:
    """The secret a device that proved the PIN comes back with (the host keeps it in its save file)."""
    return hashlib.sha256(b"tk-return\x00" + token.encode("ascii", "replace")).digest()


MAX_REQUEST_ID = (1 << 63) - 1  # request ids are 1 .. 2^63-1 (what SQLite keeps)


def check_handle(handle: str) -> bool:
    return isinstance(handle, str) and len(handle) == 32 and all(c in "0123456789abcdef" for c in handle)


def check_token(token: str) -> bool:
    return (
        isinstance(token, str)
        and len(token) == 2 * TOKEN_BYTES
        and all(c in "0123456789abcdef" for c in token)
    )


def pin_verifier(pin: str, salt: str) -> bytes:
    """``scrypt(PIN, salt)``: what the host keeps, and the SPAKE2 password of both sides."""
    return hashlib.scrypt(pin.encode("utf-8"), salt=bytes.fromhex(salt), dklen=32, **SCRYPT)


def decode_hex(text: str, what: str) -> bytes:
    try:
        return bytes.fromhex(text)
    except (ValueError, TypeError):
        raise ProtocolError("malformed", f"{what} is not hex") from None


def new_pin() -> str:
    return f"{secrets.randbelow(10**6):06d}"


def check_pin(pin: str) -> str:
    pin = str(pin).strip()
    if not (4 <= len(pin) <= 16) or not pin.isalnum():
        raise ValueError("the table PIN must be 4 to 16 letters or digits")
    return pin


def readable_quote(text: str) -> str:
    """A query value that a person can read and type: letters (accented too) as they are, a space as ``+``
    (a code is one word: selected, scanned and pasted whole), only what a query would misread escaped
    (``Soirée chez Léa & co`` → ``Soirée+chez+Léa+%26+co``)."""
    return "".join(
        "+" if c == " " else c if c.isprintable() and c not in "%&#+=?/\\" else quote(c, safe="")
        for c in text
    )


def cut(text: object, n: int = MAX_TEXT) -> str:
    """``text`` cut to ``n`` characters (what a refusal or a log says of what a device sent)."""
    text = str(text)
    return text if len(text) <= n else text[: n - 1] + "…"


class Pairing:
    """One side of a SPAKE2 exchange: :meth:`start` gives our message, :meth:`finish` the channel."""

    def __init__(self, verifier: bytes, side: str) -> None:
        cls = SPAKE2_A if side == "device" else SPAKE2_B
        self.side = side
        self._s = cls(verifier, idA=ID_DEVICE, idB=ID_HOST)
        self.msg = self._s.start()

    def finish(self, theirs: bytes) -> Channel:
        try:
            key = self._s.finish(theirs)
        except (SPAKEError, ValueError, TypeError, AssertionError) as exc:
            raise ProtocolError("malformed", f"not a SPAKE2 message ({type(exc).__name__})") from None
        a, b = (self.msg, theirs) if self.side == "device" else (theirs, self.msg)
        transcript = hashlib.sha256(b"tk2\x00" + a + b"\x00" + b).digest()
        up, down = _hkdf(key, transcript, b"tk2 device->host"), _hkdf(key, transcript, b"tk2 host->device")
        return (
            Channel(send_key=up, recv_key=down)
            if self.side == "device"
            else Channel(send_key=down, recv_key=up)
        )


def _hkdf(key: bytes, salt: bytes, info: bytes) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=salt, info=info).derive(key)


class Channel:
    """Seals outgoing and opens incoming frames of one connection (one key and counter per direction)."""

    def __init__(self, send_key: bytes, recv_key: bytes) -> None:
        self.recv_key = recv_key  # this device's own secret (tests read their own bytes back with it)
        self._send = ChaCha20Poly1305(send_key)
        self._recv = ChaCha20Poly1305(recv_key)
        self._sent = 0
        self._received = 0

    def seal(self, msg: Any) -> bytes:
        self._sent += 1
        return self._send.encrypt(self._sent.to_bytes(12, "big"), encode(msg), None)

    def open(self, frame: bytes | str) -> bytes:
        """The JSON body of an authentic, fresh frame; raises :class:`ProtocolError` otherwise."""
        if isinstance(frame, str):
            raise ProtocolError(
                "unauthenticated", "text frame after the handshake (frames must be encrypted)"
            )
        if len(frame) < 16:
            raise ProtocolError("malformed", f"frame of {len(frame)} bytes is shorter than its tag")
        try:
            body = self._recv.decrypt((self._received + 1).to_bytes(12, "big"), frame, None)
        except InvalidTag:
            raise ProtocolError(
                "unauthenticated",
                "frame does not open with this connection's key (wrong PIN, altered or replayed)",
            ) from None
        self._received += 1
        return body
