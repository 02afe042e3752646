"""The canals of a board (its ``canal`` specials) and their state in the position (VIII.5-6).

A canal's passage is data on the board, shared with the standard engine's canals; what an
economy adds is the state: open, closed (the province then has one coast per side), a site
not built, or a site being built, with the next season's cost already rolled.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

STATES = ("open", "closed", "site", "building")
FACTORS = ("gold", "M", "A", "I")


@dataclass(frozen=True)
class Canal:
    id: str
    province: str
    coasts: tuple[str, ...]  # one coast per side while it is shut
    sides: tuple[tuple[str, ...], ...]  # the provinces each coast reaches
    site: str | None  # the building schedule of a site not built at the start
    start: str = "open"  # open or closed at the start of the game

    def side_of(self, prov: str) -> str | None:
        """The coast a task force coming from (or going to) ``prov`` uses while it is shut."""
        hits = [c for c, side in zip(self.coasts, self.sides, strict=False) if prov in side]
        return hits[0] if len(hits) == 1 else None


def canals_of(board) -> dict[str, Canal]:
    """The canals an economy runs: those the variant marks closable or as a site."""
    out = {}
    for sp in board.specials:
        if sp.kind != "canal" or not (sp.get("closable") or sp.get("site")):
            continue
        prov = (sp.get("provinces") or ("",))[0]
        cid = str(sp.get("name") or prov)
        out[cid] = Canal(cid, prov, tuple(sp.get("coasts") or ()), tuple(tuple(s) for s in sp.get("sides") or ()),
                         sp.get("site"), str(sp.get("state") or "open"))
    return out


def initial(canal: Canal) -> dict[str, Any]:
    return {"state": "site" if canal.site else canal.start}


def read_state(data: Any, board, nations: set[str], fail: Callable[[str, str], Exception]) -> dict[str, dict]:
    """``economy.canals`` read strictly; a canal not named keeps its state at the start."""
    canals = canals_of(board)
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise fail("economy.canals", "expected an object of canals")
    out = {cid: initial(c) for cid, c in canals.items()}
    for cid, v in data.items():
        w = f"economy.canals.{cid}"
        if cid not in canals:
            raise fail(w, f"unknown canal (the board's: {', '.join(sorted(canals)) or 'none'})")
        if not isinstance(v, Mapping):
            raise fail(w, "expected an object like {\"state\": \"open\"}")
        extra = set(v) - {"state", "coasts", "builder", "paid", "next", "lapsed"}
        if extra:
            raise fail(f"{w}.{sorted(extra)[0]}", "unknown key")
        st = v.get("state")
        if st not in STATES:
            raise fail(f"{w}.state", f"expected one of {', '.join(STATES)}, got {st!r}")
        c = canals[cid]
        if st in ("site", "building") and not c.site:
            raise fail(f"{w}.state", f"{cid} is not a canal site")
        coasts = v.get("coasts", {})
        if not isinstance(coasts, Mapping) or any(x not in c.coasts for x in coasts.values()):
            raise fail(f"{w}.coasts", f"expected unit -> coast, a coast one of {', '.join(c.coasts)}")
        s: dict[str, Any] = {"state": st}
        if coasts:
            s["coasts"] = {str(k): str(x) for k, x in sorted(coasts.items())}
        if st == "building":
            if v.get("builder") not in nations:
                raise fail(f"{w}.builder", f"unknown nation {v.get('builder')!r}")
            paid, nxt = v.get("paid"), v.get("next", {})
            if not isinstance(paid, int) or isinstance(paid, bool) or paid < 1:
                raise fail(f"{w}.paid", f"expected the seasons paid (1 or more), got {paid!r}")
            if not isinstance(nxt, Mapping) or any(
                    f not in FACTORS or not isinstance(x, int) or isinstance(x, bool) or x < 0
                    for f, x in nxt.items()):
                raise fail(f"{w}.next", "expected the next season's cost like {\"gold\": 4, \"M\": 1}")
            if not isinstance(v.get("lapsed", False), bool):
                raise fail(f"{w}.lapsed", "expected true or false")
            s |= {"builder": v["builder"], "paid": paid, "next": {f: nxt[f] for f in FACTORS if f in nxt},
                  "lapsed": bool(v.get("lapsed", False))}
        out[cid] = s
    return dict(sorted(out.items()))


def joins(board, carried: Mapping[str, Any], src: str, dst_prov: str) -> bool:
    """A finished canal on a site joins the province's coasts: a task force on one passes to
    the other side's seas (VIII.6, then VIII.5), while the canal is open."""
    prov = src.partition("/")[0]
    states = carried.get("canals") or {}
    for cid, c in canals_of(board).items():
        if c.province != prov or not c.site or (states.get(cid) or initial(c))["state"] != "open":
            continue
        if any(dst_prov in side for side in c.sides):
            return True
    return False
