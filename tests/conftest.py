"""Test set-up shared by every test: GUI tests run offscreen, user data goes to a temp dir."""

import atexit
import os
import shutil
import tempfile

# Before any QApplication exists (pytest-qt creates it lazily).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# Before any test module is imported: what runs outside a test's own folder (collection,
# module-scoped fixtures) writes here too, never in the real user data folder (which
# module-scoped fixtures used to fill with map caches and a copy of the test board).
_SESSION_HOME = tempfile.mkdtemp(prefix="diplodesk-tests-")
atexit.register(shutil.rmtree, _SESSION_HOME, ignore_errors=True)
for _name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
    os.environ[_name] = os.path.join(_SESSION_HOME, _name.lower())

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _user_data(tmp_path_factory, monkeypatch):
    """Keep tests away from the real user data folder (autosaves, user variants)."""
    root = tmp_path_factory.mktemp("userdata")
    monkeypatch.setenv("XDG_DATA_HOME", str(root))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(root / "config"))
    from diplodesk.variants import forget_recent

    forget_recent()  # a variant another test loaded under its own user folder is not this one's
    from diplodesk.engine import catalog

    monkeypatch.setattr(catalog, "_remembered", {})  # nor a folder another test's game came from
    yield root


@pytest.fixture
def small_disk(tmp_path):
    """A small disk of the test's own (a tmpfs in a mount namespace), to run a command on
    full, nearly full or read-only; skipped with the reason where the machine cannot make
    one. See tests/small_disk.py."""
    from small_disk import SmallDisk, unavailable

    why = unavailable()
    if why:
        pytest.skip(f"no small disk here: {why}")
    return SmallDisk(tmp_path)
