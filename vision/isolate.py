"""Run a decoder in a worker process, so that a crash or a hang in native code costs one read, not the app.

A :class:`Worker` keeps one ``spawn``-ed process alive (start-up is paid once, not per frame) and calls a
picklable, module-level function in it. If the process dies (e.g. a segfault inside OpenCV) or does not
answer within the time limit, it is killed and restarted, and the call raises :class:`WorkerFailed`.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
from collections.abc import Callable
from typing import Any


class WorkerFailed(RuntimeError):
    """The worker died or hung on this call (it has been restarted)."""


def _serve(conn: multiprocessing.connection.Connection, target: Callable[[Any], Any]) -> None:
    conn.send(("ready", None))  # the target (and the modules it needs) is imported by now
    while True:
        try:
            arg = conn.recv()
        except (EOFError, OSError):
            return
        try:
            value = target(arg)
        except Exception as exc:  # noqa: BLE001 - a Python error is an answer, not a crash
            conn.send(("error", f"{type(exc).__name__}: {exc}"))
        else:
            conn.send(("ok", value))


class Worker:
    def __init__(
        self, target: Callable[[Any], Any], timeout: float = 10.0, start_timeout: float = 60.0
    ) -> None:
        self.target = target
        self.timeout = timeout
        self.start_timeout = start_timeout
        self.restarts = 0
        self._ctx = multiprocessing.get_context("spawn")
        self._proc: Any = None
        self._conn: multiprocessing.connection.Connection | None = None

    def _start(self) -> None:
        parent, child = self._ctx.Pipe()
        proc = self._ctx.Process(target=_serve, args=(child, self.target), daemon=True)
        proc.start()
        child.close()
        self._proc, self._conn = proc, parent
        try:
            ready = parent.poll(self.start_timeout) and parent.recv()[0] == "ready"
        except (EOFError, OSError):
            ready = False
        if not ready:
            self._stop()
            raise WorkerFailed(f"decoder process did not start within {self.start_timeout:.0f} s")

    def _stop(self) -> None:
        if self._conn is not None:
            self._conn.close()
        if self._proc is not None:
            if self._proc.is_alive():
                self._proc.kill()
            self._proc.join(timeout=5)
        self._proc, self._conn = None, None

    def __call__(self, arg: Any, timeout: float | None = None) -> Any:
        if self._proc is None or not self._proc.is_alive():
            if self._proc is not None:
                self.restarts += 1
                self._stop()
            self._start()
        assert self._conn is not None
        limit = timeout if timeout is not None else self.timeout
        try:
            self._conn.send(arg)
            ready = self._conn.poll(limit)
            status, value = self._conn.recv() if ready else ("hang", None)
        except (EOFError, OSError, BrokenPipeError):
            status, value = "died", None
        if status == "ok":
            return value
        if status == "error":
            raise WorkerFailed(f"decoder raised {value}")
        code = self._proc.exitcode if self._proc is not None else None
        self.restarts += 1
        self._stop()
        if status == "hang":
            raise WorkerFailed(f"decoder did not answer within {limit:.1f} s (worker restarted)")
        raise WorkerFailed(f"decoder process died (exit code {code}; worker restarted)")

    def close(self) -> None:
        self._stop()

    def __enter__(self) -> Worker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
