"""Crafted text never hangs a parser (issue 29, class 1): every reader of untrusted text
reads it in time in proportion to its length, after bounding it.

Each parser rewritten by hand is held, on short random text, to the pattern it replaced
(the old pattern was right, only slow); then hypothesis throws the long crafted inputs of
the probe at it, each example with a deadline that the old code missed by minutes.
"""

from __future__ import annotations

import copy
import re
import shutil
from datetime import timedelta
from html import unescape
from pathlib import Path

import pytest
from hyperboards import MINI, start_json
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from diplodesk.document.jdip_import import _css_rules, _plain_text, read_jdip_variant
from diplodesk.engine import adjudicate, load_variant
from diplodesk.engine.hyper.conditions import written_condition
from diplodesk.engine.hyper.order_words import MAX_ORDER_CHARS, unpaid
from diplodesk.engine.hyper.pack import load_pack
from diplodesk.engine.names import COASTS, normalize
from diplodesk.engine.rules.conditions import _if, _unless
from diplodesk.engine.tables import TableError
from diplodesk.geometry.svg_xml import MAX_TEXT_CHARS, read_xml

# the same answers as before on short text, many of them; the long ones, few and timed
SAME = settings(max_examples=300, deadline=None, derandomize=True)
QUICK = settings(max_examples=12, deadline=timedelta(seconds=10), derandomize=True,
                 suppress_health_check=list(HealthCheck))
LONG = st.integers(20_000, 150_000)


def pieces(*words: str, size: int = 14):
    return st.lists(st.sampled_from(words), min_size=1, max_size=size).map("".join)


# -- conditional orders (IX.3) ---------------------------------------------------------------

_OLD_IF = re.compile(r'^(?P<order>.*?)\s+if\s+(?P<who>[\w .\'-]+?)\s+"(?P<ref>[^"]+)"\s+'
                     r'(?P<how>succeeds|fails)\s*$', re.I)


@SAME
@given(pieces("pw", " $1 ", " ", "\t", "if", "IF", " if ", '"', '"a"', " Spain", "É", "İ", "-", ".",
              "\n", " succeeds", " fails", "x"))
def test_a_condition_is_read_as_the_pattern_read_it(text):
    m = _OLD_IF.match(text.strip())
    before = (m["order"], m["who"], m["ref"], m["how"].lower() == "succeeds") if m else None
    if before and not before[1].strip():
        before = None  # "if" and no nation: now no condition at all
    assert written_condition(text) == before


@QUICK
@given(st.sampled_from(['pw $1 Gaso if Spain', 'pw $1 Gaso', 'cd Gaso to Spain if Spain "']),
       st.sampled_from([" ", " if", "\t ", ' "x" ']), LONG, st.sampled_from(["x", '"', " fails", '"a" succeeds']))
def test_an_order_padded_with_150000_spaces_is_refused_at_once(head, pad, n, tail):
    text = head + pad * (n // len(pad)) + tail
    assert written_condition(text) is None
    r = adjudicate(start_json() | {"orders": {"fra": [text]}})
    [got] = [o for o in r["orders"] if o["power"] == "fra"]
    assert got["reason"] == "unparsable" and str(MAX_ORDER_CHARS) in got["detail"]


def test_a_condition_within_the_bound_still_reads():
    cond = 'pw $2 Gaso if Spain "pw $1 Nava" succeeds'
    assert written_condition(cond + " " * 100) == ("pw $2 Gaso", "Spain", "pw $1 Nava", True)
    assert written_condition("x" * MAX_ORDER_CHARS + ' if Spain "a" fails') is None


@QUICK
@given(LONG, st.sampled_from(["(", "($", "( pd"]))
def test_a_payment_clause_never_backtracks(n, head):
    text = "pw $1 Gaso " + head + " " * n + "$"
    assert unpaid(text) == " ".join(text.split())


@QUICK
@given(LONG, st.sampled_from(["(", "France (", "orders for ("]))
def test_a_pasted_line_of_brackets_is_split_at_once(n, head):
    from hyperboards import read

    from diplodesk.document.hyper_paste import split_orders

    split_orders(head + "(" * n, read(start_json()), "fra")


# -- Blind's conditional retreats and builds ---------------------------------------------------

_OLD_UNLESS = re.compile(r"^(?P<a>.+?)\s+unless\s+(?P<power>[\w-]+)\s+takes\s+(?P<place>.+?),?\s+then\s+"
                         r"(?P<b>.+)$", re.I)
_OLD_IF_TAKES = re.compile(r"^if\s+(?P<power>[\w-]+)\s+takes\s+(?P<place>.+?),?\s+then\s+(?P<a>.+?)"
                           r"(?:,?\s+else\s+(?P<b>.+))?$", re.I)
BLIND_WORDS = ["unless", "UNLESS", "takes", "then", "else", "if", "x,", ",", "tun", "Italy", "F", "lon", "a-b"]


@SAME
@given(st.sampled_from(["", "if ", "If "]), st.lists(st.sampled_from(BLIND_WORDS), min_size=1, max_size=10),
       st.sampled_from([" ", "  ", "\t", " , "]))
def test_a_blind_condition_is_read_as_the_patterns_read_it(head, words, space):
    text = (head + space.join(words)).strip()
    for old, new in ((_OLD_UNLESS, _unless), (_OLD_IF_TAKES, _if)):
        m = old.match(text)
        assert new(text) == (m.groupdict() if m else None)


@QUICK
@given(st.sampled_from(["Build F lon unless Italy takes", "if Italy takes", "F lon H unless Italy takes tun"]),
       st.sampled_from([" ", " then", " else", " unless"]), st.integers(2_000, 10_000))
def test_a_blind_condition_padded_to_10000_characters_is_read_at_once(head, pad, n):
    # the patterns were cubic: 2,000 spaces after "takes" took 25 s
    text = (head + pad * (n // len(pad)) + " x")[:10_000]
    _unless(text), _if(text)


# -- names of places (the standard orders, positions) ----------------------------------------

_CODES = "nc|sc|ec|wc"
_OLD_COASTS = [
    (re.compile(r"\(\s*(north|south|east|west)(?:ern)?\s+coast\s*\)"), lambda m: "/" + COASTS[m.group(1)]),
    (re.compile(r"[\s/-]*\b(north|south|east|west)(?:ern)?\s+coast\b"), lambda m: "/" + COASTS[m.group(1)]),
    (re.compile(rf"\(\s*({_CODES})\s*\)"), lambda m: "/" + m.group(1)),
    (re.compile(rf"\s*[/-]\s*({_CODES})\b"), lambda m: "/" + m.group(1)),
    (re.compile(rf"\s*\.\s*({_CODES})\b"), lambda m: "/" + m.group(1)),
]


def _old_normalize(text: str) -> str:
    s = text.lower().replace("\u2019", "'").replace("\u2013", "-").replace("\u2014", "-")
    for pattern, repl in _OLD_COASTS:
        s = pattern.sub(repl, s)
    return s.replace(".", " ").replace("'", "")


@SAME
@given(pieces(" ", "-", "/", ".", "(", ")", "nc", "sc", "north", "ern", " coast", "stp", "\t", "'", "x"))
def test_coasts_are_read_as_the_patterns_read_them(text):
    assert normalize(text) == _old_normalize(text)


@QUICK
@given(st.sampled_from([" ", "-", "/", "\t", " -"]), LONG)
def test_a_name_of_a_long_run_of_spaces_or_dashes_is_read_at_once(run, n):
    assert normalize("stp" + run * (n // len(run)) + "x").endswith("x")


# -- jDip's descriptions and style sheets -----------------------------------------------------


def _old_plain(html: str) -> str:
    text = re.sub(r"(?i)<\s*(br|p|div|li|h[0-9])\b[^>]*>", "\n", html)
    text = unescape(re.sub(r"<[^>]+>", "", text))
    lines = [" ".join(line.split()) for line in text.splitlines()]
    return "\n".join(line for line in lines if line)[:4000]


@SAME
@given(pieces("<", ">", "br", "p", "h2", "x", " ", "/", "&amp;", "div", "B", "_", "P", "li", size=10))
def test_a_description_is_read_as_the_patterns_read_it(html):
    if html.count("<") > 1:
        html = html.replace("<", "", html.count("<") - 1)  # a "<" inside a tag is read otherwise
    assert _plain_text(html) == _old_plain(html)


@QUICK
@given(st.sampled_from(["<br", "<", "<p", "< br", "<<>"]), LONG)
def test_a_description_of_br_repeated_is_read_at_once(tag, n):
    assert len(_plain_text(tag * n)) <= 4000


def _old_css(svg: bytes) -> list:
    return [(m.group(1), m.group(2)) for m in re.finditer(rb"\.([A-Za-z_][\w-]*)\s*\{([^}]*)\}", svg)]


@SAME
@given(pieces(".", "a", "1", "{", "}", " ", "-", "_", "fill:red", "x", "\n", "9").map(str.encode))
def test_a_style_sheet_is_read_as_the_pattern_read_it(css):
    assert list(_css_rules(css)) == _old_css(css)


@QUICK
@given(st.sampled_from([b".a{", b".a {", b".austria{fill:red;", b". {"]), LONG)
def test_a_style_sheet_without_its_closing_brace_is_read_at_once(rule, n):
    assert list(_css_rules(rule * (n // 4 + 1))) == []


# -- XML text, jDip adjacency -----------------------------------------------------------------


@QUICK
@given(st.integers(100_000, 400_000), st.sampled_from([b"x\n", b"\n", b"word "]))
def test_element_text_grown_line_by_line_is_read_in_one_pass(n, piece):
    root = read_xml(b"<a><b>" + piece * n + b"</b><c>end</c></a>", "x.xml")
    b, c = root.children
    assert len(b.text) == min(len(piece) * n, MAX_TEXT_CHARS) and c.text == "end"


TINY = Path(__file__).parent / "document" / "fixtures" / "jdip_tiny"


@pytest.fixture
def tiny(tmp_path) -> Path:
    for p in TINY.iterdir():
        shutil.copy(p, tmp_path / p.name)
    return tmp_path


def test_a_coast_looked_up_among_20000_references_at_once(tiny):
    # Brava's north coast lists 20,000 references, and a sea names Brava 20,000 times: each
    # reference's coast was found by scanning the coast's list (400 million steps)
    adj = tiny / "tiny_adjacency.xml"
    text = adj.read_text()
    text = text.replace('<ADJACENCY type="xc" refs="ose ese bri-nc"/>',
                        '<ADJACENCY type="xc" refs="ose ese ' + "bri " * 20_000 + '"/>')
    text = text.replace('<ADJACENCY type="nc" refs="nse"/>',
                        '<ADJACENCY type="nc" refs="' + "sse " * 20_000 + 'nse"/>')
    adj.write_text(text)
    imp = read_jdip_variant(tiny)
    assert "bri/nc nse" in imp.data["adjacency"]["fleet"]


def test_a_description_and_a_map_style_left_open_import_at_once(tiny):
    vx = tiny / "variants.xml"
    vx.write_text(vx.read_text().replace("<p>Two powers on nine provinces.</p><p>Brava has <b>two "
                                         "coasts</b>.</p>", "<br" * 150_000))
    svg = tiny / "tiny.svg"
    text = svg.read_text()
    at = text.rindex("</svg>")
    svg.write_text(text[:at] + "<style><![CDATA[" + ".a{" * 150_000 + "]]></style>" + text[at:])
    imp = read_jdip_variant(tiny)
    assert imp.data["description"].startswith("<br<br")  # a "<" without its ">" is text
    assert imp.data["powers"]["Redland"]["color"] == "#b03020"


# -- dice in the tables ----------------------------------------------------------------------

VARIANT = load_variant(MINI)
KINDS = {p.id: str(p.kind) for p in VARIANT.board.provinces.values()}


@pytest.mark.parametrize("dice", ["999999999d6", "1d0", "21d6", "1d101", "1d6+99999999", "²d6", "1d٣"])
def test_canal_dice_that_would_never_finish_or_divide_by_zero_are_refused(dice):
    files = copy.deepcopy(VARIANT.data["table_files"])
    files["rules.toml"]["canal_sites"]["isthmus"]["later"]["gold"] = dice
    with pytest.raises(TableError) as e:
        load_pack(files, KINDS, "hyper-mini")
    assert "canal_sites.isthmus" in str(e.value) and "later.gold" in str(e.value)
