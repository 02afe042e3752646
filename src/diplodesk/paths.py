"""Where diplodesk finds its built-in data and keeps the user's."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import platformdirs

APP = "diplodesk"


def _data_dir(package: str, folder: str) -> Path:
    """A data folder shipped in the wheel, or the same folder in a source checkout."""
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        spec = None
    for loc in (spec.submodule_search_locations or []) if spec else []:
        if Path(loc).is_dir():
            return Path(loc)
    return Path(__file__).resolve().parents[2] / folder


def builtin_variants_dir() -> Path:
    return _data_dir("diplodesk._variants", "variants")


def resources_dir() -> Path:
    return _data_dir("diplodesk._resources", "resources")


def user_data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def user_variants_dir() -> Path:
    return user_data_dir() / "variants"


# a variant's id names a folder: a name, never a path ("..", ".", "a/b", ".hidden")
VARIANT_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


def user_variant_dir(variant_id: str) -> Path:
    """The user's folder of the variant ``variant_id``: ValueError for an id that is no name."""
    if not isinstance(variant_id, str) or not VARIANT_ID.fullmatch(variant_id):
        raise ValueError(f"{variant_id!r} is not a variant id: letters, digits, _ . and -, "
                         "starting with a letter or digit")
    return user_variants_dir() / variant_id
