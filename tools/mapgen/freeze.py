"""``python -m tools.mapgen hypereconomic``: draw the world of 1914 and propose its facts.

Without ``--freeze`` the map is checked against the committed ``variants/hypereconomic``
as every board is. With ``--freeze`` the proposal read back from the written SVG becomes the
variant's provinces, adjacency, canals and sheets (``variant.toml``), and the provisional
``nations.toml`` and ``provinces.toml`` are written beside it (numbers from ``pack.py``).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from .board import REPO, Province, Variant
from .world import Proposal, World, draft_variant, load_world, propose, sheet_boxes, world_board

OUT = REPO / "variants" / "hypereconomic"


def _final_variant(draft: Variant, prop: Proposal, specials: tuple[dict, ...]) -> Variant:
    provs = {p: Province(v.id, v.name, prop.kinds[p], False, v.coasts) for p, v in draft.provinces.items()}
    return Variant(draft.id, provs, frozenset(prop.army), frozenset(prop.fleet), draft.path, specials)


def canal_specials(world: World, prop: Proposal) -> list[dict]:
    """The board's canals as the variant's ``[[special]]`` entries; each side of a canal is
    its sea and the canal province's fleet neighbours along that sea."""
    fp = _province_pairs(prop)
    seas = {p for p, k in prop.kinds.items() if k == "sea"}
    out = []
    for c in world.board.get("canal", []):
        pid = c["province"]
        land = sorted({o.split("/")[0] for pr in prop.fleet for loc in pr if loc.split("/")[0] == pid
                       for o in pr - {loc}} - seas - {pid})
        sides = [[sea] + [n for n in land if frozenset((n, sea)) in fp] for sea in c["between"]]
        sp = {"kind": "canal", "name": c["name"], "provinces": [pid], "between": list(c["between"]),
              "closable": True}
        if "site" in c:
            sp["site"] = c["site"]
        else:
            sp["state"] = c.get("state", "open")
        sp["coasts"] = list(c["coasts"])
        sp["sides"] = sides
        out.append(sp)
    return out


def _province_pairs(prop: Proposal) -> set[frozenset[str]]:
    return {frozenset(loc.split("/")[0] for loc in pr) for pr in prop.fleet}


def bridge_specials(world: World) -> list[dict]:
    return [{"kind": "land_bridge", "between": sorted(line.split()), "units": ["D"]}
            for line in world.board.get("declared", {}).get("army", [])]


def run(out: str | None, png: str | None, debug_png: str | None, freeze: bool) -> int:
    from .anchors import place_anchors
    from .build import build
    from .check import adjacency_diff, format_diff, read_specials, read_svg
    from .specials import special_lines
    from .svg import write_svg
    from .variant_files import write_variant_files

    t0 = time.perf_counter()
    world = load_world()
    draft = draft_variant(world, OUT / "variant.toml")
    board = world_board(world, draft)
    geom = build(board, draft)
    tol = float(board.geometry.get("border_tolerance", 1.5))
    declared = world.board.get("declared", {})
    prop = propose(draft, geom.provinces, geom.coasts, tol, declared)
    specials = tuple(canal_specials(world, prop) + bridge_specials(world))
    variant = _final_variant(draft, prop, specials)
    svg_path = Path(out) if out else OUT / "map.svg"
    svg_path.parent.mkdir(parents=True, exist_ok=True)
    text = ""
    for _ in range(2):  # the second pass draws with the kinds and coasts read off the first
        geom.coast_seas = dict(prop.coast_seas)
        fs = float(board.style.get("label_font_size", 4))
        anchors = place_anchors(geom, variant, label_size=(fs * 2.1, fs))
        lines = special_lines(geom, variant, board)
        text = write_svg(geom, variant, anchors, board.style, specials=lines,
                         title="diplodesk hypereconomic world board (1914), drawn by tools/mapgen "
                               "from Natural Earth data and our own 1914 data")
        svg_path.write_text(text, encoding="utf-8", newline="\n")
        provinces, coasts = read_svg(str(svg_path))
        again = propose(draft, provinces, coasts, tol, declared)
        specials = tuple(canal_specials(world, again) + bridge_specials(world))
        settled = again.army == prop.army and again.fleet == prop.fleet and again.kinds == prop.kinds
        prop, variant = again, _final_variant(draft, again, specials)
        if settled:
            break
    for note in geom.notes:
        print(f"note: {note}")
    for c in prop.candidates:
        print(f"multi-coast candidate: {c}")
    land = sum(1 for k in prop.kinds.values() if k in ("land", "coast"))
    seas = sum(1 for k in prop.kinds.values() if k == "sea")
    print(f"wrote {svg_path} ({len(text) // 1024} KiB) in {time.perf_counter() - t0:.1f} s: "
          f"{land} land provinces, {seas} seas, {len(prop.army)} army and {len(prop.fleet)} fleet moves")
    if freeze:
        sheets = sheet_boxes(world, geom.projector)
        write_variant_files(OUT, world, variant, prop, sheets, geom)
        print(f"froze the proposal into {OUT}")
    status = 0
    try:
        from .board import load_variant

        committed = load_variant("hypereconomic")
    except FileNotFoundError:
        print("no variants/hypereconomic/variant.toml yet: run with --freeze")
        committed, status = None, 1
    if committed is not None:
        provinces, coasts = read_svg(str(svg_path))
        diff = adjacency_diff(committed, provinces, coasts, board.allow, tol, read_specials(str(svg_path)))
        print(f"adjacency diff (map vs variant, border > {tol} units):")
        print(format_diff(diff))
        status = 0 if diff.clean else 1
    if png:
        from .render import svg_to_png

        svg_to_png(str(svg_path), png, 4000)
    if debug_png:
        from .render import debug_png as draw_debug

        draw_debug(geom, variant, anchors, debug_png, lines, None)
    return status


if __name__ == "__main__":
    sys.exit(run(None, None, None, "--freeze" in sys.argv))
