"""Write the JSON Schemas of diplodesk's file formats into ``docs/schemas/``.

    python tools/write_schemas.py [--check]

They are generated from the schema definitions the program itself checks files with
(``diplodesk.engine.schemas``), so other tools can check a position, result, game file or
variant before sending it. ``--check`` (and ``tests/test_schemas_published.py``) fails if
the committed files are not up to date.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from diplodesk.engine.schemas import SHAPES, json_schema  # noqa: E402

OUT = ROOT / "docs" / "schemas"


def rendered() -> dict[str, str]:
    """File name -> the text it should hold."""
    out = {}
    for name, shape in SHAPES.items():
        schema = json_schema(shape)
        out[f"{name}.schema.json"] = json.dumps(schema, indent=1, sort_keys=True) + "\n"
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only check the committed files")
    args = ap.parse_args(argv)
    stale = []
    for name, text in rendered().items():
        path = OUT / name
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current != text:
            stale.append(name)
            if not args.check:
                OUT.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    if args.check and stale:
        print(f"out of date: {', '.join(stale)} (run python tools/write_schemas.py)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
