"""Print packs: one PDF per power and one for the GM, each drawn from what it may know."""

import json
import re

import pytest

from diplodesk.cli import main
from diplodesk.engine import load_position
from diplodesk.render.export import RenderError
from diplodesk.render.pack import PackOptions, all_packs
from diplodesk.variants import load_variant


def start(variant="standard", rules=()):
    data = load_position({"variant": variant, "phase": "S1901M"}).start(load_variant(variant)).to_json()
    return dict(data, rules=list(rules), orders={"Austria": ["A vie - gal"], "Russia": ["A war - gal"]})


def test_a_pack_for_every_power_and_the_gm(tmp_path):
    made = all_packs(start(rules=["blind"]), tmp_path)
    assert len(made) == 8 and made[-1].name.endswith("-gm.pdf")
    for path in made:
        data = path.read_bytes()
        assert data.startswith(b"%PDF") and len(data) > 10_000
        assert len(re.findall(rb"/Type\s*/Page[^s]", data)) >= 2  # the map, then the report


def test_progress_can_cancel(tmp_path):
    seen = []

    def progress(done, total, what):
        seen.append((done, total, what))
        return done < 2

    made = all_packs(start(), tmp_path, progress=progress)
    assert len(made) == 2 and seen[0] == (0, 8, "Austria")


def test_page_options_and_bad_size(tmp_path):
    made = all_packs(start(), tmp_path, PackOptions("Letter", landscape=False), powers=["Italy"])
    assert [p.name for p in made] == ["standard-S1901M-italy.pdf", "standard-S1901M-gm.pdf"]
    with pytest.raises(RenderError, match="unknown page size"):
        all_packs(start(), tmp_path, PackOptions("B7"))


def test_pack_command(tmp_path, capsys):
    pos = tmp_path / "pos.json"
    pos.write_text(json.dumps(start()))
    assert main(["pack", str(pos), "-o", str(tmp_path / "out"), "--power", "austria"]) == 0
    out = capsys.readouterr()
    assert out.out.count(".pdf") == 2 and "[0/2] Austria" in out.err
    assert main(["pack", str(pos), "-o", str(tmp_path / "out"), "--power", "Narnia"]) == 2
