"""A device's proof at the host's door: the PIN (SPAKE2 on its verifier) or, for a device that proved it
before, its own key; then its sealed hello. One step of the host (:mod:`.hosting` seats the device).

What a stranger's messages may cost is decided here, in order: a malformed opening (not our message, not a
SPAKE2 element) is refused before any budget is charged; a return is charged to its own per-address budget;
a PIN attempt to the address's budget, and a wrong one to the table's cap (:mod:`.budget`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import msgspec
import websockets
from websockets.asyncio.server import ServerConnection

from engine.core.store import KnownDevice

from . import protocol as P
from .budget import Budget, TableCap


@dataclass(frozen=True)
class Proof:
    """What the host checks a device against."""

    salt: str  # the PIN verifier's salt, sent in the challenge
    verifier: bytes  # scrypt(PIN, salt)
    known: Callable[[str], KnownDevice | None]  # a returning device's key by its handle
    budget: Budget  # per address (shared by the process's doors)
    wrong_pins: TableCap  # this table's cap


@dataclass(frozen=True)
class Admitted:
    chan: P.Channel
    hello: P.Hello
    device: str  # the device id (a hash of its token)
    returning: bool  # it proved its own key, not the PIN


async def prove(ws: ServerConnection, addr: str, proof: Proof) -> Admitted | None:
    """Run the handshake on ``ws`` (from ``addr``): the device admitted, or None (it was told why)."""
    await ws.send(P.encode(P.Challenge(P.PROTO, proof.salt)).decode())
    raw = await ws.recv()
    try:  # a malformed opening costs the table nothing: no budget is charged before it is well formed
        if len(raw) > P.MAX_HANDSHAKE:
            raise msgspec.ValidationError("message too long")
        msg = P.opening_decoder.decode(raw)
        theirs = P.decode_hex(msg.msg, "the SPAKE2 message")
        if isinstance(msg, P.Return) and not P.check_handle(msg.handle):
            raise P.ProtocolError("malformed", "a return handle is 32 hex characters")
    except (msgspec.DecodeError, msgspec.ValidationError, P.ProtocolError, ValueError, TypeError) as exc:
        await refuse(ws, "malformed", f"expected a SPAKE2 message: {P.cut(exc, 120)}")
        return None
    returning = None
    if isinstance(msg, P.Return):  # a device that proved the PIN before: its own key, its own budget
        returning = proof.known(msg.handle)
        if returning is None:
            await refuse(ws, "unknown-device", "this device has not joined this table before")
            return None
        why = proof.budget.returning(addr)
        secret = returning.key
    else:
        why = proof.budget.allowed(addr, proof.wrong_pins)
        secret = proof.verifier
    if why:
        await refuse(ws, "busy", why)
        return None
    pairing = P.Pairing(secret, "host")
    try:
        chan = pairing.finish(theirs)
    except P.ProtocolError as exc:  # not a group element: malformed, whatever the PIN
        await refuse(ws, exc.rule, exc.message)
        return None
    if returning is None and proof.budget.attempt(addr, proof.wrong_pins):
        await refuse(ws, "busy", proof.budget.allowed(addr, proof.wrong_pins))
        return None
    await ws.send(P.encode(P.Pake(pairing.msg.hex())).decode())
    raw = await ws.recv()
    try:
        hello = P.hello_decoder.decode(chan.open(raw))
    except (P.ProtocolError, msgspec.DecodeError, msgspec.ValidationError, ValueError, RecursionError):
        # the key confirmation failed: a wrong PIN (or not our protocol) — the same answer either way
        if returning is None:
            proof.wrong_pins.failed()
            await refuse(ws, "auth", "wrong PIN for this table")
        else:
            await refuse(ws, "unknown-device", "this device's key does not open this table")
        return None
    if returning is None:
        proof.budget.succeeded(addr)
    if not P.check_token(hello.device):
        await refuse_sealed(ws, chan, "device", "a device token is 64 hex characters")
        return None
    device = P.device_id(hello.device)
    if returning is not None and returning.device != device:
        await refuse_sealed(ws, chan, "device", "this device token does not go with its key")
        return None
    return Admitted(chan, hello, device, returning is not None)


async def refuse(ws: ServerConnection, rule: str, message: str) -> None:
    """Say why in clear (before the channel exists) and close."""
    try:
        await ws.send(P.encode(P.Refused(rule, message)).decode())
        await ws.close(4003 if rule == "auth" else 4000, rule)
    except websockets.ConnectionClosed:
        pass


async def refuse_sealed(ws: ServerConnection, chan: P.Channel, rule: str, message: str) -> None:
    """Say why inside the channel and close."""
    try:
        await ws.send(chan.seal(P.Refused(rule, message)))
        await ws.close(4000, rule)
    except websockets.ConnectionClosed:
        pass


__all__ = ["Admitted", "Proof", "prove", "refuse", "refuse_sealed"]
