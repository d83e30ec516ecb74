"""The join poster: one A4 (or Letter) sheet on the wall of the campfire room, so that a child joins the game
without help — the address of the app as a big QR code and in large type, the Wi-Fi to join, and the steps
(French first, English below): Wi-Fi, scan or type, the browser's one warning, the PIN, a seat.

The address is the one the host's screen shows (``tablekeeper app --web --host 0.0.0.0`` prints it too); the
PIN changes with each table, so the sheet leaves a box to write it in by hand.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from urllib.parse import urlsplit

from reportlab.lib.units import mm as MM
from reportlab.pdfgen.canvas import Canvas

from . import fonts, qr
from .geometry import PAPERS
from .render import Options, Placed, Result, new_canvas

NAME = "join-poster"
QR_SIDE = 100.0  # mm, with its quiet zone: a phone reads it from two or three metres
QUIET = 4  # modules of white around the code (the standard's quiet zone)
INK = (0.11, 0.11, 0.1)
ACCENT = (0.55, 0.25, 0.17)  # the app's brick colour


class PosterError(ValueError):
    """A poster that cannot be made (an address that is no web address, a paper we do not print)."""


@dataclass(frozen=True)
class Steps:
    title: str
    sub: str
    wifi: str
    scan: str
    warn: str
    pin: str
    seat: str
    fingerprint: str
    no_fingerprint: str


FR = Steps(
    title="Rejoignez la partie !",
    sub="Avec un téléphone ou une tablette",
    wifi="Connectez-vous au Wi-Fi « {wifi} ».",
    scan="Scannez ce code avec l'appareil photo, ou tapez l'adresse dans le navigateur.",
    warn="Le navigateur avertit une fois « connexion non privée » : touchez « Paramètres avancés », puis "
    "« Continuer ».",
    pin="Tapez le code PIN de la table :",
    seat="Tapez votre prénom, choisissez votre couleur et votre place.",
    fingerprint="Empreinte du certificat de l'ordinateur de l'animateur : {fp}",
    no_fingerprint="L'empreinte du certificat est sur l'écran de l'animateur.",
)
EN = Steps(
    title="Join the game!",
    sub="With a phone or a tablet",
    wifi="Join the Wi-Fi \u201c{wifi}\u201d.",
    scan="Scan this code with the camera, or type the address in the browser.",
    warn="The browser warns once \u201cnot private\u201d: tap \u201cAdvanced\u201d, "
    "then \u201cContinue\u201d.",
    pin="Type the table's PIN (in the box above).",
    seat="Type your first name, choose your colour and your seat.",
    fingerprint="Certificate of the leader's computer: {fp}",
    no_fingerprint="The certificate's fingerprint is on the leader's screen.",
)
SAME_WIFI = {
    "fr": "Connectez-vous au Wi-Fi de la veillée (le même que l'ordinateur de l'animateur).",
    "en": "Join the evening's Wi-Fi (the same as the leader's computer).",
}


def check_url(url: str) -> str:
    """``url`` if a phone's browser can open it (``http(s)://host[:port]/…``), else :class:`PosterError`."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise PosterError(f"{url!r} is not a web address: {exc}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise PosterError(f"{url!r} is not a web address (https://192.168.1.20:8550/, for example)")
    if parts.hostname in ("localhost", "127.0.0.1", "::1"):
        raise PosterError(
            f"{url!r} is this computer's own address: phones cannot open it (give the LAN address)"
        )
    if port is not None and not 0 < port < 65536:
        raise PosterError(f"{url!r}: port {port} is not a TCP port")
    return url


def _lines(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``text`` wrapped at its plain spaces only: « and » stay with their word (a no-break space)."""
    font = fonts.BOLD if bold else fonts.REGULAR
    text = text.replace("« ", "«\u00a0").replace(" »", "\u00a0»").replace(" :", "\u00a0:")
    lines: list[str] = []
    cur = ""
    for word in (w for w in text.split(" ") if w):
        cand = f"{cur} {word}" if cur else word
        if cur and fonts.width(cand, font, size) > width:
            lines.append(cur)
            cur = word
        else:
            cur = cand
    return [*lines, cur]


def _step(c: Canvas, n: int, text: str, x: float, top: float, width: float, size: float) -> float:
    """Step ``n`` in a numbered disc, its text wrapped beside it from ``top``; returns the y under it."""
    r = size * 0.62
    c.setFillColorRGB(*ACCENT)
    c.circle(x + r, top - size * 0.38, r, stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.setFont(fonts.BOLD, size * 0.9)
    c.drawCentredString(x + r, top - size * 0.38 - size * 0.32, str(n))
    c.setFillColorRGB(*INK)
    c.setFont(fonts.REGULAR, size)
    y = top - size * 0.7
    left = x + 2 * r + size * 0.6
    for line in _lines(text, size, width - (left - x)):
        c.drawString(left, y, line)
        y -= size * 1.25
    return y + size * 1.25 - size * 0.55


def _block(
    c: Canvas,
    s: Steps,
    lang: str,
    url: str,
    wifi: str,
    x: float,
    top: float,
    width: float,
    size: float,
    box: bool = True,
) -> float:
    """The steps of one language from ``top``; returns the y under the last one."""
    tls = url.startswith("https:")
    steps = [
        s.wifi.format(wifi=wifi) if wifi else SAME_WIFI[lang],
        s.scan,
        *([s.warn] if tls else []),
        s.pin,
        s.seat,
    ]
    y = top
    for n, text in enumerate(steps, start=1):
        y = _step(c, n, text, x, y, width, size)
        if box and text is s.pin:  # a box to write the PIN in, after its step
            box_w, box_h = min(width * 0.6, size * 12), size * 2.6
            c.setStrokeColorRGB(*INK)
            c.setLineWidth(0.5)
            c.setDash(1.2, 1.2)
            c.roundRect(x + size * 2, y - box_h, box_w, box_h, 1.5, stroke=1, fill=0)
            c.setDash()
            y -= box_h + size * 0.3
        y -= size * 0.45
    return y


def join_poster(url: str, opts: Options, wifi: str = "", fingerprint: str = "") -> Result:
    """The poster for ``url`` (the address the phones open), ``wifi`` the network's name ("" when not given),
    ``fingerprint`` the web UI certificate's short fingerprint ("" when unknown)."""
    url = check_url(url)
    page = PAPERS.get(opts.paper)
    if page is None:
        raise PosterError(f"the join poster is printed on {' or '.join(PAPERS)}, not {opts.paper!r}")
    w, h = page
    buf = io.BytesIO()
    c = new_canvas(buf, page, "tablekeeper — rejoindre la partie", "none")
    c.scale(MM, MM)
    margin = 14.0
    inner = w - 2 * margin
    c.setFillColorRGB(*ACCENT)
    c.setFont(fonts.BOLD, fonts.fit_size(FR.title, fonts.BOLD, 13.0, inner))
    c.drawCentredString(w / 2, h - margin - 11, FR.title)
    c.setFillColorRGB(*INK)
    sub = f"{FR.sub} · {EN.title.rstrip('!')} — {EN.sub.lower()}"
    c.setFont(fonts.REGULAR, fonts.fit_size(sub, fonts.REGULAR, 5.2, inner))
    c.drawCentredString(w / 2, h - margin - 19, sub)
    # the code, large, in the middle of the upper half
    n = qr.modules(url, qr.CARD)
    module = QR_SIDE / (n + 2 * QUIET)
    qx, qy = (w - QR_SIDE) / 2, h - margin - 25 - QR_SIDE
    qr.draw(c, url, qr.CARD, qx, qy, module, QUIET)
    # the address in large type under it (an address is typed letter by letter: the largest that fits)
    c.setFillColorRGB(*ACCENT)
    size = fonts.fit_size(url, fonts.BOLD, 13.0, inner)
    c.setFont(fonts.BOLD, size)
    ay = qy - size - 1
    c.drawCentredString(w / 2, ay, url)
    c.setFillColorRGB(*INK)
    if wifi:
        said = f"Wi-Fi : {wifi}"
        c.setFont(fonts.BOLD, fonts.fit_size(said, fonts.BOLD, 8.0, inner))
        c.drawCentredString(w / 2, ay - 12, said)
        ay -= 12
    # the steps: French, then English below a rule, smaller
    y = _block(c, FR, "fr", url, wifi, margin, ay - 9, inner, 4.6)
    c.setStrokeColorRGB(0.6, 0.6, 0.6)
    c.setLineWidth(0.3)
    c.line(margin, y - 1, w - margin, y - 1)
    c.setFont(fonts.BOLD, 4.2)
    c.drawString(margin, y - 7, "In English")
    y = _block(c, EN, "en", url, wifi, margin, y - 10, inner, 3.6, box=False)
    foot = FR.fingerprint.format(fp=fingerprint) if fingerprint else FR.no_fingerprint
    c.setFont(fonts.REGULAR, 3.0)
    if url.startswith("https:"):
        c.drawString(margin, margin - 4, foot)
    c.drawRightString(w - margin, margin - 4, "tablekeeper")
    if y < margin:
        raise PosterError(f"the steps do not fit on {opts.paper} (the Wi-Fi name is too long?)")
    c.showPage()
    c.save()
    placed = Placed(1, url, "", "face", (w / 2, qy + QR_SIDE / 2), round(module, 3), qr.CARD)
    return Result(NAME, opts, buf.getvalue(), 1, [placed], None)


__all__ = ["NAME", "PosterError", "check_url", "join_poster"]
