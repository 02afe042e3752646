"""Find, load and validate variant folders (see :mod:`diplodesk.engine.catalog`).

The catalog lives in the engine, which takes a variant by its id; this is its name for the
rest of diplodesk, the documents and the app.
"""

import sys

from .engine.catalog import (  # noqa: F401
    MAX_VARIANT_BYTES,
    RECHECK_SECONDS,
    VariantInfo,
    check_variant_shape,
    find_variant,
    forget_recent,
    list_variants,
    load_variant,
    map_path,
    read_variant_file,
    replacement_note,
)


def say_replaced(variant_id: object) -> None:
    """On stderr, when a command uses a user's variant in place of the built-in one of that
    id (the map editor's copy of a built-in board): every command says so, none is silent."""
    note = replacement_note(variant_id)
    if note:
        print(f"diplodesk: {note}", file=sys.stderr)
