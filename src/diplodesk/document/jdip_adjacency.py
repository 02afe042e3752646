"""jDip's adjacency XML: provinces and their kinds, names, coasts, the moves of armies
(``mv``) and of fleets (``xc``, or per coast ``nc``/``sc``/``ec``/``wc``), and special
borders (a move modifier: a difficult border; a season: a closure). Read for
:mod:`.jdip_import`, which puts it together with ``variants.xml`` and the map.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

from ..engine.plain_text import shown


class _Reader(Protocol):
    """What the adjacency reads of the variant's reader: where to say what was left out."""

    notes: list[str]
    unsupported: list[str]
    lookup: dict[str, str]  # any name of a province -> its id


COASTS = ("nc", "sc", "ec", "wc")
SEASONS = {"spring": "S", "summer": "U", "fall": "F", "autumn": "F", "winter": "W"}


def _children(node, tag: str) -> list:
    return [c for c in node.children if c.tag.upper() == tag]


def _first(node, tag: str):
    found = _children(node, tag)
    return found[0] if found else None


def _pid(text: str) -> str:
    return re.sub(r"[^a-z0-9_]", "_", text.strip().lower())


def _split_ref(ref: str) -> tuple[str, str | None]:
    """``spa-nc``, ``spa/nc``, ``spa(nc)`` or ``spa`` -> (province, coast)."""
    m = re.fullmatch(r"(.+?)[-/(]\s*(nc|sc|ec|wc|mv|xc)\)?", ref.strip().lower())
    if m:
        coast = m.group(2)
        return _pid(m.group(1)), (coast if coast in COASTS else None)
    return _pid(ref), None


class _Adjacency:
    """The adjacency XML: provinces and their kinds, coasts, army and fleet pairs, borders."""

    def __init__(self, reader: _Reader, root, where: str):
        self.r = reader
        self.root = root
        self.where = where

    def read(self):
        borders = {}
        bd = _first(self.root, "BORDER_DEFINITIONS")
        for b in _children(bd, "BORDER") if bd is not None else []:
            if b.get("id"):
                borders[b.get("id")] = b
        info: dict[str, dict[str, Any]] = {}
        moves: dict[str, dict[str, list[tuple[str, str | None]]]] = {}
        border_of: dict[str, list[str]] = {}
        for i, p in enumerate(_children(self.root, "PROVINCE")):
            pid = _pid(p.get("shortname") or "")
            if not pid or pid in info:
                self.r.notes.append(f"{self.where}: PROVINCE[{i}] {shown(p.get('shortname'))} is "
                                    f"{'listed twice' if pid else 'without a shortname'}: left out")
                continue
            aliases = [u.get("name") for u in _children(p, "UNIQUENAME") if u.get("name")]
            info[pid] = {"name": (p.get("fullname") or pid).strip(), "aliases": aliases}
            if (p.get("isConvoyableCoast") or "").lower() == "true":
                self.r.unsupported.append(f"the convoyable coast {pid} (fleets convoying through land)")
            border_of[pid] = list(dict.fromkeys((p.get("borders") or "").split()))  # each border once
            m: dict[str, list[tuple[str, str | None]]] = {}
            for a in _children(p, "ADJACENCY"):
                t = (a.get("type") or "mv").lower()
                m.setdefault(t, []).extend(_split_ref(r) for r in (a.get("refs") or "").split())
            moves[pid] = m
        # jDip finds a province by short name, full name or any UNIQUENAME ("nor" for nwy)
        lookup = {pid: pid for pid in info}
        for pid, i in info.items():
            for n in (i["name"], *i["aliases"]):
                lookup.setdefault(_pid(n), pid)
        self.r.lookup = lookup
        moves = {pid: {t: [(lookup.get(r, r), c) for r, c in refs] for t, refs in m.items()}
                 for pid, m in moves.items()}
        provinces = self._kinds(info, moves)
        army, fleet = self._pairs(provinces, moves)
        specials = self._specials(provinces, borders, border_of)
        return provinces, army, fleet, specials

    def _kinds(self, info, moves) -> dict[str, dict[str, Any]]:
        provinces: dict[str, dict[str, Any]] = {}
        names: set[str] = set()
        for pid, m in moves.items():
            army = [r for r, _ in m.get("mv", []) if r != pid]
            coasts = [c for c in COASTS if c in m]
            fleet = bool(m.get("xc")) or bool(coasts)
            if m.get("mv") is not None and fleet:
                kind = "coast"
            elif fleet:
                kind = "sea"
            elif army:
                kind = "land"
            else:
                kind = "impassable"  # jDip: armies move only to itself (Switzerland)
            name = info[pid]["name"]
            if name.lower() in names:
                name = f"{name} ({pid})"
            names.add(name.lower())
            spec: dict[str, Any] = {"name": name, "kind": kind}
            if len(coasts) >= 2:
                spec["coasts"] = coasts
            taken = {pid, name.lower()}
            aliases = [a for a in info[pid]["aliases"] if a.lower() not in taken]
            if aliases:
                spec["aliases"] = list(dict.fromkeys(aliases))
            provinces[pid] = spec
        # an alias must name one province only: drop the ones that clash
        seen: dict[str, str] = {}
        for pid, spec in provinces.items():
            for k in (pid, spec["name"].lower()):
                seen.setdefault(k, pid)
        for pid, spec in provinces.items():
            keep = []
            for a in spec.get("aliases", []):
                if seen.setdefault(a.lower(), pid) == pid:
                    keep.append(a)
            if keep:
                spec["aliases"] = keep
            else:
                spec.pop("aliases", None)
        return provinces

    def _pairs(self, provinces, moves) -> tuple[set[str], set[str]]:
        army: set[str] = set()
        fleet: set[str] = set()
        dropped = 0
        # each coast's neighbours as a set, made once: a lookup per reference, not a scan of
        # the coast's list (which was quadratic in a province with many references)
        facing = {pid: {c: {r for r, _ in m.get(c, [])} for c in provinces[pid].get("coasts", ())}
                  for pid, m in moves.items()}

        def fleet_loc(pid: str, coast: str | None, other: str) -> list[str]:
            """The fleet locations of ``pid`` a reference means (its coasts facing ``other``)."""
            cs = provinces[pid].get("coasts")
            if not cs:
                return [pid]
            if coast in cs:
                return [f"{pid}/{coast}"]
            return [f"{pid}/{c}" for c in cs if other in facing[pid][c]]

        for pid, m in moves.items():
            for ref, _ in m.get("mv", []):
                if ref == pid:
                    continue
                if ref not in provinces:
                    dropped += 1
                    continue
                if {provinces[pid]["kind"], provinces[ref]["kind"]} <= {"land", "coast"}:
                    army.add(" ".join(sorted((pid, ref))))
                else:
                    dropped += 1
            for t, refs in m.items():
                if t == "mv":
                    continue
                froms = fleet_loc(pid, t if t in COASTS else None, "")
                if t in COASTS and len(froms) != 1:
                    froms = [pid]  # a single named coast: the province's one coast
                for ref, coast in refs:
                    if ref not in provinces or ref == pid:
                        dropped += 1
                        continue
                    if provinces[ref]["kind"] not in ("coast", "sea") or provinces[pid]["kind"] not in ("coast", "sea"):
                        dropped += 1
                        continue
                    tos = fleet_loc(ref, coast, pid)
                    if not tos:
                        dropped += 1
                        continue
                    for a in froms:
                        for b in tos:
                            fleet.add(" ".join(sorted((a, b))))
        if dropped:
            self.r.notes.append(f"{self.where}: {dropped} adjacency references to unknown provinces, or that "
                                f"a unit could not use, left out")
        return army, fleet

    def _specials(self, provinces, borders, border_of) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        difficult: set[tuple[str, str]] = set()
        seasonal: dict[tuple[str, ...], list[str]] = {}
        for pid, ids in border_of.items():
            for bid in ids:
                b = borders.get(bid)
                if b is None:
                    self.r.notes.append(f"{self.where}: {shown(pid)} names border {shown(bid)}, not defined: ignored")
                    continue
                frm = [_pid(x) for x in re.split(r"[,\s]+", b.get("from") or "") if x]
                mod = (b.get("baseMoveModifier") or "").strip()
                season = (b.get("season") or "").strip().lower()
                restricted = [k for k in ("unitTypes", "orderTypes", "year", "phase") if b.get(k)]
                if mod == "-1" and frm and not season and not restricted:
                    for f in frm:
                        if f in provinces:
                            difficult.add(tuple(sorted((pid, f))))  # type: ignore[arg-type]
                elif season and not frm and not mod and not restricted:
                    seasons = sorted({SEASONS[s] for s in re.split(r"[,\s]+", season) if s in SEASONS})
                    if seasons:
                        seasonal.setdefault(tuple(seasons), []).append(pid)
                        continue
                    self.r.unsupported.append(f"the border {shown(bid)} of {shown(pid)} (season {shown(season)})")
                else:
                    what = ", ".join(f"{k}={b.get(k)}" for k in ("from", "unitTypes", "orderTypes", "year",
                                                               "season", "phase", "baseMoveModifier") if b.get(k))
                    self.r.unsupported.append(f"the border {shown(bid)} of {shown(pid)} ({what[:200]})")
        for a, b in sorted(difficult):
            out.append({"kind": "difficult", "between": [a, b]})
        for seasons, provs in sorted(seasonal.items()):
            out.append({"kind": "seasonal", "provinces": sorted(set(provs)), "seasons": list(seasons)})
        return out
