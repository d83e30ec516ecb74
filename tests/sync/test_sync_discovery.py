"""Zeroconf: the host advertises ``_tablekeeper._tcp.local.`` with its name, game and protocol (never the
PIN); a browser lists it. On loopback, and between two network namespaces joined by a veth pair."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import threading
import time
import uuid

import pytest

from companion.sync.discovery import Advertiser, Browser, TableInfo
from companion.sync.hosting import HostServer
from companion.sync.protocol import PROTO, SERVICE_TYPE
from harness.app import command
from tests.sync import synchelp
from tests.sync.synchelp import run


def wait_for(pred, timeout: float) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return True
        time.sleep(0.05)
    return False


def test_a_host_is_listed_by_a_browser_and_its_pin_is_not_advertised(tmp_path):
    name = f"Feu.de camp été {uuid.uuid4().hex[:6]}"
    seen: list[list[TableInfo]] = []
    changed = threading.Event()

    def on_change(tables: list[TableInfo]) -> None:
        seen.append(tables)
        changed.set()

    browser = Browser(on_change)
    browser.start()
    try:

        async def go():
            h = HostServer(
                "toy",
                name,
                tmp_path / "t.sqlite",
                {"seats": 2},
                pin="975310",
                bind="127.0.0.1",
                advertise=True,
            )
            await h.start()
            try:
                assert h._advertiser is not None, "advertising failed"
                ok = await asyncio.to_thread(
                    wait_for, lambda: any(t.name == name for t in browser.tables), 15
                )
                assert ok, f"not discovered; saw {browser.tables}"
                t = next(t for t in browser.tables if t.name == name)
                assert t == TableInfo(
                    name=name,
                    host="127.0.0.1",
                    port=h.port,
                    game="toy",
                    protocol=PROTO,
                    table_id=h.table_id[:8],
                )
                instance = f"{name} ~{h.table_id[:8]}"
                info = await h._advertiser._zc.async_get_service_info(
                    SERVICE_TYPE, f"{instance}.{SERVICE_TYPE}"
                )
                props = {k.decode(): v.decode() for k, v in info.properties.items()}
                assert props == {"game": "toy", "proto": str(PROTO), "name": name, "id": h.table_id[:8]}
                assert "975310" not in repr(info)
            finally:
                await h.stop()
            gone = await asyncio.to_thread(wait_for, lambda: all(t.name != name for t in browser.tables), 10)
            assert gone, "the table stayed listed after the host stopped"

        run(go())
        assert changed.is_set() and any(any(t.name == name for t in ts) for ts in seen)
    finally:
        browser.stop()


def test_two_tables_with_the_same_name_are_both_listed():
    """Also: the browser starts and stops inside a running asyncio loop, as in the Flet app."""
    name = f"Twin {uuid.uuid4().hex[:6]}"
    browser = Browser(lambda tables: None)
    try:

        async def go():
            browser.start()
            a = Advertiser(name, 40001, "rattus", addresses=["127.0.0.1"], table_id=uuid.uuid4().hex)
            b = Advertiser(name, 40002, "plague", addresses=["127.0.0.1"], table_id=uuid.uuid4().hex)
            # unique by design: the instance names differ before zeroconf is even asked
            assert a.name != b.name and a.name.startswith(name) and b.name.startswith(name)
            await a.start()
            await b.start()
            try:
                assert a.registered_name == a.name and b.registered_name == b.name  # no rename needed
                ok = await asyncio.to_thread(
                    wait_for, lambda: {t.port for t in browser.tables if t.name == name} == {40001, 40002}, 15
                )
                assert ok, browser.tables
                ids = {t.table_id for t in browser.tables if t.name == name}
                assert ids == {a.table_id[:8], b.table_id[:8]}
            finally:
                await a.stop()
                await b.stop()
                browser.stop()

        run(go())
    finally:
        browser.stop()


# -- two network namespaces ------------------------------------------------------------------------
NETNS_REASON = ""
if sys.platform != "linux":
    NETNS_REASON = "network namespaces are a Linux feature"
elif os.geteuid() != 0:
    NETNS_REASON = "creating network namespaces needs root (run the tests as root to include this one)"
elif shutil.which("ip") is None:
    NETNS_REASON = "the `ip` command (iproute2) is missing"


def sh(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(args, capture_output=True, text=True, timeout=20, check=check)


@pytest.mark.netns
@pytest.mark.skipif(bool(NETNS_REASON), reason=NETNS_REASON or "ok")
def test_a_host_in_one_namespace_is_discovered_and_joined_from_another(tmp_path):
    tag = uuid.uuid4().hex[:6]
    ns_host, ns_dev = f"tkh{tag}", f"tkd{tag}"
    veth_h, veth_d = f"tkvh{tag}", f"tkvd{tag}"
    # a private test range (RFC 5737 TEST-NET-2) on a link that exists only between our two namespaces
    ip_h, ip_d = "198.51.100.1", "198.51.100.2"
    procs: list[subprocess.Popen] = []
    try:
        made = sh("ip", "netns", "add", ns_host, check=False)
        if made.returncode != 0:  # root, but e.g. a container without CAP_NET_ADMIN
            pytest.skip(f"cannot create a network namespace here: {made.stderr.strip()}")
        sh("ip", "netns", "add", ns_dev)
        sh("ip", "link", "add", veth_h, "type", "veth", "peer", "name", veth_d)
        sh("ip", "link", "set", veth_h, "netns", ns_host)
        sh("ip", "link", "set", veth_d, "netns", ns_dev)
        for ns, dev, addr in ((ns_host, veth_h, ip_h), (ns_dev, veth_d, ip_d)):
            sh("ip", "-n", ns, "addr", "add", f"{addr}/24", "dev", dev)
            sh("ip", "-n", ns, "link", "set", dev, "up", "multicast", "on")
            sh("ip", "-n", ns, "link", "set", "lo", "up")
        env = synchelp.subprocess_env()
        host = subprocess.Popen(
            [
                "ip",
                "netns",
                "exec",
                ns_host,
                *command(toy=True),
                "host",
                "--game",
                "toy",
                "--name",
                f"Campfire {tag}",
                "--store",
                str(tmp_path / "n.sqlite"),
                "--option",
                "seats=2",
                "--pin",
                "8642",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=str(synchelp.ROOT),
        )
        procs.append(host)
        lines = []
        for _ in range(10):
            line = host.stdout.readline()
            if not line:
                break
            lines.append(line.strip())
            if line.startswith("seats:"):
                break
        info = dict(line.split(": ", 1) for line in lines if ": " in line)
        assert "join" in info, (
            f"host did not start: {lines} {host.stderr.read() if host.poll() is not None else ''}"
        )
        assert info["join"].startswith(f"tk://{ip_h}:")
        device_code = (
            "import asyncio, sys, time\n"
            "from harness import toy; toy.register()\n"
            "from companion.sync.discovery import Browser\n"
            "from companion.sync.client import join\n"
            "b = Browser(lambda t: None); b.start()\n"
            "end = time.monotonic() + 20\n"
            f"while time.monotonic() < end and not any(t.name == 'Campfire {tag}' for t in b.tables): "
            "time.sleep(0.1)\n"
            "tables = b.tables; b.stop(); print('TABLES', tables, flush=True)\n"
            f"t = next(t for t in tables if t.name == 'Campfire {tag}')\n"
            "async def go():\n"
            "    s = await join(t.host, t.port, '8642', 'p1')\n"
            "    await s.send({'type': 'Draw'})\n"
            "    print('HAND', s.snapshot.view['hand'], t.game, t.protocol, flush=True)\n"
            "    await s.close()\n"
            "asyncio.run(asyncio.wait_for(go(), 20))\n"
        )
        dev = subprocess.run(
            ["ip", "netns", "exec", ns_dev, sys.executable, "-c", device_code],
            capture_output=True,
            text=True,
            env=env,
            cwd=str(synchelp.ROOT),
            timeout=60,
        )
        assert dev.returncode == 0, dev.stderr[-2000:]
        assert f"name='Campfire {tag}', host='{ip_h}'" in dev.stdout
        hand_line = next(line for line in dev.stdout.splitlines() if line.startswith("HAND"))
        assert "HID" in hand_line and hand_line.endswith(f"toy {PROTO}")
    finally:
        for p in procs:
            p.terminate()
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        for ns in (ns_host, ns_dev):
            sh("ip", "netns", "del", ns, check=False)
        sh("ip", "link", "del", veth_h, check=False)
    assert ns_host not in sh("ip", "netns", "list").stdout


def test_the_web_ui_is_published_for_browser_only_tablets():
    """`tablekeeper app --web --host 0.0.0.0` publishes an _http._tcp service at <host>.local."""
    from zeroconf import IPVersion, Zeroconf

    from companion.sync.discovery import WEB_SERVICE_TYPE, WebAdvertiser

    hostname = f"tk{uuid.uuid4().hex[:8]}"
    web = WebAdvertiser(8550, addresses=["127.0.0.1"], hostname=hostname)
    web.start()
    zc = Zeroconf(ip_version=IPVersion.V4Only)
    try:
        assert web.url == f"https://{hostname}.local:8550/"  # the web UI is served over TLS on the LAN
        info = zc.get_service_info(
            WEB_SERVICE_TYPE, f"tablekeeper on {hostname}.{WEB_SERVICE_TYPE}", timeout=5000
        )
        assert info is not None, "the web UI was not published"
        assert info.server == f"{hostname}.local." and info.port == 8550
        assert "127.0.0.1" in info.parsed_addresses(IPVersion.V4Only)
        assert {k.decode(): v.decode() for k, v in info.properties.items()}["path"] == "/"
    finally:
        web.stop()
        zc.close()


def test_the_android_multicast_lock_is_only_taken_on_android():
    from companion.sync import discovery

    assert not discovery.on_android()
    assert discovery.acquire_multicast_lock() is False
