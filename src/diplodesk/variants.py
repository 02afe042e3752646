"""Find, load and validate variant folders (see :mod:`diplodesk.engine.catalog`).

The catalog lives in the engine, which takes a variant by its id; this is its name for the
rest of diplodesk, the documents and the app.
"""

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
)
