"""Untrusted SVG: every hostile or broken file is refused with a MapError naming what and
where, quickly and in bounded memory, never with another exception (issue 20, item 7)."""

from __future__ import annotations

import os
import sys
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from diplodesk.geometry import svg_rings
from diplodesk.geometry.svg_import import MapError, import_svg


def one_path(d: str) -> bytes:
    return f'<svg viewBox="0 0 1000 1000"><g id="provinces"><path id="lon" d="{d}"/></g></svg>'.encode()


def refused(data: bytes, match: str, seconds: float = 5.0) -> None:
    start = time.monotonic()
    with pytest.raises(MapError, match=match):
        import_svg(data)
    assert time.monotonic() - start < seconds


def test_many_arcs_are_refused():
    refused(one_path("M0,0 " + " ".join("a 400,400 0 1 1 10,0" for _ in range(100_000))),
            r"<path id='lon'>: more than \d+ arcs")


def test_many_cubics_are_refused():
    refused(one_path("M0,0 " + " ".join("c 300,900 600,-900 10,0" for _ in range(200_000))),
            r"<path id='lon'>: more than \d+ numbers of path data")


def test_many_subpaths_are_refused(monkeypatch):
    refused(one_path(" ".join(f"M{i % 900},{i // 900} l1,0 0,1 z" for i in range(100_000))),
            r"<path id='lon'>: more than \d+ (path segments|subpaths)")
    monkeypatch.setattr(svg_rings, "MAX_SEGMENTS", 10**9)
    refused(one_path(" ".join(f"M{i % 900},{i // 900} l1,0 0,1 z" for i in range(30_000))),
            r"more than \d+ subpaths")


def test_many_points_are_refused(monkeypatch):
    monkeypatch.setattr(svg_rings, "MAX_POINTS", 1000)
    refused(one_path("M0,0 " + " ".join(f"L{i % 997},{i % 13}" for i in range(2000)) + " z"),
            r"more than 1000 points")


def test_time_budget(monkeypatch):
    monkeypatch.setattr(svg_rings, "MAX_SECONDS", 0.0)
    refused(one_path("M0,0 L10,0 10,10 z"), r"took more than 0 s")


@pytest.mark.parametrize("svg", [
    one_path("M0,0 a 1e300,1e300 0 0 1 10,0 z"),
    one_path("M0,0 A 1e15,1e-15 0 1 1 10,0 z"),
    one_path("M0,0 L1e999,0 5,5 z"),
    one_path("M0,0 L1e30,0 5,5 z"),
    b'<svg viewBox="0 0 10 10"><circle id="lon" r="1e300"/></svg>',
    b'<svg viewBox="0 0 10 10"><rect id="lon" width="1e400" height="5"/></svg>',
    b'<svg viewBox="0 0 10 10"><polygon id="lon" points="0,0 1e999,0 5,5"/></svg>',
    b'<svg viewBox="0 0 10 10"><rect id="lon" transform="scale(1e300)" width="1" height="5"/></svg>',
    b'<svg viewBox="0 0 10 10"><rect id="lon" transform="scale(1e5)" width="1e3" height="5"/></svg>',
])
def test_huge_and_non_finite_numbers_are_refused(svg):
    refused(svg, r"lon'>: .*(non-finite|absurdly large|not a usable number|beyond)")


def test_device_files_are_refused_before_reading():
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    refused_path("/dev/zero", "not a regular file")


def refused_path(path, match):
    start = time.monotonic()
    with pytest.raises(MapError, match=match):
        import_svg(path)
    assert time.monotonic() - start < 2


@pytest.mark.skipif(sys.platform == "win32", reason="no FIFOs")
def test_fifos_are_refused_before_reading(tmp_path):
    fifo = tmp_path / "map.svg"
    os.mkfifo(fifo)
    refused_path(fifo, r"map.svg: not a regular file \(a device, FIFO or socket\)")
    refused_path(tmp_path, "is a folder, not a file")


def test_use_cycles_are_refused():
    svg = (b'<svg xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><defs>'
           b'<use id="a" xlink:href="#b"/><use id="b" xlink:href="#a"/></defs>'
           b'<g id="provinces"><use id="lon" xlink:href="#a"/></g></svg>')
    refused(svg, r"<use id='(a|b)'>: <use> nested more than \d+ deep")


# -- fuzz: whatever the bytes, a MapError or a map --------------------------------------

_PIECES = st.sampled_from([
    "M", "m", "L", "l", "H", "v", "C", "c", "S", "q", "T", "A", "a", "Z", "z", " ", ",", "-", ".",
    "e", "E", "1", "0", "9", "1e5", "1e309", "-2.5e-3", "nan", "inf", "7", "300", "1e300",
])
_ATTRS = st.sampled_from([
    'd="{}"', 'transform="rotate({})"', 'transform="matrix({})"', 'points="{}"', 'r="{}"',
    'width="{}" height="5"', 'x="{}"', 'href="#{}"', 'viewBox="{}"',
])
_TAGS = st.sampled_from(["path", "polygon", "polyline", "circle", "ellipse", "rect", "use", "g", "svg"])


@st.composite
def svg_documents(draw):
    n = draw(st.integers(1, 5))
    parts = []
    for _ in range(n):
        tag = draw(_TAGS)
        attr = draw(_ATTRS).format("".join(draw(st.lists(_PIECES, max_size=30))))
        parts.append(f'<{tag} id="{draw(st.sampled_from(["lon", "wal", "a", "_yor", "stp/nc"]))}" {attr}/>')
    body = "".join(parts)
    head = draw(st.sampled_from([
        '<svg viewBox="0 0 100 100">', '<svg>', '<svg viewBox="0 0 1e400 1">',
        '<!DOCTYPE svg [<!ENTITY e "x">]><svg viewBox="0 0 10 10">',
        '<!DOCTYPE svg [<!ENTITY % p "x"> %p;]><svg viewBox="0 0 10 10">',
    ]))
    layer = draw(st.sampled_from(["{}", '<g id="provinces">{}</g>', '<g id="MouseLayer">{}</g>']))
    doc = head + layer.format(body) + "</svg>"
    if draw(st.booleans()):
        cut = draw(st.integers(0, len(doc)))
        doc = doc[:cut] + draw(st.sampled_from(["", "&e;", "<", "]]>", "\x00"])) + doc[cut:]
    return doc.encode("utf-8")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(svg_documents())
def test_fuzz_every_failure_is_a_map_error(data):
    try:
        import_svg(data)
    except MapError as e:
        assert "\n" not in str(e) and str(e).startswith("map: ")


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=300))
def test_fuzz_random_bytes(data):
    try:
        import_svg(data)
    except MapError:
        pass


def test_a_circle_on_a_map_with_no_extent_is_read_not_a_crash():
    """Hypothesis found it: empty paths give the map no size, so the curve tolerance is nil."""
    from diplodesk.geometry.svg_rings import _ellipse_ring

    assert len(_ellipse_ring(0.0, 0.0, 7.0, 7.0, 0.0)) == 720
