"""Bad input of any kind gets PositionError (one line naming the field), never another
exception: a Hypereconomic position mangled at random, and orders of random text."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from diplodesk.engine import PositionError, adjudicate

from .conftest import start

BASE = start()
JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=True),
                 st.text(max_size=12), st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=4),
                                                                                         st.integers(), max_size=2))


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*prefix, i))


PATHS = [p for p in _paths(BASE) if p]


def _mangled(data, changes):
    """A deep copy of ``data`` with each (path, junk, delete) applied where the path still leads."""
    data = copy.deepcopy(data)
    for path, junk, delete in changes:
        parent = data
        try:
            for k in path[:-1]:
                parent = parent[k]
            if delete and isinstance(parent, dict):
                parent.pop(path[-1], None)
            else:
                parent[path[-1]] = junk
        except (KeyError, IndexError, TypeError):
            continue
    return data


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(PATHS), JUNK, st.booleans()), min_size=1, max_size=4))
def test_a_mangled_position_is_refused_with_a_position_error_or_adjudicated(changes):
    pos = _mangled(BASE, changes)
    try:
        result = adjudicate(pos)
    except PositionError as e:
        assert "\n" not in str(e) and len(str(e)) < 2000
        return
    assert isinstance(result, dict) and "next" in result


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["fra", "spa", "ita", "sui", "mor"]),
                       st.lists(st.text(max_size=40), max_size=6), max_size=5))
def test_orders_of_random_text_are_results_never_exceptions(orders):
    pos = copy.deepcopy(BASE) | {"orders": orders}
    result = adjudicate(pos)
    assert len([o for o in result["orders"] if o["text"] is not None]) == sum(
        1 for texts in orders.values() for t in texts if t.strip())


# -- tables mangled at random ---------------------------------------------------------------------

from diplodesk.engine import load_variant  # noqa: E402
from diplodesk.engine.hyper.pack import load_pack  # noqa: E402
from diplodesk.engine.tables import TableError  # noqa: E402

from .conftest import MINI  # noqa: E402

VARIANT = load_variant(str(MINI))
FILES = VARIANT.data["table_files"]
KINDS = {p.id: str(p.kind) for p in VARIANT.board.provinces.values()}
TABLE_PATHS = [p for p in _paths(FILES) if len(p) > 1]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(TABLE_PATHS), JUNK, st.booleans()), min_size=1, max_size=3))
def test_a_mangled_table_is_a_table_error_naming_its_place_or_is_read(changes):
    files = _mangled(FILES, changes)
    try:
        load_pack(files, KINDS, "hyper-mini")
    except TableError as e:
        assert "\n" not in str(e).split(" (and ")[0]
