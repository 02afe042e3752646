"""A made-up variant with a railroad, written into the user's variant folder for tests.

Two rows of square provinces: the top row is the railroad line (Moscow to Vladivostok,
Russia's only), the bottom row Ukraine, Kazakhstan and China's two home centres, with an
ocean at the east end. Small enough to check by eye, real enough for the engine.
"""

from __future__ import annotations

from pathlib import Path

TOML = '''format = 1
id = "tinyrail"
name = "Tiny Railroad"
description = "A made-up board for tests: a railroad line across the top."

[calendar]
start_year = 1870
seasons = ["S", "F"]
build_after = "F"

[victory]
centers = 5

[powers]
Russia = {adjective = "Russian", color = "#8e6bb8"}
China = {adjective = "Chinese", color = "#e0b020"}

[provinces]
mos = {name = "Moscow", kind = "land", center = true, home = "Russia"}
prm = {name = "Perm", kind = "land"}
oms = {name = "Omsk", kind = "land", center = true, home = "Russia"}
kra = {name = "Krasnoyarsk", kind = "land", center = true}
irk = {name = "Irkutsk", kind = "coast"}
vla = {name = "Vladivostok", kind = "coast", center = true}
ukr = {name = "Ukraine", kind = "land"}
kaz = {name = "Kazakhstan", kind = "land"}
mon = {name = "Mongolia", kind = "land", center = true, home = "China"}
man = {name = "Manchuria", kind = "coast", center = true, home = "China"}
ocn = {name = "Ocean", kind = "sea"}

[adjacency]
army = ["mos prm", "prm oms", "oms kra", "kra irk", "irk vla", "ukr kaz", "kaz mon", "mon man",
        "mos ukr", "prm kaz", "oms mon", "kra man"]
fleet = ["ocn irk", "ocn vla", "ocn man", "irk vla"]

[[special]]
kind = "railroad"
name = "Trans-Siberian Railroad"
code = "TSR"
provinces = ["mos", "prm", "oms", "kra", "irk", "vla"]
powers = ["Russia"]

[start]
phase = "S1870M"
units = [
  {power = "Russia", type = "A", at = "mos"},
  {power = "Russia", type = "A", at = "oms"},
  {power = "China", type = "A", at = "man"},
  {power = "China", type = "A", at = "mon"},
]
'''

CELLS = {"mos": (0, 0), "prm": (1, 0), "oms": (2, 0), "kra": (3, 0), "irk": (4, 0), "vla": (5, 0),
         "ukr": (0, 1), "kaz": (1, 1), "mon": (2, 1), "man": (3, 1)}
COASTS = {"irk", "vla", "man"}


def svg() -> str:
    shapes = [f'<rect id="{pid}" data-kind="{"coast" if pid in COASTS else "land"}" x="{c * 100}" '
              f'y="{r * 100}" width="100" height="100"/>' for pid, (c, r) in CELLS.items()]
    shapes.append('<rect id="ocn" data-kind="sea" x="400" y="100" width="200" height="100"/>')
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 200" data-diplodesk-map="1">'
            '<g id="background"><rect width="600" height="200" fill="#b9d4e6"/></g>'
            f'<g id="provinces">{"".join(shapes)}</g><g id="anchors"/></svg>')


def install(user_data: Path) -> Path:
    """Write the variant into ``user_data``/diplodesk/variants/tinyrail (XDG_DATA_HOME)."""
    folder = Path(user_data) / "diplodesk" / "variants" / "tinyrail"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "variant.toml").write_text(TOML, encoding="utf-8")
    (folder / "map.svg").write_text(svg(), encoding="utf-8")
    return folder
