"""The web UI's websocket writes: what one turn of the event loop sends goes out as one write."""

from __future__ import annotations

import asyncio

from companion.web import _Coalescing, _ws_protocol


def test_the_messages_of_one_update_leave_in_one_write_and_arrive_whole_and_in_order():
    async def run() -> None:
        got = bytearray()
        closed = asyncio.Event()

        async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            while data := await reader.read(65536):
                got.extend(data)
            closed.set()
            writer.close()

        server = await asyncio.start_server(handle, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        transport, _ = await asyncio.get_running_loop().create_connection(asyncio.Protocol, "127.0.0.1", port)
        writes: list[int] = []
        real = transport.write

        def counted(data: bytes) -> None:  # the real socket transport, its writes counted
            writes.append(len(data))
            real(data)

        transport.write = counted  # type: ignore[method-assign]
        co = _Coalescing(transport)  # type: ignore[arg-type]
        for k in range(6):  # a screen update: one websocket message per changed control
            co.write(b"m%d" % k)
        assert writes == []  # nothing is written before the loop turns
        await asyncio.sleep(0)
        assert writes == [12]  # then all six in one write
        co.write(bytearray(b"-last"))
        co.close()  # a close writes what is pending first
        await asyncio.wait_for(closed.wait(), 5)
        assert bytes(got) == b"m0m1m2m3m4m5-last"
        assert writes == [12, 5]
        assert co.is_closing()  # everything else is the real transport's
        server.close()
        await server.wait_closed()

    asyncio.run(run())


def test_the_served_websocket_protocol_is_uvicorns_own_writing_through_the_coalescing_transport():
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

    assert issubclass(_ws_protocol(), WebSocketsSansIOProtocol)


def test_a_message_flet_sends_is_not_turned_into_text_for_a_debug_log_that_is_off() -> None:
    import logging

    import flet as ft
    from flet.messaging.protocol import Message, MessageAction

    from companion.web import build_app

    assert not logging.getLogger("flet_transport").isEnabledFor(logging.DEBUG)
    build_app(lambda page: None)
    body = {"controls": [ft.Text(f"ligne {i}") for i in range(200)]}
    text = f"{Message(MessageAction.PATCH_CONTROL, body)}"  # what Flet's send_message formats every time
    assert len(text) < 80 and "ligne" not in text


def test_a_pages_whole_update_is_written_before_the_next_page_is_drawn() -> None:
    """Flet queues a render's messages for a sender task of the page's own, which may take more than one turn
    to write them: ``written`` returns once that sender waits for more and the coalesced write has gone, so
    the next page's render (a long synchronous step) never holds back the end of this page's update."""
    from types import SimpleNamespace

    from companion.runtime.transport import written

    class Transport:
        def __init__(self) -> None:
            self.writes: list[bytes] = []

        def write(self, data: bytes) -> None:
            self.writes.append(bytes(data))

        def is_closing(self) -> bool:
            return False

    async def run() -> None:
        raw = Transport()
        co = _Coalescing(raw)  # type: ignore[arg-type]
        queue: asyncio.Queue[bytes] = asyncio.Queue()

        async def sender() -> None:  # as Flet's: one message at a time, yielding in between
            while True:
                message = await queue.get()
                await asyncio.sleep(0)
                co.write(message)

        task = asyncio.ensure_future(sender())
        page = SimpleNamespace(
            session=SimpleNamespace(connection=SimpleNamespace(_FletApp__send_queue=queue))
        )
        for k in range(4):  # one render: four changed controls
            queue.put_nowait(b"m%d" % k)
        await written(page)
        assert b"".join(raw.writes) == b"m0m1m2m3"  # all of it written before the next page is drawn
        task.cancel()
        await written(SimpleNamespace())  # a page without a session (closing): nothing to wait for

    asyncio.run(run())


def test_a_browser_gone_while_its_update_is_written_leaves_no_session_connected_to_it() -> None:
    """A browser that goes while the app is still writing to it (a reload or a phone locked during a big
    update; here a client that stops reading, so its socket fills, then drops the connection): Flet 1.0.5's
    sender fails on the gone socket and, without companion.web's fix, the session is never disconnected. It
    is then drawn at every update of its table, for nobody, and what is sent to it piles up (about one
    reload in ten on a busy table). Real uvicorn, Flet app and websocket client on loopback: each session
    hears its ``disconnect``."""
    import socket
    import struct
    import threading
    import time

    import flet as ft
    import msgpack
    from websockets.sync.client import connect

    from companion import web
    from companion.runtime import idle_gc
    from harness.app import free_port

    started: list[str] = []
    gone: set[str] = set()

    async def main(page: ft.Page) -> None:
        sid = page.session.id
        started.append(sid)

        async def disconnected(_e: object) -> None:
            gone.add(sid)

        page.on_disconnect = disconnected
        text = ft.Text("")
        page.add(text)
        for n in range(400):  # a busy table: big updates, one after the other (~40 MB at most)
            if sid in gone:
                return
            text.value = f"{n} " + "x" * 100_000
            text.update()
            await asyncio.sleep(0.005)

    port = free_port()
    loop = asyncio.new_event_loop()
    task: dict[str, asyncio.Task[None]] = {}

    def serve() -> None:
        asyncio.set_event_loop(loop)
        task["t"] = loop.create_task(web.serve(main, "127.0.0.1", port))
        try:
            loop.run_until_complete(task["t"])
        except (asyncio.CancelledError, Exception):  # noqa: BLE001 - stopped at the end of the test
            pass
        finally:  # what the server left (its lifespan, connections) ends here, not at the interpreter's exit
            left = asyncio.all_tasks(loop)
            for t in left:
                t.cancel()
            loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

    def until(test: object, what: str, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while not test():  # type: ignore[operator]
            assert time.monotonic() < deadline, what
            time.sleep(0.05)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        until(lambda: _answers(port), "the app answers")
        for k in range(3):
            with connect(f"ws://127.0.0.1:{port}/ws", origin=f"http://127.0.0.1:{port}", max_size=None) as ws:
                register = [1, {"session_id": None, "page_name": "", "page": {"route": "/", "web": True}}]
                ws.send(b"\x00" + msgpack.packb(register))
                ws.recv(timeout=10)  # the session is registered
                until(lambda k=k: len(started) > k, "the session starts")
                time.sleep(0.5)  # the client reads no more: its socket fills and the app's writes wait
                sock = ws.socket
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                sock.close()  # the browser is gone at once (a reset), the app's update still being written
        until(
            lambda: set(started) <= gone,
            f"every session disconnected: {len(set(started) - gone)} of "
            f"{len(set(started))} still connected to a gone client",
        )
    finally:
        loop.call_soon_threadsafe(task["t"].cancel)
        thread.join(10)
        idle_gc.uninstall()


def _answers(port: int) -> bool:
    import urllib.request

    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as r:
            return bool(r.status == 200)
    except OSError:
        return False
