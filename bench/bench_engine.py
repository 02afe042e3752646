"""Engine speed: a full standard movement phase, and a synthetic large board.

    python bench/bench_engine.py [--quick] [--explain]

Reports our median time to adjudicate a standard movement phase with 34 units ordered
(target: 0.2 ms or less), both from the position dict to the result dict and for the
resolution alone, and where the optional ``diplomacy`` package (MILA's engine, AGPL:
never a dependency, only a yardstick) is installed, its median on the same positions and
the ratios; how much slower adjudicating is with ``explain=True`` (the same positions,
in the same run; ``--explain`` gives only that, with the proof that explanations cost
nothing when not asked for: a run without them never even imports ``engine/explain.py``).
Then a synthetic board of about 2,000 provinces and 1,000 units,
at several sizes, to show that time grows about linearly with the number of units.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from diplodesk.engine import adjudicate, load_position, process  # noqa: E402
from diplodesk.engine.board import ProvinceKind  # noqa: E402
from diplodesk.engine.options import movement_options  # noqa: E402
from diplodesk.engine.orders import format_order  # noqa: E402
from diplodesk.engine.position import Position  # noqa: E402
from diplodesk.engine.process import outcome_to_json  # noqa: E402
from diplodesk.engine.variant import Variant  # noqa: E402
from diplodesk.variants import load_variant  # noqa: E402


def standard_positions(n: int, seed: int = 34) -> list[dict]:
    """Positions with all 34 centres' worth of units (34 units), each with a random legal order."""
    rng = random.Random(seed)
    v = load_variant("standard")
    out = []
    land = [p for p in v.board.provinces.values() if p.kind is not ProvinceKind.IMPASSABLE]
    while len(out) < n:
        rng.shuffle(land)
        units = []
        for p in land[:34]:
            if p.kind is ProvinceKind.SEA or (p.kind is ProvinceKind.COAST and rng.random() < 0.4):
                units.append({"power": rng.choice(v.power_names), "type": "F", "at": rng.choice(p.locations)})
            else:
                units.append({"power": rng.choice(v.power_names), "type": "A", "at": p.id})
        data = {"variant": "standard", "phase": "S1901M", "units": units}
        pos = load_position(data)
        orders: dict[str, list[str]] = {}
        for prov, u in pos.units.items():
            opts = movement_options(pos, prov)
            orders.setdefault(u.power, []).append(format_order(rng.choice(opts)))
        data["orders"] = orders
        out.append(data)
    return out


def median_ms(fn, items, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        for it in items:
            t0 = time.perf_counter()
            fn(it)
            times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def mila_adjudicator():
    """MILA's engine: set-up (a game with the units and orders) is not timed, process() is."""
    try:
        from diplomacy import Game  # type: ignore
    except ImportError:
        return None

    def setup(data):
        g = Game()
        g.clear_units()
        by_power: dict[str, list[str]] = {}
        for u in data["units"]:
            by_power.setdefault(u["power"].upper(), []).append(f"{u['type']} {u['at'].upper().replace('/', '/')}")
        for p, us in by_power.items():
            g.set_units(p, us)
        for p, orders in data["orders"].items():
            g.set_orders(p.upper(), [o.upper() for o in orders])
        return g

    return setup


def synthetic_variant(side: int) -> Variant:
    """A side x side grid of land provinces, every fourth a centre, four powers."""
    provinces, army = {}, []
    for r in range(side):
        for c in range(side):
            pid = f"p{r}_{c}"
            provinces[pid] = {"name": f"Prov {r} {c}", "kind": "land", "center": (r + c) % 4 == 0}
            if c + 1 < side:
                army.append(f"{pid} p{r}_{c + 1}")
            if r + 1 < side:
                army.append(f"{pid} p{r + 1}_{c}")
    data = {
        "id": "grid", "name": "Grid",
        "powers": {n: {"adjective": n, "color": "#336699"} for n in ("North", "South", "East", "West")},
        "provinces": provinces, "adjacency": {"army": army, "fleet": []},
        "start": {"phase": "S1901M", "units": []}, "victory": {"centers": 1},
    }
    return Variant.from_data(data, "synthetic")


def synthetic_position(variant: Variant, n_units: int, rng: random.Random) -> dict:
    board = variant.board
    provs = list(board.provinces)
    rng.shuffle(provs)
    powers = variant.power_names
    units = [{"power": rng.choice(powers), "type": "A", "at": p} for p in provs[:n_units]]
    at = {u["at"] for u in units}
    orders: dict[str, list[str]] = {}
    for u in units:
        nbrs = sorted(board.army_adj[u["at"]])
        roll = rng.random()
        if roll < 0.5:
            o = f"A {u['at']} - {rng.choice(nbrs)}"
        elif roll < 0.8:
            friend = [n for n in nbrs if n in at]
            if friend:
                f = rng.choice(friend)
                dest = rng.choice(sorted(board.army_adj[f] & board.army_adj[u["at"]]) or [None])
                o = f"A {u['at']} S A {f}" + (f" - {dest}" if dest and rng.random() < 0.6 else "")
            else:
                o = f"A {u['at']} H"
        else:
            o = f"A {u['at']} H"
        orders.setdefault(u["power"], []).append(o)
    return {"variant": "grid", "phase": "S1901M", "units": units, "orders": orders}


def explain_figures(positions: list[dict], rounds: int) -> tuple[list[float], list[float], list[float]]:
    """Medians' material for explanations (issue 14): adjudicate() without explain, with
    explain=False said, and with explain=True, turn about on the same positions in one
    loop, so the ratios share the machine's ups and downs."""
    clock = time.perf_counter
    plain: list[float] = []
    said_off: list[float] = []
    explained: list[float] = []
    for _ in range(rounds):
        for p in positions:
            t0 = clock()
            adjudicate(p)
            plain.append(clock() - t0)
            t0 = clock()
            adjudicate(p, explain=False)
            said_off.append(clock() - t0)
            t0 = clock()
            adjudicate(p, explain=True)
            explained.append(clock() - t0)
    return plain, said_off, explained


def explain_never_loaded() -> bool:
    """In a fresh interpreter, a thousand adjudications without explain leave the explain
    module unimported: its code cannot have run."""
    import subprocess

    code = ("import sys; sys.path.insert(0, 'src'); sys.path.insert(0, 'bench');"
            "from bench_engine import standard_positions; from diplodesk.engine import adjudicate;"
            "ps = standard_positions(20); [adjudicate(p) for _ in range(50) for p in ps];"
            "print('diplodesk.engine.explain' in sys.modules)")
    root = Path(__file__).resolve().parents[1]
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    return out.stdout.strip() == "False"


def explain_main(args) -> int:
    positions = standard_positions(20 if args.quick else 50)
    for p in positions:
        adjudicate(p, explain=True)  # warm caches (variant load, parses, the explain module)
    gc.collect()
    gc.disable()
    plain, said_off, explained = explain_figures(positions, 3 if args.quick else 10)
    gc.enable()

    def ms(xs: list[float]) -> float:
        return statistics.median(xs) * 1000

    print(f"explanations, standard movement phase, 34 units ordered, median of {len(plain)} runs each:")
    print(f"  adjudicate(p)                {ms(plain):7.3f} ms")
    print(f"  adjudicate(p, explain=False) {ms(said_off):7.3f} ms   {ms(said_off) / ms(plain):.2f}x")
    print(f"  adjudicate(p, explain=True)  {ms(explained):7.3f} ms   {ms(explained) / ms(plain):.2f}x")
    never = explain_never_loaded()
    print(f"  without explain, engine/explain.py is never imported: {'yes' if never else 'NO'}")
    return 0 if never else 1


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--explain", action="store_true",
                    help="only how much slower adjudication is with explain=True, and that off costs nothing")
    args = ap.parse_args()
    if args.explain:
        return explain_main(args)
    positions = standard_positions(20 if args.quick else 50)
    for p in positions:
        adjudicate(p)  # warm caches (variant load, parses)
    rounds = 3 if args.quick else 8
    mila = mila_adjudicator()
    if mila is not None:
        try:
            for p in positions[:5]:
                mila(p).process()  # warm MILA too (imports, lazy tables)
        except Exception as e:  # a yardstick only
            print(f"(MILA diplomacy could not run these positions: {e})")
            mila = None
    # Each engine is timed warm, as timeit would (collector off), position by position,
    # turn about: our run comes right after an untimed run of ours on the same position,
    # MILA's process() right after its untimed set-up of that game (units placed, orders
    # parsed), so that both engines share the machine's ups and downs at the scale of a
    # millisecond (a shared machine is noisy; the ratios are the figures that travel).
    # Three of our figures: adjudicate() from the position dict to the result dict (the
    # whole contract: reading, checking, resolving, writing); process() on a position read
    # beforehand, like for like with MILA's process(); and, cold, adjudicate() right after
    # MILA's work, which leaves the CPU caches full of the other engine's data.
    gc.collect()
    gc.disable()
    whole: list[float] = []
    core: list[float] = []
    theirs: list[float] = []
    cold_mine: list[float] = []
    cold_theirs: list[float] = []
    clock = time.perf_counter
    for _ in range(rounds):
        for p in positions:
            adjudicate(p)
            t0 = clock()
            adjudicate(p)
            whole.append(clock() - t0)
            read = load_position(p)
            t0 = clock()
            process(read)
            core.append(clock() - t0)
            if mila is not None:
                g = mila(p)
                t0 = clock()
                g.process()
                theirs.append(clock() - t0)
    if mila is not None:
        for _ in range(rounds):
            for p in positions:
                g = mila(p)
                t0 = clock()
                adjudicate(p)
                cold_mine.append(clock() - t0)
                t0 = clock()
                g.process()
                cold_theirs.append(clock() - t0)
    # Explanations (issue 14): adjudicate() with explain=True against the same positions
    # without it, turn about in one loop, so the ratio shares the machine's ups and downs.
    plain, _, explained = explain_figures(positions, rounds)
    # First sight: positions never seen, so every order text is parsed and checked afresh
    # (nothing remembered), as in a real game; MILA's set-up (which parses the orders) is
    # timed here too.
    fresh = standard_positions(20 if args.quick else 100, seed=1901)
    first_mine: list[float] = []
    first_theirs: list[float] = []
    for p in fresh:
        t0 = clock()
        adjudicate(p)
        first_mine.append(clock() - t0)
        if mila is not None:
            t0 = clock()
            mila(p).process()
            first_theirs.append(clock() - t0)
    gc.enable()

    def ms(xs: list[float]) -> float:
        return statistics.median(xs) * 1000

    print("standard movement phase, 34 units ordered, median of "
          f"{len(whole)} runs (target <= 0.2 ms, >= 5x MILA):")
    print(f"  adjudicate(dict) -> dict      {ms(whole):7.3f} ms"
          + (f"   MILA process() / ours: {ms(theirs) / ms(whole):.1f}x" if theirs else ""))
    print(f"  process(position), like MILA  {ms(core):7.3f} ms"
          + (f"   MILA process() / ours: {ms(theirs) / ms(core):.1f}x" if theirs else ""))
    if theirs:
        print(f"  MILA diplomacy process()      {ms(theirs):7.3f} ms")
        print(f"  alternating, cold caches: adjudicate {ms(cold_mine):.3f} ms, MILA {ms(cold_theirs):.3f} ms; "
              f"{ms(cold_theirs) / ms(cold_mine):.1f}x")
    print(f"  first sight of every order: adjudicate {ms(first_mine):.3f} ms"
          + (f", MILA set-up and process() {ms(first_theirs):.3f} ms; {ms(first_theirs) / ms(first_mine):.1f}x"
             if first_theirs else ""))
    print(f"  with explain=True: {ms(explained):.3f} ms against {ms(plain):.3f} ms without, "
          f"{ms(explained) / ms(plain):.2f}x (explanations are built only when asked for)")
    if not theirs:
        print("  (MILA 'diplomacy' not installed: pip install diplomacy to compare)")

    side = 45  # 2,025 provinces
    variant = synthetic_variant(side)

    def loader(ref: str) -> Variant:
        return variant

    def run(data):
        return outcome_to_json(process(Position.from_json(data, loader)))

    rng = random.Random(7)
    print(f"synthetic board: {len(variant.board.provinces)} provinces")
    for n in (125, 250, 500, 1000):
        items = [synthetic_position(variant, n, rng) for _ in range(3)]
        for it in items:
            run(it)  # parse and check each order once, as for the standard board
        t = median_ms(run, items, 2 if args.quick else 3)
        print(f"  {n:5d} units: {t:8.1f} ms  ({t / n * 1000:.1f} us per unit)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
