"""The JSON Schemas in docs/schemas/ are the ones the program checks files with."""

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _tool():
    spec = importlib.util.spec_from_file_location("write_schemas", ROOT / "tools" / "write_schemas.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_schemas_are_up_to_date():
    tool = _tool()
    for name, text in tool.rendered().items():
        path = ROOT / "docs" / "schemas" / name
        assert path.exists(), f"{name} missing: run python tools/write_schemas.py"
        assert path.read_text(encoding="utf-8") == text, f"{name} is stale: run python tools/write_schemas.py"


def test_each_format_has_a_closed_schema():
    for name in ("position", "result", "game", "variant"):
        schema = json.loads((ROOT / "docs" / "schemas" / f"{name}.schema.json").read_text())
        assert schema["$schema"].startswith("https://json-schema.org/")
        top = schema["$defs"][schema["$ref"].rsplit("/", 1)[1]]
        assert top["additionalProperties"] is False  # unknown keys are errors
