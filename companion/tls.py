"""The web UI's own TLS certificate: made once by the host for itself, kept in its data folder.

Browsers grant the camera only to a secure origin, and a LAN tablet reaches the web UI by the host's
address, so the web UI is served over HTTPS with a self-signed certificate naming this machine
(``<host>``, ``<host>.local``, its LAN addresses, ``localhost``). A tablet's browser warns once ("not
private"): the user compares the fingerprint the host shows beside the join QR code, then continues. The
key never leaves the host (mode 0600); the same certificate is reused, so a tablet accepts it once.
"""

from __future__ import annotations

import datetime as _dt
import ipaddress
import os
import socket
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

VALID_DAYS = 3650


def fingerprint(cert_pem: bytes) -> str:
    """SHA-256 of the certificate, as browsers show it (``AB:CD:…``)."""
    cert = x509.load_pem_x509_certificate(cert_pem)
    return ":".join(f"{b:02X}" for b in cert.fingerprint(hashes.SHA256()))


def short_fingerprint(fp: str) -> str:
    """The first 8 bytes, enough for a person to compare at a glance."""
    return ":".join(fp.split(":")[:8])


def ensure_certificate(folder: Path, addresses: list[str]) -> tuple[Path, Path, str]:
    """(certificate, key, fingerprint) in ``folder``: reused when it names every address, else made anew."""
    folder.mkdir(parents=True, exist_ok=True)
    cert_path, key_path = folder / "web-cert.pem", folder / "web-key.pem"
    host = (socket.gethostname().split(".")[0] or "tablekeeper").lower()
    names = sorted({host, f"{host}.local", "localhost"})
    ips = sorted({a for a in (*addresses, "127.0.0.1") if _is_ip(a)})
    if cert_path.exists() and key_path.exists():
        try:
            cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
            san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
            have_names = set(san.get_values_for_type(x509.DNSName))
            have_ips = {str(i) for i in san.get_values_for_type(x509.IPAddress)}
            fresh = cert.not_valid_after_utc > _dt.datetime.now(_dt.UTC) + _dt.timedelta(days=30)
            if set(names) <= have_names and set(ips) <= have_ips and fresh:
                return cert_path, key_path, fingerprint(cert_path.read_bytes())
        except (ValueError, x509.ExtensionNotFound, OSError):
            pass  # unreadable: made anew below
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"tablekeeper on {host}")])
    now = _dt.datetime.now(_dt.UTC)
    san = x509.SubjectAlternativeName(
        [x509.DNSName(n) for n in names] + [x509.IPAddress(ipaddress.ip_address(a)) for a in ips]
    )
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - _dt.timedelta(minutes=5))
        .not_valid_after(now + _dt.timedelta(days=VALID_DAYS))
        .add_extension(san, critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .sign(key, hashes.SHA256())
    )
    key_pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    fd = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key_pem)
    os.chmod(key_path, 0o600)
    pem = cert.public_bytes(serialization.Encoding.PEM)
    cert_path.write_bytes(pem)
    return cert_path, key_path, fingerprint(pem)


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True
