"""Done when (issue 17): twelve seasons on the test board with every kind of order keep the
ledger's invariants every season (the engine checks them and stops on a breach) and replay
byte for byte after save and load."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from diplodesk.engine import load_variant
from diplodesk.engine.game import Game

from .conftest import MINI

# every kind of order, as each nation could write it on the test board (many fail: that is
# part of the test; the codes below must all have been played)
LINES = {
    "fra": ["bu Y Pari", "bu Y Gaso", "bu S Bret", "bu D Pari", "bu D Gaso", "bu T Bret", "bu N Pari",
            "bu 2 Trs", "bu FF Bret", "pw $2 Gaso", "fo bu.Tr, bu.unit", "co A", "co I", "as API Pari",
            "gw $2 Nava", "sb A $2 Cast", "sb Tr $3 Spain", "eb Banque Pari", "tt $3 to Banque",
            "tt 5A to Spain via Gaso Nava", "tt $2 to Italy via Gaso Piem", "bk Gaso vs Spain",
            "1D ho (no)", "1D at Nava (re Pari)", "2D sp 1D at Nava", "1D mo Acqu", "1T dm Bisc Atla",
            "1T at Bisc", "spl 2D", "de 2D", "tf 1D to Spain", "FF1 mo Bisc", "FF1 f", "1T ds FF1",
            "cd Acqu to Spain", "an Nava", 'nn "Basque Land" Gaso', 'al pact France, Spain "peace"',
            "ra pact", "wa pact", "sa a favour", 'pw $1 Pari if Spain "pw $1 Nava" succeeds',
            "op Bret", "cl Bret", "bu Y Acqu (pd by Spain)", "pw $1 Pari ($ pd by rd from Banque)",
            "tt 1D to Spain via Gaso Nava", "mn Nava"],
    "spa": ["bu Y Cast", "bu S Anda/ec", "bu D Cast", "bu T Anda/ec", "pw $1 Nava", "co A", "as IPI Cast",
            "1D at Gaso (re Cast)", "1D ho", "1T at Wmed", "1T dn FF1", "bk fish Bisc", "an Acqu",
            "cd Nava to France", 'al pact France, Spain "peace"', "ra pact", 'nn "Basque Land" Nava',
            "pm Morocco", "tt 4I to France via Nava Gaso", "sb I $1 Gaso", "2D mo Nava",
            'pd France "bu Y Acqu"', "pc Anda", "ap 1 Trs to France", "jv j1 with France", "pd running Bret",
            "dg p01", "tf I1 to France", "tf 1 Trs to France", "jv void j1", "tf IPI to France"],
    "ita": ["bu Y Roma", "bu S Napl", "bu D Roma", "bu T Napl", "bu N Roma", "co I", "1D at Piem",
            "1T at Tyrs", "1T at Moro", "1D sp 2D at Piem", "2D at Piem", "eb Banca Roma",
            "bk trade Piem", "FF1 f", "jv j1 with Spain"],
    "sui": ["bu N Swit", "N Swit ho", "pw $1 Swit", "co A"],
    "mor": ["pw $1 Moro", "lo Cast", "co A"],
    "banque": ["in $10", "wd $1", "tt $1 to France", "rd $1 to France", "pw $1 Pari", "in all received",
               "tf control to p02"],
    "banca": ["in all", "tt $1 to Italy"],
}


def _script(season: int, position: dict) -> dict[str, list[str]]:
    """Four lines a nation a season, going round its list: every line is played in twelve."""
    nations = set(position["economy"]["nations"]) | {b["id"] for b in position["economy"].get("banks", [])}
    return {n: [lines[(season * 4 + j) % len(lines)] for j in range(min(4, len(lines)))]
            for n, lines in LINES.items() if n in nations}


def _code(text: str) -> str:
    words = text.lower().split()
    return words[1] if re.match(r"^(\d+[dt]|ff\d+|n)$", words[0]) else words[0]


def test_twelve_seasons_with_every_kind_of_order_balance_and_replay(tmp_path: Path):
    game = Game.new(load_variant(str(MINI)))
    played: set[str] = set()
    for season in range(12):
        for n, texts in _script(season, game.current.to_json()).items():
            game.set_orders(n, texts)
            played |= {_code(t) for t in texts}
        game.process()  # stops with LedgerError on any breach of the invariants
        if game.winner:
            break
    assert len(game.history) == 12
    codes = {"bu", "pw", "fo", "co", "as", "gw", "sb", "eb", "tt", "bk", "ho", "at", "sp", "mo", "dm", "spl",
             "de", "tf", "f", "ds", "dn", "cd", "an", "nn", "al", "ra", "wa", "sa", "pm", "lo", "in", "wd",
             "cl", "op", "pc", "pd", "rd", "mn", "ap", "jv", "dg"}
    assert codes <= played, codes - played
    game.save(tmp_path / "twelve.json")
    again = Game.load(tmp_path / "twelve.json")  # every season's result checked against the engine
    assert json.dumps(again.to_json()) == json.dumps(game.to_json())


def test_every_statement_of_the_twelve_seasons_adds_up_to_its_end_of_season():
    """A statement's lines, from its start, sum to its end: no step of the season is left out
    (trade, banking, territory and the end of season have their lines too)."""
    from diplodesk.engine.hyper.report import COLUMNS, statement

    game = Game.new(load_variant(str(MINI)))
    width = 7
    for season in range(12):
        for n, texts in _script(season, game.current.to_json()).items():
            game.set_orders(n, texts)
        game.process()
        record = game.history[-1]
        for nation in record.position["economy"]["nations"]:
            lines = statement(record.result, record.position, nation).splitlines()
            start = next(i for i, line in enumerate(lines) if line.startswith("Start of season"))
            end = next(i for i, line in enumerate(lines) if line.startswith("End of season"))

            def cells(line: str) -> list[float]:
                row = line[58:]
                return [float(row[k * width:(k + 1) * width].strip() or 0) for k in range(len(COLUMNS))]

            total = cells(lines[start])
            for line in lines[start + 1:end]:
                if line.startswith("  "):
                    total = [a + b for a, b in zip(total, cells(line), strict=True)]
            assert total == pytest.approx(cells(lines[end])), (season, nation)
