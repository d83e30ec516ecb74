"""``tablekeeper print join-poster``: the app's address as a QR code that reads back as that address, in large
type, with the Wi-Fi and the steps in French and English; an address a phone cannot open is refused."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest

import vision
from companion.cli import main as tablekeeper
from companion.tls import ensure_certificate, fingerprint, short_fingerprint
from printables.cli import poster_url
from printables.poster import check_url, join_poster
from printables.render import Options

URL = "https://192.168.1.20:8550/"


def _page(pdf: bytes, dpi: int = 150) -> tuple[object, str]:
    doc = pdfium.PdfDocument(pdf)
    page = doc[0]
    img = page.render(scale=dpi / 72, grayscale=True).to_numpy()
    text = page.get_textpage().get_text_range()
    return img, text


def test_the_poster_code_reads_back_as_the_address_and_the_steps_are_in_french_and_english(tmp_path: Path):
    out = tmp_path / "affiche.pdf"
    assert tablekeeper(["print", "join-poster", "--url", URL, "--wifi", "Camp SJBS", "--out", str(out)]) == 0
    pdf = out.read_bytes()
    assert len(pdfium.PdfDocument(pdf)) == 1
    img, text = _page(pdf)
    assert [r.raw for r in vision.read(img)] == [URL]  # one code, and it is the address
    flat = " ".join(text.split())
    for said in (
        URL,
        "Wi-Fi : Camp SJBS",
        "Rejoignez la partie",
        "Paramètres avancés",  # the certificate's warning: an https address
        "code PIN",
        "In English",
        "Join the Wi-Fi",
        "not private",
    ):
        assert said in flat, said


def test_a_poster_at_50_dpi_still_reads_its_code():
    """A phone's camera two metres from the wall sees the sheet at about this resolution."""
    result = join_poster(URL, Options(), "Camp", "")
    img, _text = _page(result.pdf, dpi=50)
    assert [r.raw for r in vision.read(img)] == [URL]


def test_an_http_address_has_no_certificate_step():
    _img, text = _page(join_poster("http://10.0.0.5:8550/", Options()).pdf)
    assert "Paramètres avancés" not in text and "not private" not in text


def test_the_certificate_fingerprint_is_the_app_s_own(tmp_path: Path):
    cert, _key, fp = ensure_certificate(tmp_path / "data" / "tls", ["192.168.1.20"])
    out = tmp_path / "p.pdf"
    rc = tablekeeper(
        ["print", "join-poster", "--url", URL, "--data-dir", str(tmp_path / "data"), "--out", str(out)]
    )
    assert rc == 0
    _img, text = _page(out.read_bytes())
    assert short_fingerprint(fp) in text and short_fingerprint(fingerprint(cert.read_bytes())) in text


def test_without_an_address_the_poster_uses_this_machine_s_lan_address_and_the_app_s_port(tmp_path: Path):
    try:
        url = poster_url(8551)
    except ValueError:
        pytest.skip("this machine has no LAN address")
    assert url.startswith("https://") and url.endswith(":8551/") and "127.0.0.1" not in url
    out = tmp_path / "p.pdf"
    assert tablekeeper(["print", "join-poster", "--port", "8551", "--out", str(out)]) == 0
    img, _text = _page(out.read_bytes())
    assert [r.raw for r in vision.read(img)] == [url]


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("http://127.0.0.1:8550/", "this computer's own address"),
        ("https://localhost:8550/", "this computer's own address"),
        ("ftp://192.168.1.20/", "not a web address"),
        ("192.168.1.20:8550", "not a web address"),
        ("https://192.168.1.20:99999/", "not a web address"),
    ],
)
def test_an_address_a_phone_cannot_open_is_refused(url: str, why: str, tmp_path: Path, capsys):
    out = tmp_path / "p.pdf"
    assert tablekeeper(["print", "join-poster", "--url", url, "--out", str(out)]) == 2
    assert why in capsys.readouterr().err
    assert not out.exists()
    with pytest.raises(ValueError, match=why):
        check_url(url)


def test_the_poster_options_belong_to_the_poster(tmp_path: Path, capsys):
    assert tablekeeper(["print", "spares", "--wifi", "Camp", "--out", str(tmp_path / "s.pdf")]) == 2
    assert "--wifi only applies to the join-poster set" in capsys.readouterr().err
    assert tablekeeper(["print", "spares", "--url", URL, "--out", str(tmp_path / "s.pdf")]) == 2
    assert (
        tablekeeper(["print", "join-poster", "--paper", "a3", "--url", URL, "--out", str(tmp_path / "a.pdf")])
        == 2
    )
    assert "a4 or letter" in capsys.readouterr().err
