"""The web port's door: held connections give way to browsers that speak, and never pile up."""

from __future__ import annotations

import asyncio

from companion.door import Door
from companion.web import PageBudget


async def _held(port: int, source: str, n: int) -> list[asyncio.StreamWriter]:
    out = []
    for _ in range(n):
        _r, w = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
        out.append(w)
    return out


def test_silent_connections_give_way_and_vouched_ones_are_never_cut():
    async def go() -> None:
        door = Door.listen_on("127.0.0.1", 0, per_address=4, total=10)
        port = door.getsockname()[1]
        accepted: list[tuple[str, int]] = []

        def made() -> asyncio.Protocol:
            class Seen(asyncio.Protocol):
                def connection_made(self, transport: asyncio.BaseTransport) -> None:
                    accepted.append(transport.get_extra_info("peername"))

            return Seen()

        server = await asyncio.get_running_loop().create_server(made, sock=door)
        try:
            honest = await _held(port, "127.0.7.1", 1)
            await asyncio.sleep(0.2)
            door.vouch(accepted[0])  # it made a whole request
            silent = [w for a in range(2, 5) for w in await _held(port, f"127.0.7.{a}", 4)]
            await asyncio.sleep(0.3)
            assert sum(door.open.values()) == 10 and door.cut == 3  # 13 came; the oldest silent ones gave way
            late = await _held(port, "127.0.7.9", 1)  # a browser arriving now still gets in
            await asyncio.sleep(0.2)
            assert sum(door.open.values()) == 10 and door.cut == 4 and door.refused == 0
            assert door.open["127.0.7.1"] == 1 and door.open["127.0.7.9"] == 1  # the vouched one stayed
            more = await _held(port, "127.0.7.2", 6)  # over its own cap: its own oldest silent ones go
            await asyncio.sleep(0.3)
            assert door.open["127.0.7.2"] <= 4
            for w in honest + silent + late + more:
                w.close()
            await asyncio.sleep(0.3)
            assert sum(door.open.values()) == 0 and not door.conns
        finally:
            server.close()

    asyncio.run(go())


def test_pages_opened_from_one_address_are_budgeted_per_minute():
    now = [0.0]
    budget = PageBudget(per_minute=30, clock=lambda: now[0])
    assert all(budget.allow("10.0.0.5") for _ in range(30))
    assert not budget.allow("10.0.0.5")
    assert budget.allow("10.0.0.6")  # another device has its own
    now[0] += 61
    assert budget.allow("10.0.0.5")
