"""Hypereconomic season speed: sixty nations with ten orders each on a generated board.

    python bench/bench_hyper.py [--quick]

Writes a generated variant folder (sixty nations of five land provinces, a sea between
neighbours, the test board's tables) into a temporary folder, builds a season in which each
nation has units, installations and ten orders (builds, holds and moves, public works,
transfers, a failure list, orders of later parts), and reports the median time of
``adjudicate()`` from the position dict to the result dict (target: under 0.2 s), and as a
ratio to a standard movement phase adjudicated in the same run, for scale.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from diplodesk.engine import adjudicate, load_variant, seasons  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
MINI = ROOT / "examples" / "hyper-mini"


def generated_variant(folder: Path, nations: int = 60, per: int = 5) -> Path:
    """A ring of nations, each a chain of ``per`` land provinces with a coast on its own sea."""
    provinces, army, fleet, powers = [], [], [], []
    nat_rows, prov_rows, player_rows = [], [], []
    for n in range(nations):
        nid = f"n{n:02d}"
        powers.append(f'{nid} = {{color = "#{(n * 40503) % 0xffffff:06x}"}}')
        sea = f"s{n:02d}"
        provinces.append(f'{sea} = {{name = "Sea {n}", kind = "sea"}}')
        fleet.append(f'"{sea} s{(n + 1) % nations:02d}"')
        for i in range(per):
            pid = f"{nid}p{i}"
            kind = "coast" if i == 0 else "land"
            provinces.append(f'{pid} = {{name = "Province {n}-{i}", kind = "{kind}"}}')
            prov_rows.append(f'[[province]]\nid = "{pid}"\nnation = "{nid}"\nyield = {{ A = {2 + i % 3}, I = {1 + i % 2} }}\n')
            if i:
                army.append(f'"{nid}p{i - 1} {pid}"')
        fleet.append(f'"{nid}p0 {sea}"')
        army.append(f'"{nid}p{per - 1} n{(n + 1) % nations:02d}p1"')
        player_rows.append(f'[[player]]\nid = "p{n:02d}"\nhome = "{nid}"\n')
        nat_rows.append(f'[[nation]]\nid = "{nid}"\nname = "Nation {n}"\nkind = "home"\n'
                        f'controllers = ["p{n:02d}"]\nstock = {{ gold = 40, M = 60, A = 50, I = 60 }}\n'
                        f'escrow = 12\ntrs = 3\n')
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "variant.toml").write_text(
        'format = 1\nid = "hyper-bench"\nname = "Generated"\nengine = "hypereconomic"\n'
        'tables = ["rules.toml", "nations.toml", "provinces.toml", "tables/*.toml"]\n'
        '[calendar]\nstart_year = 1914\nseasons = ["W", "S", "U", "F"]\n'
        'years_after = {W = 1, S = 0, U = 0, F = 0}\n'
        '[powers]\n' + "\n".join(powers) + '\n[provinces]\n' + "\n".join(provinces)
        + '\n[adjacency]\narmy = [' + ", ".join(army) + ']\nfleet = [' + ", ".join(fleet) + ']\n'
        '[start]\nphase = "W1914M"\nunits = []\n')
    meta = '[meta]\ntable = "{t}"\nstatus = "provisional"\nsource = "bench"\n'
    (folder / "nations.toml").write_text(meta.format(t="nations") + "\n" + "\n".join(player_rows + nat_rows))
    (folder / "provinces.toml").write_text(meta.format(t="provinces") + "\n" + "\n".join(prov_rows))
    shutil.copy(MINI / "rules.toml", folder / "rules.toml")
    shutil.copytree(MINI / "tables", folder / "tables", dirs_exist_ok=True)
    # the test board's regions and seas are its own: regions of ten nations; every sea holds 2
    rows = []
    for r in range(0, nations, 10):
        members = ", ".join(f'"n{n:02d}"' for n in range(r, min(nations, r + 10)))
        rows.append(f'[[regions]]\nid = "r{r // 10}"\nnations = [{members}]\n')
    (folder / "tables" / "t12-investment-regions.toml").write_text(meta.format(t="T12") + "\n" + "\n".join(rows))
    (folder / "tables" / "t13-fishing-capacity.toml").write_text("default = 2\n\n" + meta.format(t="T13"))
    return folder


def season_position(folder: Path, seed: int = 60) -> dict:
    rng = random.Random(seed)
    variant = load_variant(str(folder))
    pos = seasons.start_other(variant, "bench secret", str(folder)).to_json()
    eco = pos["economy"]
    orders: dict[str, list[str]] = {}
    for nid in sorted(eco["nations"]):
        eco["nations"][nid]["acquired"] = 3
        for i in (1, 2):
            eco["installations"].append({"type": "Y", "owner": nid, "at": f"{nid}p{i}", "built": "F1914M", "M": 2})
        for k in (1, 2, 3):
            pos["units"].append({"id": f"{k}D", "power": nid, "type": "D", "at": f"{nid}p{k}", "M": 6})
        orders[nid] = [
            "1D ho (no)", f"2D mo {nid}p1", "3D st", f"bu D {nid}p1", f"bu Y {nid}p3",
            f"bu {rng.randint(1, 4)} Trs", f"pw ${rng.randint(1, 5)} {nid}p0",
            "fo bu.unit, bu.Tr", "co A", f"bu N {nid}p4",
        ]
    pos["orders"] = orders
    return pos


def military_position(folder: Path, per_nation: int) -> dict:
    """Every nation with ``per_nation`` divisions, most in contact: those on the border attack
    the next nation's first province, which holds; the rest hold or stand."""
    variant = load_variant(str(folder))
    pos = seasons.start_other(variant, "bench secret", str(folder)).to_json()
    places = ["p4", "p4", "p1", "p1", "p3", "p2", "p3", "p2"][:per_nation]
    nations = sorted(pos["economy"]["nations"])
    for k, nid in enumerate(nations):
        nxt = nations[(k + 1) % len(nations)]
        pos["economy"]["nations"][nid]["acquired"] = per_nation
        orders = []
        for i, where in enumerate(places, start=1):
            pos["units"].append({"id": f"{i}D", "power": nid, "type": "D", "at": f"{nid}{where}", "M": 6})
            if where == "p4":
                orders.append(f"{i}D at {nxt}p1 (re {nid}p3)")
            else:
                orders.append(f"{i}D {'ho' if where == 'p1' else 'st'}")
        pos["orders"] = pos.get("orders", {}) | {nid: orders}
    return pos


def median_time(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer runs (for CI and a first look)")
    args = ap.parse_args()
    runs = 5 if args.quick else 21
    with tempfile.TemporaryDirectory() as tmp:
        folder = generated_variant(Path(tmp) / "hyper-bench")
        pos = season_position(folder)
        result = adjudicate(pos)  # warm: tables read once per variant
        n_orders = sum(len(v) for v in pos["orders"].values())
        hyper = median_time(lambda: adjudicate(pos), runs)
        from bench_engine import standard_positions

        std = standard_positions(1)[0]  # 34 units, each with a random legal order
        standard = median_time(lambda: adjudicate(std), runs * 10)
    print(f"Hypereconomic economic season: {len(pos['orders'])} nations, {n_orders} orders, "
          f"{len(pos['units'])} units, {len(result['ledger'])} ledger entries")
    print(f"  adjudicate: median {hyper * 1000:.1f} ms (target < 200 ms: "
          f"{'met' if hyper < 0.2 else 'NOT met'})")
    print(f"  a standard movement phase (34 units ordered) in the same run: {standard * 1000:.2f} ms "
          f"(ratio {hyper / standard:.0f}x)")
    ok = hyper < 0.2
    with tempfile.TemporaryDirectory() as tmp:
        folder = generated_variant(Path(tmp) / "hyper-bench")
        print("Military seasons (issue 16: 400 units in contact under 0.5 s, about linear):")
        base = None
        for per in (2, 4, 7):
            mil = military_position(folder, per)
            adjudicate(mil)
            t = median_time(lambda mil=mil: adjudicate(mil), max(3, runs // 3))
            base = base or t / len(mil["units"])
            print(f"  {len(mil['units']):4d} units: median {t * 1000:.1f} ms "
                  f"({t / len(mil['units']) / base:.2f}x the time per unit of the smallest)")
        ok = ok and t < 0.5
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
