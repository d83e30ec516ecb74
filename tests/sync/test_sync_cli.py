"""``tablekeeper host`` as a real process: join code on stdout, SIGKILL and restart lose nothing, SIGTERM."""

from __future__ import annotations

import asyncio
import os
import signal
import sys

import pytest

from companion.host import default_store, parse_options
from companion.sync.client import join, parse_join_code
from harness.app import command
from tests.sync import synchelp
from tests.sync.synchelp import run, until

TABLEKEEPER = os.path.join(os.path.dirname(sys.executable), "tablekeeper")


async def start_host(*args: str, real: bool = False) -> tuple[asyncio.subprocess.Process, dict[str, str]]:
    cmd = [TABLEKEEPER] if real else command(toy=True)  # the real CLI, with the toy game known
    proc = await asyncio.create_subprocess_exec(
        *cmd,
        "host",
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=synchelp.subprocess_env(),
        cwd=str(synchelp.ROOT),
    )
    info: dict[str, str] = {}
    while "seats" not in info:
        line = await asyncio.wait_for(proc.stdout.readline(), 30)
        if not line:
            err = await proc.stderr.read()
            raise AssertionError(f"host exited early: {err.decode()}")
        key, _, value = line.decode().strip().partition(": ")
        info[key] = value
    return proc, info


def test_options_parse_as_json_or_text():
    assert parse_options(["seats=4", "name=Nord", "flags=[1,2]", "x=true"]) == {
        "seats": 4,
        "name": "Nord",
        "flags": [1, 2],
        "x": True,
    }
    assert default_store("Feu de camp!").name == "feu-de-camp.sqlite"


def test_a_killed_host_restarts_with_the_same_table_and_nothing_lost(tmp_path):
    store = tmp_path / "camp.sqlite"
    args = (
        "--game",
        "toy",
        "--name",
        "Camp",
        "--store",
        str(store),
        "--option",
        "seats=3",
        "--option",
        "cards=20",
        "--bind",
        "127.0.0.1",
        "--no-advertise",
    )

    async def go():
        proc, info = await start_host(*args)
        procs = [proc]
        try:
            host, port, pin, name = parse_join_code(info["join"])
            assert (host, name, pin, str(port)) == ("127.0.0.1", "Camp", info["pin"], info["port"])
            assert info["new"].startswith("toy") and info["seats"] == "p1 p2 p3 table"
            a = await join(host, port, pin, "p1")
            b = await join(host, port, pin, "p2")
            for _ in range(3):
                await a.send({"type": "Draw"})
                await b.send({"type": "Bump"})
            # p1's copy may not have seen p2's last Bump yet: wait until both devices show the same event
            await until(lambda: a.snapshot.seq == b.snapshot.seq, what="both devices up to date")
            hand, seq = a.snapshot.view["hand"], a.snapshot.seq
            assert len(hand) == 3
            proc.send_signal(signal.SIGKILL)
            await asyncio.wait_for(proc.wait(), 10)
            await until(lambda: not a.connected and not b.connected, what="the drop")

            proc, info = await start_host(*args)
            procs.append(proc)
            assert info["port"] == str(port) and info["pin"].startswith(
                "unchanged"
            )  # only a verifier is kept
            assert pin not in info["join"] and pin not in store.read_bytes().decode("latin-1")
            assert info["resumed"] == f"toy at seq {seq}"
            await until(lambda: a.connected and b.connected, timeout=15, what="both devices back")
            await b.send({"type": "Draw"})
            await until(lambda: a.snapshot.seq == seq + 1, what="the new event")
            assert a.snapshot.view["hand"] == hand and a.snapshot.view["bumps"] == 3
            assert [e.seq for e in a.entries] == sorted({e.seq for e in a.entries})
            await a.close()
            await b.close()

            proc.send_signal(signal.SIGTERM)
            assert await asyncio.wait_for(proc.wait(), 15) == 0
            assert (await proc.stdout.read()).decode().strip().endswith("stopped")
        finally:
            for p in procs:
                if p.returncode is None:
                    p.kill()
                    await p.wait()

    run(go(), timeout=120)


def test_bad_arguments_are_named(tmp_path):
    async def go():
        for extra, needle in [
            (("--game", "chess"), "unknown game"),
            (("--game", "toy", "--option", "seats=0"), "seats"),
            (("--game", "toy", "--option", "oops"), "key=value"),
            (("--game", "toy", "--pin", "1 2"), "PIN"),
        ]:
            proc = await asyncio.create_subprocess_exec(
                *command(toy=True),
                "host",
                "--name",
                "x",
                "--store",
                str(tmp_path / "x.sqlite"),
                "--no-advertise",
                *extra,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                env=synchelp.subprocess_env(),
                cwd=str(synchelp.ROOT),
            )
            out, err = await asyncio.wait_for(proc.communicate(), 30)
            assert proc.returncode == 2, (extra, out, err)
            assert needle in err.decode(), (extra, err)
            assert not (tmp_path / "x.sqlite").exists()

    run(go(), timeout=120)


def test_the_real_console_script_hosts_pandemie_through_a_kill(tmp_path):
    """``tablekeeper host`` itself (the installed console script) with the real Pandémie engine."""
    pytest.importorskip("engine.games.pandemie", reason="the Pandémie engine is not importable yet")
    assert os.access(TABLEKEEPER, os.X_OK), "the tablekeeper console script is not installed"
    args = (
        "--game",
        "pandemie",
        "--name",
        "Limes",
        "--store",
        str(tmp_path / "limes.sqlite"),
        "--option",
        "provinces=2",
        "--option",
        "players=[1,2]",
        "--bind",
        "127.0.0.1",
        "--no-advertise",
    )

    async def go():
        procs = []
        try:
            proc, info = await start_host(*args, real=True)
            procs.append(proc)
            assert info["seats"] == "p1 p2 p3 table"
            host, port, pin, _ = parse_join_code(info["join"])
            devs = [await join(host, port, pin, s) for s in ("p1", "p2", "p3", "table")]
            for _ in range(6):
                actor = next((d for d in devs if d.snapshot.choices), None)
                if actor is None:  # the barbarians won already (the real host shuffles with OS entropy)
                    break
                types = {c.intent["type"]: c.intent for c in actor.snapshot.choices}
                await actor.send(
                    next(
                        (types[t] for t in ("EndActions", "DrawCards", "Propagate") if t in types),
                        actor.snapshot.choices[0].intent,
                    )
                )
            seq = devs[0].snapshot.seq
            await until(lambda: all(d.snapshot.seq == seq for d in devs), what="every device")
            views = [d.snapshot.view for d in devs]
            proc.send_signal(signal.SIGKILL)
            await asyncio.wait_for(proc.wait(), 10)
            await until(lambda: not any(d.connected for d in devs), what="the drop")
            proc, info = await start_host(*args, real=True)
            procs.append(proc)
            assert info["resumed"] == f"pandemie at seq {seq}" and info["port"] == str(port)
            await until(lambda: all(d.connected for d in devs), timeout=15, what="every device back")
            await until(
                lambda: all(d.snapshot.view is not v for d, v in zip(devs, views, strict=True)),
                what="a fresh snapshot from the restarted host",
            )
            assert [d.snapshot.view for d in devs] == views  # the replayed state is the one before the kill
            assert all(d.snapshot.seq == seq for d in devs)
            actor = next((d for d in devs if d.snapshot.choices), None)
            if actor is not None:
                await actor.send(actor.snapshot.choices[0].intent)
                await until(
                    lambda: all(d.snapshot.seq > seq for d in devs), what="the next action everywhere"
                )
            else:
                assert devs[3].snapshot.outcome is not None and devs[3].snapshot.audit["ok"]
            assert [e.seq for e in devs[3].entries] == sorted({e.seq for e in devs[3].entries})
            for d in devs:
                await d.close()
            proc.send_signal(signal.SIGTERM)
            assert await asyncio.wait_for(proc.wait(), 15) == 0
        finally:
            for p in procs:
                if p.returncode is None:
                    p.kill()
                    await p.wait()

    run(go(), timeout=120)
