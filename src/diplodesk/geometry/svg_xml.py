"""Reading an untrusted SVG or XML file: bounded, regular files only, no entity ever
expanded, nothing fetched.

A DTD internal subset (jDip's maps carry one, with ELEMENT and ATTLIST declarations and
parameter entities) is read by expat without expanding a parameter entity or fetching
anything; its ATTLIST defaults bind the ``jdipNS:`` prefix, as jDip relies on. A general
entity declared there and used, an undeclared one or an external one is refused.
"""

from __future__ import annotations

import codecs
import os
import re
from pathlib import Path
from typing import Any
from xml.parsers import expat

from ..engine.files import FileReadError, read_bounded

MAX_BYTES = 32 * 1024 * 1024
MAX_ELEMENTS = 500_000
MAX_TEXT_CHARS = 1_000_000  # of one element's text kept (the rest is dropped)
JDIP_NS = "http://jdip.sourceforge.org/jdipNS"
_SVG_NS = "http://www.w3.org/2000/svg"
_REFERENCE = re.compile(rb"&([^\s&;<>'\"#%]{1,300});")  # a general entity's reference, by name


class MapError(ValueError):
    """An SVG map can't be used; the message names the file and the element or id at fault."""


def _read(data: bytes | str | os.PathLike[str], source: str | None) -> tuple[bytes, str]:
    if isinstance(data, str | os.PathLike):
        path = Path(data)
        source = source or str(path)
        return read_file(path, source), source
    if isinstance(data, bytes | bytearray | memoryview):
        raw = bytes(data)
    else:
        raise MapError(f"{source or 'map'}: expected a path or SVG bytes, got {type(data).__name__}")
    source = source or "map"
    if len(raw) > MAX_BYTES:
        raise MapError(f"{source}: {len(raw)} bytes is larger than the {MAX_BYTES // 2**20} MiB limit")
    return raw, source


def read_file(path: Path, source: str, limit: int | None = None) -> bytes:
    """A regular file's bytes, at most ``limit`` of them, by the one bounded reader
    (:func:`~diplodesk.engine.files.read_bounded`): devices and FIFOs are refused before
    anything is read (``/dev/zero`` never ends, a FIFO may block for ever)."""
    try:
        return read_bounded(Path(path), MAX_BYTES if limit is None else limit)
    except FileReadError as e:
        raise MapError(f"{source}: {str(e).removeprefix(f'{path}: ')}") from None


def _parse(raw: bytes, source: str) -> tuple[_Node, dict[str, _Node]]:
    """Parse untrusted XML: no entity expanded, nothing external fetched.

    Returns the root and an index of the elements by id (for ``<use>``).
    """
    raw = _utf8(raw, source, "an SVG file")
    if b"\x00" in raw[:4]:
        raise MapError(f"{source}: not an SVG file (binary data or an unsupported encoding)")
    head = raw.lstrip()[:1]
    if raw.startswith(b"\xef\xbb\xbf"):
        head = raw[3:].lstrip()[:1]
    if head and head != b"<":
        raise MapError(f"{source}: not an SVG file (it does not start with '<')")
    tree = _ExpatTree(source, raw)
    try:
        return tree.parse(raw), tree.ids
    except _UnboundJdip:
        # jDip binds its prefix only in the DTD's ATTLIST defaults; where those are not read
        # (after a parameter entity reference expat does not expand), bind it on the root.
        fixed = re.sub(rb"<svg\b", b'<svg xmlns:jdipNS="' + JDIP_NS.encode() + b'"', raw, count=1)
        tree = _ExpatTree(source, fixed)
        return tree.parse(fixed), tree.ids


class _UnboundJdip(Exception):
    pass


_DECLARATION = re.compile(rb"<\?xml[^>]{0,300}?\?>")
_ENCODING = re.compile(rb"""encoding\s*+=\s*+["']([A-Za-z][A-Za-z0-9._-]{0,39})["']""")


def _utf8(raw: bytes, source: str, kind: str) -> bytes:
    """The document as UTF-8, with no encoding declared, for expat and for the entity check
    to read the same bytes: in a UTF-16 or Latin-1 file, a search for ``&name;`` in UTF-8
    missed a declared entity's use, and expat expanded it."""
    head = raw[:4]
    if head[:3] == b"\xef\xbb\xbf":  # the BOM says UTF-8, whatever a declaration after it says
        codec = "utf-8-sig"
    elif head[:2] in (b"\xff\xfe", b"\xfe\xff"):
        codec = "utf-32" if head in (b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff") else "utf-16"
    elif head[:2] in (b"<\x00", b"\x00<"):  # UTF-16 with no BOM
        codec = "utf-16-le" if head[:1] == b"<" else "utf-16-be"
    else:
        declared = _DECLARATION.match(raw)
        found = _ENCODING.search(declared.group(0)) if declared else None
        codec = found.group(1).decode("ascii") if found else "utf-8"
        try:
            if codecs.lookup(codec).name == "utf-8":
                return raw
        except LookupError:
            raise MapError(f"{source}: not {kind} (an encoding Python does not know: {codec})") from None
    try:
        text = raw.decode(codec)
    except LookupError:  # a codec Python knows, but of bytes to bytes (rot13, base64, zlib)
        raise MapError(f"{source}: not {kind} ({codec} is not a text encoding)") from None
    except UnicodeError:  # undecodable, or a codec that decodes nothing (undefined, punycode)
        raise MapError(f"{source}: not {kind} (undecodable {codec.upper()})") from None
    text = text.removeprefix("\ufeff")
    if text.startswith("<?xml"):
        end = text.find("?>", 0, 300)
        text = text[end + 2:] if end > 0 else text
    return text.encode("utf-8")


class _Node:
    """A parsed element: local tag, attributes (local names), children."""

    __slots__ = ("tag", "ns", "attrib", "children", "text", "parts", "size")

    def __init__(self, tag: str, ns: str, attrib: dict[str, str]):
        self.tag = tag
        self.ns = ns
        self.attrib = attrib
        self.children: list[_Node] = []
        self.text = ""
        self.parts: list[str] | None = None  # the text's pieces while the element is read
        self.size = 0

    def get(self, key: str, default: str | None = None) -> str | None:
        return self.attrib.get(key, default)

    def describe(self) -> str:
        i = self.attrib.get("id")
        return f"<{self.tag} id={i!r}>" if i else f"<{self.tag}>"


def _split_name(name: str) -> tuple[str, str]:
    ns, sep, local = name.rpartition("}")
    return (local, ns) if sep else (name, "")


def read_xml(raw: bytes, source: str) -> _Node:
    """Any untrusted XML file (jDip's ``variants.xml``, its adjacency file) as a tree of
    elements with their text, read as safely as an SVG map: no entity expanded, nothing
    fetched, at most :data:`MAX_ELEMENTS` elements."""
    if len(raw) > MAX_BYTES:
        raise MapError(f"{source}: {len(raw)} bytes is larger than the {MAX_BYTES // 2**20} MiB limit")
    raw = _utf8(raw, source, "an XML file")
    return _ExpatTree(source, raw, svg=False).parse(raw)


class _ExpatTree:
    def __init__(self, source: str, raw: bytes, svg: bool = True):
        self.svg = svg
        self.source = source
        self.raw = raw
        self.stack: list[_Node] = []
        self.root: _Node | None = None
        self.count = 0
        self.ids: dict[str, _Node] = {}
        self.references: set[bytes] | None = None

    def parse(self, raw: bytes) -> _Node:
        p = expat.ParserCreate(namespace_separator="}")
        # A DTD's parameter entities are never expanded, an external subset never read.
        p.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        p.StartElementHandler = self.start
        p.EndElementHandler = self.end
        p.EntityDeclHandler = self.entity
        p.SkippedEntityHandler = self.skipped
        p.ExternalEntityRefHandler = self.refuse_external
        if not self.svg:
            p.CharacterDataHandler = self.text
        try:
            p.Parse(raw, True)
        except expat.ExpatError as e:
            if e.code == expat.errors.codes[expat.errors.XML_ERROR_UNBOUND_PREFIX] and b"jdipNS:" in raw \
                    and b"xmlns:jdipNS" not in raw[: raw.find(b"<svg") + 4096]:
                raise _UnboundJdip from None
            raise MapError(
                f"{self.source}: not well-formed XML at line {e.lineno}, column {e.offset + 1}: "
                f"{expat.ErrorString(e.code)}"
            ) from None
        if self.root is None:
            raise MapError(f"{self.source}: not an {'SVG' if self.svg else 'XML'} file (no elements)")
        if not self.svg:
            return self.root
        if self.root.tag.lower() != "svg" or self.root.ns not in ("", _SVG_NS):
            raise MapError(f"{self.source}: not an SVG file (the root element is <{self.root.tag}>)")
        return self.root

    def start(self, name: str, attrs: dict[str, str]) -> None:
        self.count += 1
        if self.count > MAX_ELEMENTS:
            raise MapError(f"{self.source}: more than {MAX_ELEMENTS} elements")
        tag, ns = _split_name(name)
        node = _Node(tag, ns, {_split_name(k)[0]: v for k, v in attrs.items()})
        href = attrs.get("http://www.w3.org/1999/xlink}href")
        if href is not None:
            node.attrib["href"] = href  # xlink:href wins over a plain href, as SVG 1.1 reads
        i = node.attrib.get("id")
        if i:
            self.ids.setdefault(i, node)
        if self.stack:
            self.stack[-1].children.append(node)
        elif self.root is None:
            self.root = node
        self.stack.append(node)

    def end(self, name: str) -> None:
        node = self.stack.pop()
        if node.parts is not None:
            node.text, node.parts = "".join(node.parts), None

    def text(self, data: str) -> None:
        """An element's text comes a line at a time: the pieces are kept in a list and joined
        when the element ends (adding each to a string copied it whole, quadratic)."""
        if self.stack:
            node = self.stack[-1]
            if node.size < MAX_TEXT_CHARS:
                if node.parts is None:
                    node.parts = []
                node.parts.append(data[: MAX_TEXT_CHARS - node.size])
                node.size += len(data)

    def entity(self, name: str, is_parameter: int, value: str | None, base: Any, system_id: str | None,
               public_id: Any, notation: Any) -> None:
        """A declaration is harmless until it is used: refuse a general entity the document
        refers to (expat would expand it), before the body is read."""
        if is_parameter:
            return  # never expanded (XML_PARAM_ENTITY_PARSING_NEVER)
        if self.references is None:  # every "&name;" of the file, found once for all declarations
            self.references = set(_REFERENCE.findall(self.raw))
        if name.encode("utf-8") in self.references:
            kind = "an external" if system_id else "an"
            raise MapError(f"{self.source}: uses {kind} XML entity &{name}; declared in its DTD; refused, "
                           f"entities are never expanded")

    def skipped(self, name: str, is_parameter: int) -> None:
        if not is_parameter:
            raise MapError(f"{self.source}: uses the XML entity &{name}; that is not declared in the file; "
                           f"refused, entities are never expanded or fetched")

    def refuse_external(self, *args: Any) -> int:
        raise MapError(f"{self.source}: refers to an external entity; refused")


