"""Screenshots of the real app for the README and the guides: ``make screenshots``
(``.venv/bin/python docs/screenshots.py [--out DIR]``).

Starts ``tablekeeper app --web`` on a free loopback port with a temporary data folder, drives it in
Debian's headless Chromium (``/usr/bin/chromium``) the way the browser tests do (Flet draws in a canvas;
controls are found through Flutter's accessibility tree), and writes into ``docs/img/``:

- ``new-table.png``: the new-table form with a four-province Pandémie filled in;
- ``hosted.png``: the host's *Table prête* screen (PIN, join code, QR code, seats);
- ``tablet-province.png``: a province tablet (1280 × 800) playing in turn, after a few actions;
- ``phone-seat.png``: a player's phone (390 × 844) joined with the table's code, on its turn;
- ``phone-dark.png``: the same phone in the dark (tent) theme;
- ``start.png``: the start screen of another page, with the table open here;
- ``rattus-table.png``: a Rattus table tablet with its map.

Each PNG is reduced to a palette of 256 colours (Pillow) so that it stays small in the repository.
Run it again when the screens change.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from harness.app import free_port, start_app, stop_app  # noqa: E402 - the repository root is on the path first
from harness.browser import ARGS, CHROMIUM, Driver  # noqa: E402

OUT = ROOT / "docs" / "img"
NAMES = "Léa, Marc, Zoé, Hugo, Inès, Tom, Noé, Jules"
TABLET = (1280, 800)
PHONE = (390, 844)
MAX_BYTES = 200_000


def page(browser: Any, url: str, size: tuple[int, int]) -> Driver:
    """A page in a browser context of its own (its own storage: its own device), on the app."""
    w, h = size
    d = Driver(browser.new_context(viewport={"width": w, "height": h}).new_page())
    d.open(url)
    return d


def save(d: Driver, out: Path, name: str) -> Path:
    """The page's viewport as a small PNG (256 colours)."""
    from PIL import Image

    width = d.page.viewport_size["width"]
    d.page.mouse.move(width / 2, 20)  # off every button: no tooltip or hover colour in the picture
    d.page.wait_for_timeout(1500)  # the last frame drawn (announcements, fonts)
    path = out / name
    d.page.screenshot(path=str(path))
    with Image.open(path) as im:
        small = im.convert("RGB").quantize(
            colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
        )
    small.save(path, optimize=True)
    size = path.stat().st_size
    print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {size // 1024} KB", flush=True)
    if size > MAX_BYTES:
        print(f"  warning: over {MAX_BYTES // 1000} KB", flush=True)
    return path


def play(d: Driver, taps: int) -> None:
    """Tap the first choice ``taps`` times on a tablet playing in turn (after *C'est moi* when the
    pass-and-play gate is up), each time until the log changes."""
    from harness.browser import play_and_see_the_log

    for _ in range(taps):
        play_and_see_the_log(d)


def pandemie(browser: Any, url: str, out: Path) -> None:
    host = page(browser, url, (1000, 1100))
    host.click("start-new")
    host.click("game-pandemie")
    host.fill("table-name", "Feu de camp")
    host.fill("opt-provinces", "4")
    host.fill("opt-players", "2")
    host.click("opt-difficulty-novice")
    host.fill("player-names", NAMES)
    save(host, out, "new-table.png")
    host.click("create")
    host.wait("join-code", timeout=60_000)
    host.wait("seat-p8")
    save(host, out, "hosted.png")
    code = re.search(r"tk://\S+", host.text("join-code"))
    assert code, "the hosted screen shows its join code"

    tablet = page(browser, url, TABLET)
    tablet.click("open-0")
    tablet.wait("seat-p8")
    provinces = tablet.page.evaluate(
        "p => [...document.querySelectorAll(`[flt-semantics-identifier^='${p}']`)]"
        ".map(e => e.getAttribute('flt-semantics-identifier'))",
        "seat-table-",
    )
    tablet.click_to(provinces[0], "follow")
    tablet.click_to("follow", "follow-now")
    play(tablet, 3)
    save(tablet, out, "tablet-province.png")

    # the player in turn in Hispania (no tablet plays there) joins on a phone with the join code
    names = [n.strip() for n in NAMES.split(",")]
    turn = next(host.text(i) for i in ("seat-current-1", "seat-current") if "Hispania" in host.text(i))
    seat = next(f"p{i + 1}" for i, n in enumerate(names) if n in turn)
    phone = page(browser, url, PHONE)
    phone.click("start-join")
    phone.fill("join-code-field", code.group(0))
    phone.page.keyboard.press("Enter")
    phone.click(f"join-{seat}", timeout=60_000)
    phone.wait("header", timeout=60_000)
    phone.wait("choice-0", timeout=30_000)
    save(phone, out, "phone-seat.png")
    phone.click("theme")
    save(phone, out, "phone-dark.png")

    start = page(browser, url, (1000, 800))
    start.wait("open-0")
    save(start, out, "start.png")
    for d in (host, tablet, phone, start):
        d.page.context.close()


def rattus(browser: Any, url: str, out: Path) -> None:
    host = page(browser, url, (1000, 900))
    host.new_table(
        "rattus", {"table-name": "Rattus chez Léa", "opt-players": "3", "player-names": "Léa, Marc, Zoé"}
    )
    host.page.context.close()
    tablet = page(browser, url, TABLET)
    tablet.click("open-1")  # the tables open here, in the order they were opened
    tablet.click_to("seat-table", "board")
    tablet.wait("log")
    save(tablet, out, "rattus-table.png")
    tablet.page.context.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT, help=f"where the PNGs go (default {OUT})")
    args = ap.parse_args(argv)
    if not os.path.exists(CHROMIUM):
        print(f"{CHROMIUM} is missing (apt-get install chromium)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="tk-shots-"))  # kept when something fails: the app's log, the pages
    port = free_port()
    log = tmp / "app.log"
    proc = start_app(tmp / "data", port, log_path=log)
    url = f"http://127.0.0.1:{port}/"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                pandemie(browser, url, args.out)
                rattus(browser, url, args.out)
            except BaseException:
                for i, pg in enumerate(pg for ctx in browser.contexts for pg in ctx.pages):
                    shot = tmp / f"failure-{i}.png"
                    pg.screenshot(path=str(shot))
                    print(f"page {i} ({shot}):", Driver(pg).all_text()[-800:], file=sys.stderr)
                raise
            finally:
                browser.close()
    except BaseException:
        print(log.read_text(errors="replace")[-3000:], file=sys.stderr)
        print(f"the app's log and the pages' screenshots are in {tmp}", file=sys.stderr)
        raise
    finally:
        stop_app(proc)
    shutil.rmtree(tmp)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
