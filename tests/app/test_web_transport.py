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
    to write them: ``sent`` returns once that sender waits for more and the coalesced write has gone, so the
    next page's render (a long synchronous step) never holds back the end of this page's update."""
    from types import SimpleNamespace

    from companion.web import sent

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
        page = SimpleNamespace(session=SimpleNamespace(connection=SimpleNamespace(_FletApp__send_queue=queue)))
        for k in range(4):  # one render: four changed controls
            queue.put_nowait(b"m%d" % k)
        await sent(page)
        assert b"".join(raw.writes) == b"m0m1m2m3"  # all of it written before the next page is drawn
        task.cancel()
        await sent(SimpleNamespace())  # a page without a session (closing): nothing to wait for

    asyncio.run(run())
