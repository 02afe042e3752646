"""The SMTP (and IMAP) password: in the system keyring, through the ``keyring`` library,
never in the game file or the settings. A provider can be handed in instead (tests, the
``DIPLODESK_SMTP_PASSWORD`` variable of a script)."""

from __future__ import annotations

SERVICE = "diplodesk-mail"


class PasswordError(ValueError):
    """No password could be had; the message says where it was looked for."""


def stored(user: str) -> str | None:
    """The password kept for ``user`` (``name@host:port``), or None (also when there is no
    usable keyring on this machine)."""
    try:
        import keyring
        from keyring.errors import KeyringError
    except ImportError:
        return None
    try:
        return keyring.get_password(SERVICE, user)
    except KeyringError:
        return None
    except Exception:  # noqa: BLE001 - a third-party backend (D-Bus, a vault) may fail any way
        return None


def remember(user: str, password: str) -> str:
    """Keep the password in the keyring; "" on success, else why it could not be kept."""
    try:
        import keyring
        from keyring.errors import KeyringError
    except ImportError:
        return "the keyring library is not installed"
    try:
        keyring.set_password(SERVICE, user, password)
    except KeyringError as e:
        return f"no system keyring to keep it in ({e})"
    except Exception as e:  # noqa: BLE001 - a third-party backend may fail any way
        return f"the system keyring failed ({type(e).__name__}: {e})"
    return ""


def forget(user: str) -> None:
    try:
        import keyring

        keyring.delete_password(SERVICE, user)
    except Exception:  # noqa: BLE001 - nothing kept, or no keyring: nothing to forget
        pass
