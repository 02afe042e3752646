"""The TLS context for the GM's mail servers: the system's certificates, or a certificate
file the GM names (a server with its own).

The file is read by the one bounded reader, as every file a user names is: OpenSSL, given
the name, waited for ever on a FIFO named by mistake.
"""

from __future__ import annotations

import ssl
from pathlib import Path

from ..engine.files import read_bounded

MAX_CAFILE_BYTES = 1024 * 1024  # a bundle of a few hundred certificates


def tls_context(cafile: str | None) -> ssl.SSLContext:
    """A client context that trusts the system's certificates, or with ``cafile`` (PEM or
    DER) that file's, as Python's own does given the name; OSError (FileReadError) for a
    file it will not read, ssl.SSLError for one that holds no certificate."""
    if not cafile:
        return ssl.create_default_context()
    raw = read_bounded(Path(cafile), MAX_CAFILE_BYTES)
    if b"-----BEGIN" in raw:
        return ssl.create_default_context(cadata=raw.decode("ascii", "replace"))
    return ssl.create_default_context(cadata=raw)
