"""The wire protocol between a host and its devices: handshake, authenticated frames, message types.

Handshake (plain JSON text frames; nothing about the game travels before it succeeds)::

    host   -> device  Challenge(proto, salt, nonce_h)
    device -> host    Hello(proto, seat, since, client, nonce_d, mac = HMAC(K, "hello" | nonce_h | nonce_d | ...))
    host   -> device  (authenticated) Welcome(proof = HMAC(K, "welcome" | nonce_d | nonce_h), ...)

``K = PBKDF2-SHA256(PIN, salt)`` with the table's random salt, so the PIN itself never travels and the
host proves it knows the PIN too. Every later message is a binary frame
``tag(32) | counter(8, big-endian) | JSON body`` with ``tag = HMAC(key_dir, counter | body)``; each
direction has its own key (derived from K and both nonces, so a frame from another connection or the
other direction never verifies) and its counter must strictly increase (a replayed frame is refused).

Frames are authenticated, not encrypted: see the README's known limits.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any

import msgspec

from companion.session import Snapshot

PROTO = 1
SERVICE_TYPE = "_tablekeeper._tcp.local."
MAX_MESSAGE = 1 << 20  # 1 MiB: bigger frames are refused by websockets (close code 1009)
PBKDF2_ROUNDS = 60_000
TAG = 32
HEADER = TAG + 8


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
    nonce: str


class Hello(msgspec.Struct, tag="hello", tag_field="type", frozen=True):
    proto: int
    seat: str
    since: int
    client: str
    nonce: str
    mac: str


class Refused(msgspec.Struct, tag="refused", tag_field="type", frozen=True):
    rule: str
    message: str


# -- authenticated messages -------------------------------------------------------------------------
class Welcome(msgspec.Struct, tag="welcome", tag_field="type", frozen=True):
    proof: str
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
    snapshot: Snapshot


class Act(msgspec.Struct, tag="act", tag_field="type", frozen=True):
    id: int
    intent: dict[str, Any]


class UndoRequest(msgspec.Struct, tag="undo", tag_field="type", frozen=True):
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


ToHost = Act | UndoRequest
ToDevice = Welcome | Update | Reply | Error

_enc = msgspec.json.Encoder()
hello_decoder = msgspec.json.Decoder(Hello)
challenge_decoder = msgspec.json.Decoder(Challenge | Refused)
to_host_decoder = msgspec.json.Decoder(ToHost)
to_device_decoder = msgspec.json.Decoder(ToDevice)


def encode(msg: Any) -> bytes:
    return _enc.encode(msg)


# -- keys -------------------------------------------------------------------------------------------
def new_nonce() -> str:
    return secrets.token_hex(16)


def pin_key(pin: str, salt: str) -> bytes:
    return hashlib.pbkdf2_hmac("sha256", pin.encode("utf-8"), bytes.fromhex(salt), PBKDF2_ROUNDS)


def _mac(key: bytes, *parts: str) -> str:
    return hmac.new(key, "\x00".join(parts).encode("utf-8"), hashlib.sha256).hexdigest()


def hello_mac(key: bytes, nonce_h: str, nonce_d: str, seat: str, since: int, client: str) -> str:
    return _mac(key, "tk-hello", nonce_h, nonce_d, seat, str(since), client)


def welcome_proof(key: bytes, nonce_h: str, nonce_d: str) -> str:
    return _mac(key, "tk-welcome", nonce_d, nonce_h)


def session_keys(key: bytes, nonce_h: str, nonce_d: str) -> tuple[bytes, bytes]:
    """(device-to-host key, host-to-device key)."""
    up = hmac.new(key, f"tk-up\x00{nonce_h}\x00{nonce_d}".encode(), hashlib.sha256).digest()
    down = hmac.new(key, f"tk-down\x00{nonce_h}\x00{nonce_d}".encode(), hashlib.sha256).digest()
    return up, down


def check_mac(expected: str, given: str) -> bool:
    return hmac.compare_digest(expected.encode(), given.encode() if isinstance(given, str) else b"")


class Channel:
    """Seals outgoing and opens incoming frames of one connection (one key and counter per direction)."""

    def __init__(self, send_key: bytes, recv_key: bytes) -> None:
        self._send_key = send_key
        self._recv_key = recv_key
        self._sent = 0
        self._received = 0

    def seal(self, msg: Any) -> bytes:
        self._sent += 1
        body = encode(msg)
        head = self._sent.to_bytes(8, "big")
        tag = hmac.new(self._send_key, head + body, hashlib.sha256).digest()
        return tag + head + body

    def open(self, frame: bytes | str) -> bytes:
        """The JSON body of an authentic, fresh frame; raises :class:`ProtocolError` otherwise."""
        if isinstance(frame, str):
            raise ProtocolError("unauthenticated", "text frame after the handshake (frames must be signed)")
        if len(frame) < HEADER:
            raise ProtocolError("malformed", f"frame of {len(frame)} bytes is shorter than its header")
        tag, head, body = frame[:TAG], frame[TAG:HEADER], frame[HEADER:]
        if not hmac.compare_digest(tag, hmac.new(self._recv_key, head + body, hashlib.sha256).digest()):
            raise ProtocolError("unauthenticated", "frame signature does not match the table secret")
        counter = int.from_bytes(head, "big")
        if counter <= self._received:
            raise ProtocolError("replayed", f"frame counter {counter} already used (last {self._received})")
        self._received = counter
        return body
