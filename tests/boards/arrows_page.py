"""A one-page app for ``test_boards_arrows_browser.py``: Gallia's map right after a crafted surge from Narbo
(its arrows shown ``SHOW`` seconds).

    python -m tests.boards.arrows_page PORT SECONDS   (from the repository's root)
"""

from __future__ import annotations

import asyncio
import sys


def main(port: int, seconds: float) -> None:
    import flet as ft

    from companion.ui.boards import pandemie_map as pm
    from companion.web import serve
    from tests.boards.test_boards_surges import _gallia_hispania_views

    pm.SHOW_SECONDS = seconds
    before, after, _keys = _gallia_hispania_views()

    async def page_main(page: ft.Page) -> None:
        pm._recent.pop("arrows-page", None)
        pm.recent("arrows-page", before)  # the view before the action, then the one after it
        page.add(pm.province_map(after, "G", "arrows-page", "fr", 900.0, on_place=lambda _k, _n: None))
        page.update()

    asyncio.run(serve(page_main, "127.0.0.1", port))


if __name__ == "__main__":
    main(int(sys.argv[1]), float(sys.argv[2]))
