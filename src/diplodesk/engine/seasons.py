"""The season engines, chosen by the variant's data, behind one ``adjudicate()``.

The standard engine adjudicates movement, retreats and adjustments (``process.py``). A
variant may name another engine in its ``variant.toml`` (``engine = "hypereconomic"``: one
season a turn with a whole economy, ``hyper/``). This is the one place that maps the name to
the code; nothing anywhere asks which variant it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .catalog import load_variant
from .position import PositionError
from .variant import Variant, VariantError

ENGINES = ("standard", "hypereconomic")


def variant_of(data: Any) -> Variant:
    """The variant a position names; PositionError if it names none that loads."""
    if type(data) is not dict and not isinstance(data, Mapping):  # JSON gives dicts: asked first
        raise PositionError(f"position: expected a JSON object, got {type(data).__name__}")
    ref = data.get("variant", "standard")
    if not isinstance(ref, str):
        raise PositionError(f"variant: expected a variant id, got {ref!r}")
    try:
        return load_variant(ref)
    except VariantError as e:
        raise PositionError(f"variant: {e}") from None


def is_other(variant: Variant) -> bool:
    return variant.engine != "standard"


def read_other(data: Any, variant: Variant):
    """A position of a variant with its own season engine; PositionError if bad."""
    from . import hyper

    try:
        return hyper.read(data, variant)
    except hyper.TableError as e:
        raise PositionError(f"variant {variant.id}: {e}") from None


def start_other(variant: Variant, secret: str = "", variant_ref: str | None = None):
    from . import hyper

    try:
        return hyper.start(variant, secret, variant_ref)
    except hyper.TableError as e:
        raise PositionError(f"variant {variant.id}: {e}") from None


def process_other(pos):
    from . import hyper

    return hyper.process(pos)


def adjudicate_other(data: Any, variant: Variant) -> dict[str, Any]:
    return process_other(read_other(data, variant)).to_json()
