"""Bring in a jDip variant: a folder, or the zip jDip distributes, holding ``variants.xml``,
the adjacency XML it names and the SVG map, written as a playable diplodesk variant.

jDip keeps the facts in two files: ``variants.xml`` (powers, start, centres, victory, rule
options; one file may hold several variants) and the adjacency XML (provinces, their
names, and per province the moves of armies, ``mv``, and of fleets, ``xc`` or per coast
``nc``/``sc``/``ec``/``wc``; special borders). The map is read by
:func:`~diplodesk.geometry.svg_import.import_svg` and written in our own format by the map
editor's writer (:meth:`MapDocument.save`), so an imported variant is saved exactly as one
drawn in the editor.

What diplodesk cannot play (wings, build rules other than home centres, convoyable coasts,
borders that forbid a unit type or an order) is listed in one message, and the variant is
not written unless asked to (``allow_unsupported``), then without those parts.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from html import unescape
from pathlib import Path, PurePosixPath
from typing import Any

from ..engine.files import FileReadError, glob_files
from ..engine.plain_text import shown, unsafe_char
from ..engine.variant import Variant, VariantError
from ..geometry.svg_import import MapError, import_svg, read_file, read_xml
from .jdip_adjacency import SEASONS, _Adjacency, _children, _first, _pid, _split_ref

MAX_ZIP_MEMBERS = 2000
MAX_FOLDER_DEPTH = 8  # of a jDip variant's folder (jDip's own are one or two deep)
MAX_FOLDER_NAMES = 10_000
MAX_MEMBER_BYTES = 32 * 1024 * 1024
MAX_XML_BYTES = 8 * 1024 * 1024
MAX_DESCRIPTION_CHARS = 100_000  # of a description's HTML read (4,000 of its text are kept)
MAX_STYLE_BYTES = 2_000_000  # of the map read for its style sheet's colours
MAX_NOTES = 40  # of the notes a summary prints
_BREAKS = ("br", "p", "div", "li", *(f"h{d}" for d in range(10)))  # tags that end a line

PHASES = {"movement": "M", "retreat": "R", "retreats": "R", "adjustment": "A", "adjustments": "A", "build": "A"}
# When variants.xml gives no colours and the SVG's style sheet has none for a power.
PALETTE = ("#c0392b", "#1f4e9c", "#4fa3d8", "#6b5a4a", "#2e8b3a", "#8e6bb8", "#e0b020", "#d35400",
           "#16a085", "#7f8c8d", "#c2185b", "#5d4037", "#00838f", "#9e9d24", "#283593", "#ad1457")


class JdipImportError(ValueError):
    """A jDip variant can't be imported; the message is one line naming the file and why."""




@dataclass
class JdipImport:
    """What an import made: the variant's data, its map, and what was left out."""

    data: dict[str, Any]
    svg: bytes
    source: str
    unsupported: list[str] = field(default_factory=list)  # rules diplodesk cannot play
    notes: list[str] = field(default_factory=list)  # what was dropped or guessed, and the map's gaps
    others: list[str] = field(default_factory=list)  # other variants in the same variants.xml
    folder: Path | None = None

    @property
    def variant_id(self) -> str:
        return str(self.data["id"])


# -- the files -----------------------------------------------------------------------------


class _Files:
    """The files of a jDip variant, in a folder or a zip, looked up by name (any case)."""

    def __init__(self, path: Path):
        self.path = path
        self.zip: zipfile.ZipFile | None = None
        self.names: dict[str, str] = {}  # lower-case relative name -> real name
        if path.is_dir():
            try:  # bounded: a folder 1,100 deep or of a million files is refused, not walked
                found = glob_files(path, "**/*", max_depth=MAX_FOLDER_DEPTH, max_entries=MAX_FOLDER_NAMES)
            except FileReadError as e:
                raise JdipImportError(str(e)) from None
            for p in found[:MAX_ZIP_MEMBERS]:
                self.names.setdefault(p.relative_to(path).as_posix().lower(), p.relative_to(path).as_posix())
        elif path.is_file() or path.exists():
            try:  # read once, bounded (devices and FIFOs refused); the zip is read from memory
                raw = read_file(path, str(path), MAX_MEMBER_BYTES)
            except MapError as e:
                raise JdipImportError(str(e)) from None
            if raw[:2] != b"PK":
                raise JdipImportError(f"{path}: neither a folder nor a zip file")
            try:
                self.zip = zipfile.ZipFile(io.BytesIO(raw))
                infos = self.zip.infolist()
            except (zipfile.BadZipFile, OSError) as e:
                raise JdipImportError(f"{path}: not a readable zip file ({e})") from None
            if len(infos) > MAX_ZIP_MEMBERS:
                raise JdipImportError(f"{path}: more than {MAX_ZIP_MEMBERS} files in the zip")
            for info in infos:
                if not info.is_dir():
                    self.names.setdefault(info.filename.lower(), info.filename)
        else:
            raise JdipImportError(f"{path}: no such file or folder")

    def find(self, name: str, near: str = "") -> str | None:
        """The real name of ``name``, relative to the folder of ``near`` first."""
        base = PurePosixPath(near).parent if near else PurePosixPath("")
        for cand in (base / name, PurePosixPath(name)):
            hit = self.names.get(str(cand).lower().lstrip("./"))
            if hit is not None:
                return hit
        tail = PurePosixPath(name).name.lower()
        hits = [real for low, real in self.names.items() if PurePosixPath(low).name == tail]
        return hits[0] if len(hits) == 1 else None

    def read(self, real: str, limit: int = MAX_MEMBER_BYTES) -> bytes:
        where = f"{self.path}:{real}" if self.zip else str(self.path / real)
        if self.zip is None:
            try:
                return read_file(self.path / real, where, limit)
            except MapError as e:
                raise JdipImportError(str(e)) from None
        info = self.zip.getinfo(real)
        if info.file_size > limit:
            raise JdipImportError(f"{where}: {info.file_size} bytes is larger than the {limit // 2**20} MiB limit")
        try:
            with self.zip.open(info) as f:
                raw = f.read(limit + 1)
        except (zipfile.BadZipFile, OSError, RuntimeError, NotImplementedError) as e:
            raise JdipImportError(f"{where}: cannot be read from the zip ({e})") from None
        if len(raw) > limit:
            raise JdipImportError(f"{where}: larger than the {limit // 2**20} MiB limit")
        return raw

    def where(self, real: str) -> str:
        return f"{self.path}:{real}" if self.zip else str(self.path / real)

    def xml(self, real: str):
        try:
            return read_xml(self.read(real, MAX_XML_BYTES), self.where(real))
        except MapError as e:
            raise JdipImportError(str(e)) from None


# -- reading -------------------------------------------------------------------------------


def _plain_text(html: str) -> str:
    """jDip's descriptions are HTML: keep the words, one paragraph a line.

    Tags are found with ``find`` in one pass (patterns that looked for a tag's end from
    each ``<`` took minutes on ``<br`` repeated), over a bounded head of the text."""
    html = html[:MAX_DESCRIPTION_CHARS]
    parts: list[str] = []
    at = 0
    while at < len(html):
        lt = html.find("<", at)
        gt = html.find(">", lt + 1) if lt >= 0 else -1
        if gt < 0:  # no tag from here on: a "<" without its ">" is text
            parts.append(html[at:])
            break
        if gt == lt + 1:  # "<>" is text
            parts.append(html[at:gt])
            at = gt
            continue
        parts.append(html[at:lt])
        name = html[lt + 1:gt].lstrip()
        if any(name[:len(w)].lower() == w and not _word_char(name[len(w):len(w) + 1]) for w in _BREAKS):
            parts.append("\n")
        at = gt + 1
    text = unescape("".join(parts))
    lines = [" ".join(line.split()) for line in text.splitlines()]
    return "\n".join(line for line in lines if line)[:4000]


def _word_char(c: str) -> bool:
    return c.isalnum() or c == "_"


def _default_id(name: str) -> str:
    """An id from the variant's name that never shadows a built-in variant (a user's
    variant wins a clash, and jDip's "Standard" is not ours)."""
    from ..paths import builtin_variants_dir

    vid = re.sub(r"_+", "_", _pid(name)).strip("_") or "jdip"
    if (builtin_variants_dir() / vid / "variant.toml").is_file():
        vid = f"{vid}_jdip"
    return vid


def _phase(text: str, where: str) -> tuple[str, int, str]:
    words = [w for w in re.split(r"[\s,]+", text.strip().lower()) if w]
    season = next((SEASONS[w] for w in words if w in SEASONS), None)
    year = next((int(w) for w in words if re.fullmatch(r"-?[0-9]{1,5}", w)), None)  # 0-9: not "²"
    phase = next((PHASES[w] for w in words if w in PHASES), "M")
    if season is None or year is None:
        raise JdipImportError(f"{where}: STARTINGTIME {text[:60]!r} is not like 'Spring, 1901, Movement'")
    return season, year, phase


def _svg_colours(svg: bytes) -> dict[str, str]:
    """Fill colours of the CSS classes in the map's style sheet (jDip colours powers so,
    often by name: ``.austria {fill:indianred}``)."""
    import svgelements as se

    out: dict[str, str] = {}
    for name, body in _css_rules(svg[:MAX_STYLE_BYTES]):
        fill = re.search(rb"fill\s*+:\s*+([#\w]+)", body)
        if not fill:
            continue
        text = fill.group(1).decode("ascii", "replace").lower()
        if not re.fullmatch(r"#[0-9a-f]{3}|#[0-9a-f]{6}|[a-z]+", text) or text == "none":
            continue
        try:
            colour = se.Color(text)
        except (ValueError, TypeError):
            continue
        if text.startswith("#") or colour.value != se.Color("nonsense").value:
            out.setdefault(name.decode("ascii", "replace").lower(), str(colour.hex)[:7])
    return out


_CSS_NAME = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
_CSS_SPACE = frozenset(b" \t\n\r\f\v")


def _css_rules(css: bytes):
    """``.name { body }`` of a style sheet as (name, body), in one pass: each ``{`` is read
    back to its class name and on to its ``}`` (a pattern read from each ``.a{`` of a sheet
    with no ``}`` to the end, which took minutes)."""
    at = 0
    while (brace := css.find(b"{", at)) >= 0:
        end = brace
        while end and css[end - 1] in _CSS_SPACE:
            end -= 1
        start = end
        while start and css[start - 1] in _CSS_NAME:
            start -= 1
        name = css[start:end]
        if not name or not start or css[start - 1] != 0x2E or not (name[:1].isalpha() or name[:1] == b"_"):
            at = brace + 1
            continue
        close = css.find(b"}", brace + 1)
        if close < 0:
            return
        yield name, css[brace + 1:close]
        at = close + 1


def list_jdip_variants(path: str | Path) -> list[str]:
    """The names of the variants a jDip folder or zip holds."""
    files = _Files(Path(path))
    vx = _variants_file(files)
    return [v.get("name") or "?" for v in _children(files.xml(vx), "VARIANT")]


def _variants_file(files: _Files) -> str:
    found = sorted((n for low, n in files.names.items() if PurePosixPath(low).name == "variants.xml"),
                   key=lambda n: (n.count("/"), n))
    if not found:
        raise JdipImportError(f"{files.path}: no variants.xml (a jDip variant folder or zip holds one)")
    return found[0]


def read_jdip_variant(path: str | Path, name: str | None = None, *, variant_id: str | None = None) -> JdipImport:
    """Read a jDip variant (folder or zip) into diplodesk variant data and its map's bytes.

    ``name`` picks one variant of several (by its name or an alias, any case); by default
    the one marked ``default="true"``, else the first.
    """
    path = Path(path)
    if variant_id is not None:
        from ..paths import VARIANT_ID

        if not isinstance(variant_id, str) or not VARIANT_ID.fullmatch(variant_id):
            raise JdipImportError(f"{variant_id!r} is not a variant id: letters, digits, _ . and -, "
                                  "starting with a letter or digit (an id names a folder, never a path)")
    files = _Files(path)
    vx = _variants_file(files)
    root = files.xml(vx)
    where = files.where(vx)
    variants = _children(root, "VARIANT")
    if not variants:
        raise JdipImportError(f"{where}: holds no <VARIANT>")
    chosen = _choose(variants, name, where)
    others = [v.get("name") or "?" for v in variants if v is not chosen]
    return _Reader(files, vx, root, chosen, variant_id).read(others)


def _choose(variants: list, name: str | None, where: str):
    if name:
        want = name.strip().lower()
        for v in variants:
            names = [v.get("name") or ""] + [a for a in re.split(r"[,\s]+", v.get("aliases") or "") if a]
            if want in (n.strip().lower() for n in names) or want == _pid(v.get("name") or ""):
                return v
        known = ", ".join(repr((v.get("name") or "")[:60]) for v in variants[:12])
        more = f" and {len(variants) - 12} more" if len(variants) > 12 else ""
        raise JdipImportError(f"{where}: no variant named {name[:60]!r} (it holds {known}{more})")
    for v in variants:
        if (v.get("default") or "").lower() == "true":
            return v
    return variants[0]


class _Reader:
    def __init__(self, files: _Files, vx: str, root, variant, variant_id: str | None):
        self.files = files
        self.vx = vx
        self.root = root
        self.v = variant
        self.where = files.where(vx)
        self.unsupported: list[str] = []
        self.notes: list[str] = []
        self.variant_id = variant_id
        self.lookup: dict[str, str] = {}  # any name of a province -> its id

    def read(self, others: list[str]) -> JdipImport:
        v = self.v
        vname = (v.get("name") or "jDip variant").strip()
        vid = self.variant_id or _default_id(vname)
        mp = _first(v, "MAP")
        if mp is None or not mp.get("adjacencyURI"):
            raise JdipImportError(f"{self.where}: variant {shown(vname)} has no <MAP adjacencyURI=...>")
        adj_name = self.files.find(mp.get("adjacencyURI") or "", self.vx)
        if adj_name is None:
            raise JdipImportError(f"{self.where}: the adjacency file {shown(mp.get('adjacencyURI'))} is not there")
        svg_name = self._map_file(mp)
        svg = self.files.read(svg_name)
        powers, power_of = self._powers(svg)
        provinces, army, fleet, specials = _Adjacency(self, self.files.xml(adj_name),
                                                      self.files.where(adj_name)).read()
        self._rules()
        start_units = self._start(provinces, power_of)
        centers = self._centers(provinces, power_of)
        season, year, phase = _phase((_first(v, "STARTINGTIME") or v).get("turn") or "", self.where)
        victory = self._victory(len(centers))
        if phase != "M" or season not in ("S", "F"):
            self.unsupported.append(f"a start in {season}{year}{phase} (diplodesk starts a game at a "
                                    f"spring or fall movement turn): started at S{year}M instead")
            season = "S"
        extra_centres: dict[str, list[str]] = {}
        for prov, (home, owner) in centers.items():
            provinces[prov]["center"] = True
            if home:
                provinces[prov]["home"] = home
            if owner and owner != home:
                extra_centres.setdefault(owner, []).append(prov)
        for p in provinces.values():  # a home centre must be a supply centre (center = true)
            if "home" in p and not p.get("center"):
                del p["home"]
        desc = _first(v, "DESCRIPTION")
        data: dict[str, Any] = {
            "format": 1,
            "id": vid,
            "name": vname,
            "description": (_plain_text(desc.text) if desc is not None else "")
            or f"Imported from jDip's {vname}.",
            "calendar": {"start_year": year, "seasons": ["S", "F"], "build_after": "F"},
            "victory": {"centers": victory},
            "powers": powers,
            "provinces": dict(sorted(provinces.items())),
            "adjacency": {"army": sorted(army), "fleet": sorted(fleet)},
        }
        if specials:
            data["special"] = specials
        data["start"] = {"phase": f"{season}{year}M", "units": start_units}
        if extra_centres:
            data["start"]["centers"] = {k: sorted(v) for k, v in sorted(extra_centres.items())}
        return JdipImport(data, svg, str(self.files.path), self.unsupported, self.notes, others)

    def _map_file(self, mp) -> str:
        defs = {d.get("id"): d for d in _children(self.root, "MAP_DEFINITION")}
        graphics = _children(mp, "MAP_GRAPHIC")
        graphics.sort(key=lambda g: (g.get("default") or "").lower() != "true")
        for g in graphics:
            d = defs.get(g.get("ref"))
            if d is not None and d.get("URI"):
                real = self.files.find(d.get("URI") or "", self.vx)
                if real is not None:
                    return real
                self.notes.append(f"map {shown(d.get('URI'))} of {shown(g.get('ref'))} is not there")
        svgs = [n for low, n in self.files.names.items() if low.endswith(".svg")]
        if len(svgs) == 1:
            return svgs[0]
        raise JdipImportError(f"{self.where}: no SVG map found for variant {shown(self.v.get('name'))}")

    def _powers(self, svg: bytes) -> tuple[dict[str, dict[str, str]], dict[str, str]]:
        colours = _svg_colours(svg)
        powers: dict[str, dict[str, str]] = {}
        power_of: dict[str, str] = {}  # every name jDip may use for a power -> its name
        for i, p in enumerate(_children(self.v, "POWER")):
            name = (p.get("name") or "").strip()
            if not name:
                continue
            if (p.get("active") or "true").lower() == "false":
                self.notes.append(f"power {name} is inactive in jDip: left out")
                continue
            alts = [a for a in re.split(r"[,\s]+", p.get("altnames") or "") if a]
            colour = next((colours[k.lower()] for k in (name, *alts) if k.lower() in colours), PALETTE[i % len(PALETTE)])
            powers[name] = {"adjective": (p.get("adjective") or name).strip(), "color": colour}
            for k in (name, *alts):
                power_of[k.lower()] = name
        if not powers:
            raise JdipImportError(f"{self.where}: variant {shown(self.v.get('name'))} has no active power")
        return powers, power_of

    def _power(self, text: str | None, power_of: Mapping[str, str], where: str) -> str | None:
        if not text or text.strip().lower() == "none":
            return None
        p = power_of.get(text.strip().lower())
        if p is None:
            self.notes.append(f"{where}: unknown power {shown(text)}: ignored")
        return p

    def _rules(self) -> None:
        ro = _first(self.v, "RULEOPTIONS")
        for opt in _children(ro, "RULEOPTION") if ro is not None else []:
            name, value = (opt.get("name") or "").upper(), (opt.get("value") or "").upper()
            if (name, value) in (("OPTION_BUILDS", "VALUE_BUILDS_HOME_ONLY"), ("OPTION_WINGS", "VALUE_WINGS_DISABLED")):
                continue
            if name == "OPTION_WINGS":
                self.unsupported.append("wing units (OPTION_WINGS)")
            elif name == "OPTION_BUILDS":
                self.unsupported.append(f"builds other than in home centres ({shown(value)})")
            else:
                self.unsupported.append(f"the rule option {shown(name)}={shown(value)}")

    def _start(self, provinces: Mapping[str, dict], power_of: Mapping[str, str]) -> list[dict[str, str]]:
        units = []
        for i, st in enumerate(_children(self.v, "INITIALSTATE")):
            where = f"INITIALSTATE[{i}]"
            power = self._power(st.get("power"), power_of, where)
            prov, coast = _split_ref(st.get("province") or "")
            prov = self.lookup.get(prov, prov)
            kind = (st.get("unit") or "").strip().lower()
            if power is None:
                continue
            if prov not in provinces:
                self.notes.append(f"{where}: unknown province {shown(st.get('province'))}: unit left out")
                continue
            if kind == "wing":
                self.unsupported.append(f"a start wing in {prov}")
                continue
            if kind not in ("army", "fleet"):
                self.notes.append(f"{where}: unit {shown(kind)} is not army or fleet: left out")
                continue
            uc = (st.get("unitcoast") or "").strip().lower() or coast
            at = prov
            if kind == "fleet" and provinces[prov].get("coasts"):
                coasts = provinces[prov]["coasts"]
                at = f"{prov}/{uc if uc in coasts else coasts[0]}"
            units.append({"power": power, "type": "A" if kind == "army" else "F", "at": at})
        return units

    def _centers(self, provinces: Mapping[str, dict], power_of: Mapping[str, str]) -> dict[str, tuple]:
        out: dict[str, tuple[str | None, str | None]] = {}
        for i, sc in enumerate(_children(self.v, "SUPPLYCENTER")):
            prov = _pid(sc.get("province") or "")
            prov = self.lookup.get(prov, prov)
            if prov not in provinces:
                self.notes.append(f"SUPPLYCENTER[{i}]: unknown province {shown(sc.get('province'))}: left out")
                continue
            if provinces[prov]["kind"] not in ("land", "coast"):
                self.notes.append(f"SUPPLYCENTER[{i}]: {prov} is {provinces[prov]['kind']}: left out")
                continue
            out[prov] = (self._power(sc.get("homepower"), power_of, f"SUPPLYCENTER[{i}]"),
                         self._power(sc.get("owner"), power_of, f"SUPPLYCENTER[{i}]"))
        return out

    def _victory(self, n_centres: int) -> int:
        vc = _first(self.v, "VICTORYCONDITIONS")
        win = None
        if vc is not None:
            w = _first(vc, "WINNING_SUPPLY_CENTERS")
            value = (w.get("value") or "").strip() if w is not None else ""
            if value.isascii() and value.isdigit() and len(value) <= 6:  # "²" is a digit to isdigit()
                win = int(value)
            for tag, what in (("YEARS_WITHOUT_SC_CAPTURE", "years without a centre changing hands"),
                              ("GAME_LENGTH", "a game length")):
                el = _first(vc, tag)
                if el is not None:
                    self.notes.append(f"victory by {what} ({tag}={(el.get('value') or '')[:40]}) is left to the GM")
        if not win or win > n_centres:
            win = n_centres // 2 + 1
            self.notes.append(f"no usable WINNING_SUPPLY_CENTERS: victory at {win} centres")
        return win


# -- writing -------------------------------------------------------------------------------


def import_jdip_variant(path: str | Path, dest: str | Path | None = None, *, name: str | None = None,
                        variant_id: str | None = None, allow_unsupported: bool = False,
                        overwrite: bool = False) -> JdipImport:
    """Import a jDip variant and write it as a diplodesk variant folder.

    ``dest`` is the folder to write; by default ``<user variants>/<id>``. Raises
    :class:`JdipImportError` (one line) when the files are bad, when the variant uses what
    diplodesk cannot play (unless ``allow_unsupported``), or when the folder exists
    (unless ``overwrite``).
    """
    from ..paths import user_variant_dir
    from .map_document import MapDocument

    imp = read_jdip_variant(path, name, variant_id=variant_id)
    if imp.unsupported and not allow_unsupported:
        raise JdipImportError(f"{path}: {imp.data['name']} uses what diplodesk cannot play: "
                           f"{'; '.join(_dedupe(imp.unsupported))}")
    try:
        Variant.from_data(imp.data, source=f"{path} ({imp.data['name']})")
    except VariantError as e:
        raise JdipImportError(f"{path}: the imported data is not a playable variant: {e}") from None
    try:  # an id is a name: "..", "." or "a/b" would write outside the variants folder
        target = Path(dest) if dest is not None else user_variant_dir(imp.variant_id)
    except ValueError as e:
        raise JdipImportError(f"{path}: {e}") from None
    if target.exists() and not target.is_dir():
        raise JdipImportError(f"{target}: is a file, not a folder; nothing was imported")
    if (target / "variant.toml").exists() and not overwrite:
        raise JdipImportError(f"{target}: a variant is already there (import with overwrite to replace it)")
    try:
        doc = MapDocument.from_data(imp.data, imp.svg, source=imp.source)
    except MapError as e:
        raise JdipImportError(str(e)) from None
    imported = import_svg(imp.svg, Variant.from_data(imp.data).board, source=imp.source)
    imp.notes += imported.problems()
    _write_staged(doc, target)
    imp.folder = target
    return imp


def _write_staged(doc, target: Path) -> None:
    """Write the variant beside ``target`` and put it in place whole, so a full disk or a
    read-only folder leaves what was there before (or nothing), never half a variant."""
    from ..variants import forget_recent
    from .map_records import MapEditError

    staged = target.with_name(f".{target.name}.importing")
    old = target.with_name(f".{target.name}.replaced")
    try:
        for leftover in (staged, old):
            if leftover.is_dir():
                shutil.rmtree(leftover)
        target.parent.mkdir(parents=True, exist_ok=True)
        doc.save(staged, problems=[])
        if target.is_dir():
            os.replace(target, old)
            try:
                os.replace(staged, target)
            except OSError:
                os.replace(old, target)
                raise
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(staged, target)
        doc.folder = target
        forget_recent()
    except (OSError, MapEditError) as e:
        shutil.rmtree(staged, ignore_errors=True)
        why = getattr(e, "strerror", None) or str(e)
        raise JdipImportError(f"{target}: cannot write the variant ({why}); nothing was imported") from None


def _dedupe(items: list[str]) -> list[str]:
    out = list(dict.fromkeys(items))  # a set's lookup: a list's was quadratic in many items
    if len(out) > 8:
        return [*out[:8], f"and {len(out) - 8} more"]
    return out


def summary(imp: JdipImport) -> str:
    """A few lines on what was imported and what was left out."""
    d = imp.data
    lines = [f"imported {d['name']!r} as {imp.variant_id}: {len(d['provinces'])} provinces, "
             f"{sum(1 for p in d['provinces'].values() if p.get('center'))} centres, {len(d['powers'])} powers"
             + (f", into {imp.folder}" if imp.folder else "")]
    if imp.unsupported:
        lines.append("not supported, left out: " + "; ".join(_dedupe(imp.unsupported)))
    lines += imp.notes[:MAX_NOTES]  # one per province or unit left out: a crafted file has thousands
    if len(imp.notes) > MAX_NOTES:
        lines.append(f"and {len(imp.notes) - MAX_NOTES} more notes like these")
    if imp.others:
        more = f" and {len(imp.others) - 12} more" if len(imp.others) > 12 else ""
        lines.append(f"the file holds other variants too: {', '.join(o[:60] for o in imp.others[:12])}{more}")
    return "\n".join(_printable(line) for line in lines)


def _printable(line: str) -> str:
    """A line of the summary as a terminal may print it: a name's control characters (ESC,
    BEL, a newline, a bidi override) written as escapes, never sent raw."""
    return "".join(repr(c)[1:-1] if unsafe_char(c) else c for c in line)
