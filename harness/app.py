"""``tablekeeper app --web`` in a process of its own, as the tests and the benchmarks drive it."""

from __future__ import annotations

import os
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from harness import ROOT

START_TIMEOUT_S = 60

INSECURE = ssl.create_default_context()  # the app's own certificate, made at its first start: not checked
INSECURE.check_hostname = False
INSECURE.verify_mode = ssl.CERT_NONE


_GIVEN: set[int] = set()


def _ephemeral() -> tuple[int, int]:
    """The ports the system gives to outgoing connections (Linux's ``ip_local_port_range``)."""
    try:
        low, high = Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[:2]
        return int(low), int(high)
    except (OSError, ValueError):
        return 32768, 60999


def free_port() -> int:
    """A port free on every address, for an app started later. Taken below the range the system gives to
    outgoing connections: a port the system chose (bind to 0) can be handed to a client's connection in the
    seconds before the app binds it, and the app then stops with "Address already in use". Drawn from the
    system's entropy: a test that seeds Python's ``random`` would make two runs side by side pick alike."""
    import random

    pick = random.SystemRandom()
    low, high = _ephemeral()
    span = (10000, low - 1) if low > 11000 else (high + 1, 65535)
    for _ in range(200):
        port = pick.randint(*span)
        if port in _GIVEN:
            continue
        try:
            with socket.socket() as s:
                s.bind(("0.0.0.0", port))
        except OSError:
            continue
        _GIVEN.add(port)
        return port
    raise RuntimeError(f"no free port between {span[0]} and {span[1]}")


def command(*args: str, toy: bool = False) -> list[str]:
    """The ``tablekeeper`` command line run from the source tree (run it with ``cwd=ROOT``), the toy game
    known when ``toy``."""
    return [sys.executable, "-m", "harness.cli", *(["--toy"] if toy else []), *args]


def app_env() -> dict[str, str]:
    """This process's environment without a display: the app serves a web page, never opens a window."""
    return {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2, context=INSECURE) as r:
            return r.status == 200
    except OSError:
        return False


def start_app(
    data_dir: Path,
    port: int,
    *,
    toy: bool = False,
    lan: bool = False,
    extra: list[str] | None = None,
    log_path: Path | None = None,
) -> subprocess.Popen[bytes]:
    """The app serving on ``port`` and saving in ``data_dir``, once its page answers. On 127.0.0.1 over
    HTTP; with ``lan``, as served to the LAN (``--host 0.0.0.0``, over HTTPS). The toy game is offered when
    ``toy``; ``extra`` are more arguments of ``tablekeeper app``; its output goes to ``log_path``."""
    args = ["app", "--web", "--host", "0.0.0.0" if lan else "127.0.0.1", "--port", str(port)]
    args += ["--data-dir", str(data_dir), "--no-advertise", *(extra or [])]
    cmd = command(*args, toy=toy)
    if log_path is None:
        proc = subprocess.Popen(
            cmd, cwd=ROOT, env=app_env(), stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT
        )
    else:
        with open(log_path, "wb") as out:  # the child has its own copy of the file
            proc = subprocess.Popen(cmd, cwd=ROOT, env=app_env(), stdout=out, stderr=subprocess.STDOUT)
    url = f"{'https' if lan else 'http'}://127.0.0.1:{port}/"
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            said = log_path.read_text(errors="replace")[-2000:] if log_path else ""
            raise RuntimeError(f"the app exited with {proc.returncode} (log: {log_path}):\n{said}")
        if _answers(url):
            return proc
        time.sleep(0.3)
    stop_app(proc)
    raise RuntimeError(f"the app did not answer at {url} within {START_TIMEOUT_S} s (log: {log_path})")


def start_app_anywhere(
    data_dir: Path,
    *,
    toy: bool = False,
    lan: bool = False,
    extra: list[str] | None = None,
    log_path: Path,
) -> tuple[subprocess.Popen[bytes], int]:
    """:func:`start_app` on a free port: (the app, its port). A free port can be taken by another process
    before the app binds it (tests and benchmarks running side by side): then another one."""
    for attempt in range(3):
        port = free_port()
        try:
            return start_app(data_dir, port, toy=toy, lan=lan, extra=extra, log_path=log_path), port
        except RuntimeError as exc:
            if "Address already in use" not in str(exc) or attempt == 2:
                raise
    raise AssertionError("unreachable")


def stop_app(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


class App:
    """The app on a free loopback port, saving in ``data`` (by default ``workdir/data``), its output in
    ``workdir/app.log``; started when made."""

    def __init__(
        self,
        workdir: Path,
        *,
        toy: bool = False,
        lan: bool = False,
        extra: list[str] | None = None,
        data: Path | None = None,
    ) -> None:
        self.workdir = workdir
        self.data = data if data is not None else workdir / "data"
        self.toy, self.lan, self.extra = toy, lan, extra
        self.log = workdir / "app.log"
        self.proc, self.port = start_app_anywhere(self.data, toy=toy, lan=lan, extra=extra, log_path=self.log)
        self.url = f"{'https' if lan else 'http'}://127.0.0.1:{self.port}/"

    def _start(self) -> subprocess.Popen[bytes]:
        return start_app(
            self.data, self.port, toy=self.toy, lan=self.lan, extra=self.extra, log_path=self.log
        )

    def restart(self) -> None:
        """Stopped, then started again on the same port and data (its output in ``app-again.log``)."""
        stop_app(self.proc)
        self.log = self.workdir / "app-again.log"
        self.proc = self._start()

    def kill(self) -> None:
        """Killed at once (SIGKILL: a crash, a flat battery), as nothing lets it say goodbye."""
        self.proc.kill()
        self.proc.wait(10)

    def start_again(self) -> None:
        """Started again on the same port and data (its output in ``app-again.log``)."""
        self.log = self.workdir / "app-again.log"
        self.proc = self._start()

    def lan_url(self) -> str:
        """The address a tablet on the LAN opens (served as to the LAN): this machine's first LAN address,
        else loopback. Flet's web client retries a lost link to any address but ``localhost`` ever more
        slowly (0.5 s, 1 s, 2 s, … doubled): the address tells how a real device comes back."""
        from companion.sync.discovery import lan_addresses

        lan = [a for a in lan_addresses() if not a.startswith("127.")]
        return self.url.replace("127.0.0.1", lan[0]) if self.lan and lan else self.url

    def stop(self) -> None:
        stop_app(self.proc)

    def log_tail(self, chars: int = 4000) -> str:
        return self.log.read_text(errors="replace")[-chars:] if self.log.exists() else "(no log)"
