"""docs/hypereconomic-orders.md shows an example of each order code; each is read here by the
engine's own reader on the world board (for Germany, or the bank it founds), so the page and
the engine agree: no example is "unparsable", and every code the engine reads has one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from diplodesk.document.hyper_words import codes
from diplodesk.engine import load_variant, seasons
from diplodesk.engine.hyper.orders import Names, parse_orders

DOC = Path(__file__).resolve().parents[2] / "docs" / "hypereconomic-orders.md"
BANK = {"id": "bbe", "name": "Bank of Berlin", "at": "berl", "controller": "p03", "gold": 20, "invested": 0}
BANK_CODES = {"in", "wd", "rd"}


def examples(with_what: bool = False) -> list[tuple[str, ...]]:
    """(code, example) of every row of the page's tables; with what the row says it is."""
    out = []
    for line in DOC.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[2].startswith("`") and cells[2].endswith("`"):
            code = cells[0].strip("`() ").split()[0] if cells[0].strip("`() ") else ""
            out.append((code, cells[2][1:-1], cells[1]) if with_what else (code, cells[2][1:-1]))
    return out


@pytest.fixture(scope="module")
def world():
    variant = load_variant("hypereconomic")
    data = seasons.start_other(variant, "notation", "hypereconomic").to_json()
    data["units"] = [{"id": "1D", "power": "ger", "type": "D", "at": "rhin", "M": 2},
                     {"id": "2D", "power": "ger", "type": "D", "at": "rhin", "M": 2},
                     {"id": "7T", "power": "ger", "type": "T", "at": "nths", "M": 2}]
    data["economy"]["nations"]["ger"]["acquired"] = 7
    data["economy"]["banks"] = [dict(BANK)]
    data["economy"]["ffs"] = [{"id": "FF1", "owner": "ger", "at": "pome", "built": "W1914M", "fished": None}]
    return seasons.read_other(data, variant)


def test_every_example_of_the_notation_page_is_read_by_the_engine(world):
    names = Names(world)
    failure = frozenset(world.pack.failure_order)
    listed = examples(with_what=True)
    assert len(listed) >= 60
    for code, text, what in listed:
        who = "bbe" if code in BANK_CODES or what.startswith("a bank") else "ger"  # a bank's own orders
        [o] = parse_orders(world, who, (text,), names, failure)
        assert not (o.error and o.error[0] == "unparsable"), f"{text!r}: {o.error}"


def test_every_order_code_the_engine_reads_has_an_example():
    shown = {code.lower() for code, _ in examples()} | {t.split()[1].lower() for _, t in examples()
                                                       if re.match(r"^(\d+[DT]|FF\d+)\b", t)}
    missing = sorted(set(codes()) - shown - {"tt$"})
    assert not missing, f"no example for {missing}"
