"""Real parts for the mailroom's tests: an SMTP server on the loopback address (aiosmtpd,
STARTTLS with a certificate made here, login required) that keeps what it receives, and a
keyring that lives in memory, so no test reaches the network or the system keyring."""

from __future__ import annotations

import datetime
import socket
import ssl
from email import policy
from email.parser import BytesParser

import keyring
import pytest
from keyring.backend import KeyringBackend
from mailhelp import PASSWORD, USER


class MemoryKeyring(KeyringBackend):
    priority = 1

    def __init__(self):
        super().__init__()
        self.kept: dict[tuple[str, str], str] = {}

    def get_password(self, service, username):
        return self.kept.get((service, username))

    def set_password(self, service, username, password):
        self.kept[(service, username)] = password

    def delete_password(self, service, username):
        self.kept.pop((service, username), None)


@pytest.fixture(autouse=True)
def memory_keyring():
    before = keyring.get_keyring()
    ring = MemoryKeyring()
    keyring.set_keyring(ring)
    yield ring
    keyring.set_keyring(before)


def _certificate(tmp_path):
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")])
    now = datetime.datetime.now(datetime.UTC)
    import ipaddress

    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost"),
                                                        x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                           critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    cert_file, key_file = tmp_path / "cert.pem", tmp_path / "key.pem"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_file, key_file


class Inbox:
    """What the server received: (envelope recipients, parsed message)."""

    def __init__(self):
        self.received: list[tuple[list[str], object]] = []
        self.refuse: set[str] = set()  # recipients to refuse (a failure to retry)

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):  # noqa: N802
        if address.lower() in self.refuse:
            return "550 no such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):  # noqa: N802
        msg = BytesParser(policy=policy.default).parsebytes(envelope.original_content or envelope.content)
        self.received.append((list(envelope.rcpt_tos), msg))
        return "250 Message accepted"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def smtp_server(tmp_path):
    """(settings, inbox): a STARTTLS server on 127.0.0.1 that wants gm's login."""
    from aiosmtpd.controller import Controller
    from aiosmtpd.smtp import AuthResult, LoginPassword

    from diplodesk.mail.sending import SmtpSettings

    cert, key = _certificate(tmp_path)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)

    def authenticator(server, session, envelope, mechanism, auth_data):
        ok = isinstance(auth_data, LoginPassword) and auth_data.login == USER.encode() \
            and auth_data.password == PASSWORD.encode()
        return AuthResult(success=ok, handled=False)

    inbox = Inbox()
    port = _free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port, tls_context=context, require_starttls=True,
                            authenticator=authenticator, auth_required=True, auth_require_tls=True)
    controller.start()
    settings = SmtpSettings("127.0.0.1", port, "starttls", USER, "The GM <gm@example.org>", str(cert))
    try:
        yield settings, inbox
    finally:
        controller.stop()
