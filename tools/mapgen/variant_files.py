"""Write the frozen world board as a Hypereconomic variant folder, with its provisional pack.

The facts (provinces, kinds, adjacency, canals, sheets) are the generator's proposal. The
numbers (stockpiles, yields, fishing capacities, investment regions) are ours, made by the
plain formulas below so that they can be told from published values and regenerated: every
table says ``status = "provisional"`` in its ``[meta]``. The tables the world does not change
(costs, combat, research, covert, the rules text's own numbers) are the test board's, copied.
"""

from __future__ import annotations

import json
import shutil
import zlib
from pathlib import Path

from .board import REPO

MINI = REPO / "examples" / "hyper-mini"
SOURCE = "diplodesk provisional pack 1 (world)"
# nations whose industry the provisional yields favour (more I); ours, for a playable start
INDUSTRIAL = {"gbr": 3, "ger": 3, "usa": 3, "fra": 2, "bel": 2, "aut": 1, "ita": 1, "jpn": 1,
              "ned": 1, "swi": 1, "swe": 1, "rus": 0}
# investment regions (T12): a nation belongs to the first whose lon/lat box holds its first
# province's namesake place
REGIONS = [
    ("weu", "Western Europe", (-25, 42, 16, 72)),
    ("ceu", "Central and Eastern Europe", (16, 40, 60, 72)),
    ("med", "The Mediterranean and the Near East", (-20, 20, 62, 42)),
    ("afr", "Africa", (-25, -40, 60, 20)),
    ("asi", "South and Central Asia", (60, -12, 100, 60)),
    ("eas", "East Asia and the Pacific", (100, -12, 180, 75)),
    ("oce", "Oceania", (100, -50, 180, -12)),
    ("nam", "North America and the Caribbean", (-180, 18, -40, 85)),
    ("lam", "Latin America", (-120, -60, -30, 23)),
]
SHEET_ORDER = ("europe", "americas", "africa", "asia")  # the first: where the GM desk first opens


def value(v) -> str:
    """A TOML value (the few kinds these files hold)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list | tuple):
        return "[" + ", ".join(value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k} = {value(x)}" for k, x in v.items()) + "}"
    raise TypeError(type(v))


def _wrapped(key: str, items: list[str], width: int = 96) -> list[str]:
    out, line = [f"{key} = ["], "  "
    for it in items:
        piece = value(it) + ", "
        if len(line) + len(piece) > width:
            out.append(line.rstrip())
            line = "  "
        line += piece
    if line.strip():
        out.append(line.rstrip())
    out.append("]")
    return out


def _roll(pid: str, salt: str, n: int) -> int:
    return zlib.crc32(f"{pid}:{salt}".encode()) % n


def provisional_yields(world, kinds: dict[str, str]) -> dict[str, dict[str, int]]:
    """Ours: A 1-4 and I 0-2 a province by a fixed roll of its id, a home nation's first
    province (its capital) one more of each, industrial nations more I, territories less."""
    out = {}
    firsts = {}
    for p in world.provinces.values():
        firsts.setdefault(p.unit, p.id)
    for p in world.provinces.values():
        if kinds[p.id] not in ("land", "coast"):
            continue
        u = world.units[p.unit]
        a = 1 + _roll(p.id, "A", 4)
        i = _roll(p.id, "I", 3)
        if u.kind == "home":
            i += INDUSTRIAL.get(u.id, 0) if _roll(p.id, "ind", 2) else INDUSTRIAL.get(u.id, 0) // 2
            if firsts[u.id] == p.id:
                a, i = a + 1, i + 1
        else:
            i = min(i, 1)
        out[p.id] = {"A": a, "I": i}
    return out


def write_variant_files(folder: Path, world, variant, prop, sheets: dict, geom) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "variant.toml").write_text(_variant_toml(world, variant, prop, sheets), encoding="utf-8")
    yields = provisional_yields(world, prop.kinds)
    (folder / "nations.toml").write_text(_nations_toml(world, yields), encoding="utf-8")
    (folder / "provinces.toml").write_text(_provinces_toml(world, yields), encoding="utf-8")
    shutil.copy(MINI / "rules.toml", folder / "rules.toml")
    tables = folder / "tables"
    tables.mkdir(exist_ok=True)
    for f in sorted((MINI / "tables").glob("*.toml")):
        text = f.read_text(encoding="utf-8").replace("diplodesk provisional pack 1", SOURCE)
        (tables / f.name).write_text(text, encoding="utf-8")
    (tables / "t12-investment-regions.toml").write_text(_regions_toml(world), encoding="utf-8")
    (tables / "t13-fishing-capacity.toml").write_text(_fishing_toml(world, geom), encoding="utf-8")


def _variant_toml(world, variant, prop, sheets: dict) -> str:
    homes = [u for u in world.units.values() if u.kind == "home"]
    out = [
        "# The Hypereconomic Diplomacy world board of early 1914. Written by",
        "# `python -m tools.mapgen hypereconomic --freeze` from tools/mapgen/world1914/ (the",
        "# provinces' kinds and the adjacency are read off the drawn map and then kept here as",
        "# data); see README.md. Every economic number is provisional (tables/ and the [meta] of",
        "# each table).",
        "format = 1",
        'id = "hypereconomic"',
        'name = "Hypereconomic Diplomacy (1914)"',
        'description = "The world of early 1914 for about sixty players, with an economy '
        '(provisional tables)."',
        'engine = "hypereconomic"',
        'tables = ["rules.toml", "nations.toml", "provinces.toml", "tables/*.toml"]',
        "",
        "[calendar]",
        "start_year = 1914",
        "# Winter, Spring, Summer (U), Autumn (F): a year passes after each winter",
        'seasons = ["W", "S", "U", "F"]',
        "years_after = {W = 1, S = 0, U = 0, F = 0}",
        "",
        "# the home nations (II.1); territories are nations of the economy under a home nation",
        "[powers]",
    ]
    out += [f"{u.id} = {value({'adjective': u.adjective, 'color': u.color})}" for u in homes]
    out += ["", "[provinces]"]
    for pid, p in variant.provinces.items():
        spec = {"name": p.name, "kind": p.kind}
        if p.coasts:
            spec["coasts"] = list(p.coasts)
        out.append(f"{pid} = {value(spec)}")
    out += ["", "[adjacency]"]
    out += _wrapped("army", prop.lines("army"))
    out += _wrapped("fleet", prop.lines("fleet"))
    out += ["", '[start]', 'phase = "W1914M"', "units = []", ""]
    for sp in variant.specials:
        out.append("[[special]]")
        out += [f"{k} = {value(v)}" for k, v in sp.items()]
        out.append("")
    out.append("# The map's provinces share their borders point for point (to the SVG's 0.1 unit): the")
    out.append("# gap borders are measured across, for the app and the map editor, and the shared")
    out.append("# boundary that makes two provinces neighbours (the board's border_tolerance)")
    tol = float(world.board.get("geometry", {}).get("border_tolerance", 1.5))
    out += ["[editor]", "gap = 0.1", f"min_border = {value(tol)}", ""]
    out.append("# Regional sheets: views of the one world map, for screen and print (svg units); the first")
    out.append("# is where the GM desk opens the first time")
    out.append("[sheets]")
    for sid in sorted(sheets, key=lambda s: SHEET_ORDER.index(s) if s in SHEET_ORDER else 99):
        out.append(f"{sid} = {value(sheets[sid])}")
    return "\n".join(out) + "\n"


def _meta(table: str, title: str, notes: str) -> list[str]:
    return ["[meta]", f"table = {value(table)}", f"title = {value(title)}", 'status = "provisional"',
            f"source = {value(SOURCE)}", 'effective_from = "W1914M"', f"notes = {value(notes)}", ""]


def _nations_toml(world, yields) -> str:
    homes = [u for u in world.units.values() if u.kind == "home"]
    player = {u.id: f"p{i + 1:02d}" for i, u in enumerate(homes)}
    out = ["# The Nations table of the world board: the players (one home nation each, II.1), the",
           "# home nations and their territories. Every number is provisional (ours: a formula of",
           "# the nation's provinces and yields, in tools/mapgen/variant_files.py).", ""]
    out += _meta("nations", "Nations (world of 1914)",
                 "Ours: stock from the yields of the nation's provinces; one A and one I team a home nation.")
    for u in homes:
        out += ["[[player]]", f"id = {value(player[u.id])}", f"name = {value('Player ' + player[u.id][1:])}",
                f"home = {value(u.id)}", ""]
    abbrs = nation_abbrs(world)
    for u in world.units.values():
        if u.kind == "impassable":
            continue
        ys = [y for pid, y in yields.items() if world.provinces[pid].unit == u.id]
        a, i, n = sum(y["A"] for y in ys), sum(y["I"] for y in ys), len(ys)
        home = u.kind == "home"
        stock = {"gold": 4 + 2 * i if home else 1 + i, "M": 6 + 3 * n if home else 2 * n,
                 "A": 2 * a, "I": 2 * i}
        out += ["[[nation]]", f"id = {value(u.id)}", f"abbr = {value(abbrs[u.id])}", f"name = {value(u.name)}"]
        if u.aliases:
            out.append(f"aliases = {value(list(u.aliases))}")
        out.append(f"kind = {value(u.kind)}")
        if not home:
            out.append(f"suzerain = {value(u.suzerain)}")
        out.append(f"controllers = {value([player[u.id if home else u.suzerain]])}")
        out.append(f"stock = {value(stock)}")
        out.append(f"escrow = {value(max(1, stock['gold'] // 3))}")
        if home:
            out.append(f"trs = {value(n // 4)}")
            out.append("teams = { A = 1, I = 1 }")
        out.append("")
    return "\n".join(out)


def nation_abbrs(world) -> dict[str, str]:
    """Four letters of the name, home nations first; a territory whose four letters another
    nation has (Brit..., Germ...) is written by its id, so that orders name one nation."""
    out: dict[str, str] = {}
    taken: set[str] = set()
    units = [u for u in world.units.values() if u.kind != "impassable"]
    for u in sorted(units, key=lambda u: u.kind != "home"):
        a = u.name.replace(" ", "")[:4].title()
        out[u.id] = a if a.lower() not in taken else u.id.title()
        taken.add(out[u.id].lower())
    return out


def _provinces_toml(world, yields) -> str:
    out = ["# The Provinces and Territories table of the world board: the holder at the start and",
           "# the yields of every land province. Every yield is provisional (ours: see",
           "# tools/mapgen/variant_files.py). M yields are T18's, a manpower yield per province.", ""]
    out += _meta("provinces", "Provinces and territories (world of 1914)",
                 "Ours: A 1-4 and I 0-2 by a fixed roll, capitals and industrial nations more.")
    specials = {"swit": ["guards-only", "no-attack-while-integral"]}
    for pid, y in yields.items():
        p = world.provinces[pid]
        out += ["[[province]]", f"id = {value(pid)}", f"abbr = {value(pid.title())}",
                f"nation = {value(p.unit)}", f"yield = {value(y)}"]
        if pid in specials:
            out.append(f"special = {value(specials[pid])}")
        out.append("")
    return "\n".join(out)


def region_of(world, unit_id: str) -> str:
    first = next(p for p in world.provinces.values() if p.unit == unit_id)
    lon, lat = first.seeds[0]
    for rid, _, (x0, y0, x1, y1) in REGIONS:
        if x0 <= lon <= x1 and y0 <= lat <= y1:
            return rid
    raise ValueError(f"{unit_id}: no investment region holds {first.id} {first.seeds[0]}")


def _regions_toml(world) -> str:
    out = _meta("T12", "Investment regions (world of 1914)",
                "Ours: nine regions of the world; a nation is in the region of its first province.")
    members: dict[str, list[str]] = {}
    for u in world.units.values():
        if u.kind != "impassable":
            members.setdefault(region_of(world, u.id), []).append(u.id)
    for rid, name, _ in REGIONS:
        out += ["[[regions]]", f"id = {value(rid)}", f"name = {value(name)}"]
        out += _wrapped("nations", members.get(rid, []))
        out.append("")
    return "\n".join(out)


def fishing_capacity(area: float) -> int:
    """Ours: a sea holds more fishing fleets the larger it is, 1 to 5."""
    return 1 + sum(area > t for t in (1500.0, 6000.0, 20000.0, 60000.0))


def _fishing_toml(world, geom) -> str:
    out = ["# the table's values come first: TOML puts keys after a [header] inside it",
           "default = 1           # no sea is left to the default: every sea is listed below", "",
           "[capacity]"]
    out += [f"{sid} = {fishing_capacity(geom.provinces[sid].area)}" for sid in world.seas]
    out.append("")
    out += _meta("T13", "Fishing capacity of the seas (world of 1914)",
                 "Ours: 1 to 5 fishing fleets by the sea's size on the map.")
    return "\n".join(out)
