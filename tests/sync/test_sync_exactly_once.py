"""A request re-sent after a host kill is answered with its original outcome and applied once.

The host (``tablekeeper host``, a real process) is made to kill itself with SIGKILL right after the
events of a request are committed and before it answers (``TABLEKEEPER_TEST_CRASH_AFTER_COMMIT``). The
device, which never got the answer, sends the very same request (same device token, same id) to the
restarted host: it must be answered "applied", and the table must hold it once.
"""

from __future__ import annotations

import asyncio
import os

from harness.app import command
from tests.sync.synchelp import P, raw_join, run, subprocess_env

KILLS = int(os.environ.get("TK_TEST_KILLS", "100"))
PIN = "5151"


async def start(store, crash: bool) -> tuple[asyncio.subprocess.Process, int]:
    env = subprocess_env()
    if crash:
        env["TABLEKEEPER_TEST_CRASH_AFTER_COMMIT"] = "1"
    proc = await asyncio.create_subprocess_exec(
        *command(toy=True),
        "host",
        "--game",
        "toy",
        "--name",
        "Once",
        "--store",
        str(store),
        "--option",
        "seats=2",
        "--pin",
        PIN,
        "--bind",
        "127.0.0.1",
        "--no-advertise",
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
        env=env,
    )
    port = 0
    while True:
        line = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
        assert line, "the host exited early"
        if line.startswith("port: "):
            port = int(line.split(": ")[1])
        if line.startswith("seats: "):
            return proc, port


async def reply_to(ws, chan: P.Channel, rid: int) -> P.Reply:
    while True:
        msg = P.to_device_decoder.decode(chan.open(await asyncio.wait_for(ws.recv(), 10)))
        if isinstance(msg, P.Reply) and msg.id == rid:
            return msg


async def bumps_seen(ws, chan: P.Channel) -> int:
    while True:
        msg = P.to_device_decoder.decode(chan.open(await asyncio.wait_for(ws.recv(), 10)))
        if isinstance(msg, P.Update):
            return int(msg.snapshot.view["bumps"])


def test_a_request_committed_just_before_a_host_kill_is_applied_once_and_answered_applied(tmp_path):
    store = tmp_path / "once.sqlite"
    token = P.new_device_token()

    async def go() -> tuple[int, int, int]:
        doubles = false_rejects = 0
        expected = 0
        last: P.Act | P.UndoRequest | None = None
        for k in range(KILLS + 1):
            proc, port = await start(store, crash=True)  # it dies after its next commit
            try:
                ws, chan, _ = await raw_join(port, PIN, "p1", token=token)
                doubles += await bumps_seen(ws, chan) != expected
                if last is not None:  # the request whose answer the kill swallowed, sent again
                    await ws.send(chan.seal(last))
                    r = await reply_to(ws, chan, last.id)
                    false_rejects += not r.ok
                if k == KILLS:
                    break
                undo = k % 3 == 2  # an undo applied twice would take back two bumps
                last = P.UndoRequest(1_000_000 + k) if undo else P.Act(1_000_000 + k, {"type": "Bump"})
                await ws.send(chan.seal(last))
                assert await asyncio.wait_for(proc.wait(), 30) == -9  # killed between commit and reply
                expected += -1 if undo else 1
            finally:
                if proc.returncode is None:
                    proc.terminate()
                    await proc.wait()
        return doubles, false_rejects, expected

    doubles, false_rejects, expected = run(go(), timeout=30 * KILLS + 60)
    assert (doubles, false_rejects) == (0, 0)
    assert expected == KILLS - 2 * (KILLS // 3)
