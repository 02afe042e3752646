"""Hostile input: valid game files and variants, mutated (byte flips, renamed keys, swapped
types, truncation, values moved to the wrong place, deleted keys). Every failure must be one of our own errors (GameFileError,
VariantError), never another exception, and a file that still loads must mean what it says:
exactly what it held before the mutation, or exactly what it now holds, never a third
thing (such as a position whose ``units`` key became ``ujits`` loading with no units).

EXAMPLES says how many mutants of each kind each format gets (derandomized, so a run is
repeatable; raise the numbers and drop ``derandomize`` to explore further).
"""

import copy
import json
import random
import tempfile
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from diplodesk.engine.game import Game, GameFileError
from diplodesk.engine.options import movement_options
from diplodesk.engine.orders import format_order
from diplodesk.engine.phase import PhaseType
from diplodesk.engine.variant import Variant, VariantError
from diplodesk.paths import builtin_variants_dir
from diplodesk.variants import list_variants, read_variant_file

EXAMPLES = {"byte flip": 150, "key rename": 100, "type swap": 120, "truncation": 40,
            "value swap": 120, "key deletion": 80}
SETTINGS = dict(deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
SWAPS = [0, 7, 1.5, float("inf"), True, False, None, "", "x", [], ["x"], [1], {}, {"x": 1}]


def _played_game() -> dict:
    """A standard game of a few years with random legal orders: moves, retreats, builds."""
    rng = random.Random(5)
    from diplodesk.variants import load_variant

    game = Game.new(load_variant("standard"))
    kinds = set()
    while len(game.history) < 12 or len(kinds) < 3:
        pos = game.current
        kinds.add(pos.phase.type)
        if pos.phase.type is PhaseType.MOVEMENT:
            for power in pos.variant.power_names:
                texts = [format_order(rng.choice(movement_options(pos, prov)))
                         for prov, u in pos.units.items() if u.power == power]
                if texts:
                    game.set_orders(power, texts)
        game.process()
        if len(game.history) > 40:
            break
    game.set_orders("England", ["A lvp H"])
    return game.to_json()


GAME = _played_game()
GAME_TEXT = json.dumps(GAME, indent=1).encode()
VARIANT_TEXT = (builtin_variants_dir() / "standard" / "variant.toml").read_bytes()
VARIANT = tomllib.loads(VARIANT_TEXT.decode())
_DIR = tempfile.TemporaryDirectory(prefix="diplodesk-hostile-")
WORK = Path(_DIR.name)


def _paths(node, here=()):
    """Every place in a JSON/TOML value, as a tuple of keys and indices."""
    out = []
    if isinstance(node, dict):
        for k, v in node.items():
            out.append((*here, k))
            out.extend(_paths(v, (*here, k)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.append((*here, i))
            out.extend(_paths(v, (*here, i)))
    return out


def _key_paths(node):
    return [p for p in _paths(node) if isinstance(p[-1], str)]


GAME_PATHS, GAME_KEYS = _paths(GAME), _key_paths(GAME)
# settings is the GM's own free-form table: its contents have no schema
GAME_KEYS = [p for p in GAME_KEYS if p[0] != "settings"]
VARIANT_PATHS, VARIANT_KEYS = _paths(VARIANT), _key_paths(VARIANT)


def _parent(data, path):
    for p in path[:-1]:
        data = data[p]
    return data


def _renamed(data, path):
    data = copy.deepcopy(data)
    parent = _parent(data, path)
    parent[path[-1] + "q"] = parent.pop(path[-1])
    return data


def _swapped(data, path, value):
    data = copy.deepcopy(data)
    _parent(data, path)[path[-1]] = value
    return data


def _same_kind(a, b) -> bool:
    return type(a) is type(b) or (a == b and not isinstance(a, bool | type(None)))


def _leaves(node, here=()):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _leaves(v, (*here, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _leaves(v, (*here, i))
    elif here:
        yield here


def _value_pool(data) -> list:
    """Values of the right kinds but the wrong places: the file's own strings, numbers
    at the edges, phases and coasts."""
    strings = {v for v in (_parent(data, p)[p[-1]] for p in _leaves(data)) if isinstance(v, str)}
    extra = ["", "?", "S1901R", "W1901A", "F1901M", "nc", "x/y", "stp/nc", "lon/nc"]
    return sorted(strings | set(extra)) + [0, -1, 1, 2, 18, 34, 1901, 10**9, True, False]


GAME_LEAVES, VARIANT_LEAVES = list(_leaves(GAME)), list(_leaves(VARIANT))
GAME_VALUES, VARIANT_VALUES = _value_pool(GAME), _value_pool(VARIANT)


def _deleted(data, path):
    data = copy.deepcopy(data)
    del _parent(data, path)[path[-1]]
    return data


# -- game files ------------------------------------------------------------------------------


def load_game_bytes(raw: bytes):
    path = WORK / "game.json"
    path.write_bytes(raw)
    return Game.load(path)


def means_what_it_says(game: Game, written) -> None:
    assert game.to_json() in (GAME, written), "loaded with a meaning the file does not have"


def refused_or_as_written(data) -> None:
    """A damaged game file is refused with our own error, or it means what it says."""
    try:
        game = Game.from_json(data, source="g.json")
    except GameFileError:
        return
    means_what_it_says(game, data)


def test_the_unmutated_game_loads():
    assert load_game_bytes(GAME_TEXT).to_json() == GAME
    assert {r.position["phase"][-1] for r in load_game_bytes(GAME_TEXT).history} >= {"M", "R", "A"}


@settings(max_examples=EXAMPLES["byte flip"], **SETTINGS)
@given(st.integers(0, len(GAME_TEXT) - 1), st.integers(1, 255))
def test_game_byte_flips(at, mask):
    raw = bytearray(GAME_TEXT)
    raw[at] ^= mask
    try:
        game = load_game_bytes(bytes(raw))
    except GameFileError:
        return
    try:
        written = json.loads(bytes(raw))
    except ValueError:
        pytest.fail("a file that is not JSON loaded")
    means_what_it_says(game, written)


@settings(max_examples=EXAMPLES["key rename"], **SETTINGS)
@given(st.sampled_from(GAME_KEYS))
def test_game_key_renames_always_fail(path):
    with pytest.raises(GameFileError):
        Game.from_json(_renamed(GAME, path), source="g.json")


@settings(max_examples=EXAMPLES["type swap"], **SETTINGS)
@given(st.sampled_from(GAME_PATHS), st.sampled_from(SWAPS))
def test_game_type_swaps(path, value):
    if _same_kind(_parent(GAME, path)[path[-1]], value):
        return
    data = _swapped(GAME, path, value)
    refused_or_as_written(data)


@settings(max_examples=EXAMPLES["truncation"], **SETTINGS)
@given(st.integers(0, len(GAME_TEXT) - 1))
def test_game_truncations(at):
    try:
        game = load_game_bytes(GAME_TEXT[:at])
    except GameFileError:
        return
    means_what_it_says(game, GAME)


@settings(max_examples=EXAMPLES["value swap"], **SETTINGS)
@given(st.sampled_from(GAME_LEAVES), st.sampled_from(GAME_VALUES))
def test_game_value_swaps(path, value):
    data = _swapped(GAME, path, value)
    refused_or_as_written(data)


@settings(max_examples=EXAMPLES["key deletion"], **SETTINGS)
@given(st.sampled_from(GAME_PATHS))
def test_game_key_deletions(path):
    data = _deleted(GAME, path)
    refused_or_as_written(data)


# -- variant files ---------------------------------------------------------------------------


def load_variant_bytes(raw: bytes) -> Variant:
    folder = WORK / "variants" / "mine"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "variant.toml").write_bytes(raw)
    return Variant.from_data(read_variant_file(folder / "variant.toml"), source="mine/variant.toml")


def test_the_unmutated_variant_loads():
    assert load_variant_bytes(VARIANT_TEXT).to_export() == Variant.from_data(VARIANT).to_export()


@settings(max_examples=EXAMPLES["byte flip"], **SETTINGS)
@given(st.integers(0, len(VARIANT_TEXT) - 1), st.integers(1, 255))
def test_variant_byte_flips(at, mask):
    raw = bytearray(VARIANT_TEXT)
    raw[at] ^= mask
    try:
        load_variant_bytes(bytes(raw))
    except VariantError:
        pass


@settings(max_examples=EXAMPLES["key rename"], **SETTINGS)
@given(st.sampled_from(VARIANT_KEYS))
def test_variant_key_renames(path):
    """A renamed field is an error; a renamed id (a province or power nothing else names,
    such as impassable Switzerland) is a variant with that id: what the file says."""
    try:
        variant = Variant.from_data(_renamed(VARIANT, path), source="mine/variant.toml")
    except VariantError:
        return
    assert len(path) == 2 and path[0] in ("provinces", "powers"), f"renamed {path} loaded"
    assert path[-1] + "q" in (*variant.board.provinces, *variant.power_names)
    assert path[-1] not in (*variant.board.provinces, *variant.power_names)


@settings(max_examples=EXAMPLES["type swap"], **SETTINGS)
@given(st.sampled_from(VARIANT_PATHS), st.sampled_from([v for v in SWAPS if v is not None]))
def test_variant_type_swaps_always_fail(path, value):
    if _same_kind(_parent(VARIANT, path)[path[-1]], value):
        return
    with pytest.raises(VariantError):
        Variant.from_data(_swapped(VARIANT, path, value), source="mine/variant.toml")


@settings(max_examples=EXAMPLES["truncation"], **SETTINGS)
@given(st.integers(0, len(VARIANT_TEXT) - 1))
def test_variant_truncations(at):
    try:
        load_variant_bytes(VARIANT_TEXT[:at])
    except VariantError:
        pass


@pytest.mark.parametrize("raw", [b"\xff\xfe", b"id = " + b"[" * 40_000, b"[a]\n" * 3 + b"\x00"])
def test_listing_survives_any_user_variant(_user_data, raw):
    folder = _user_data / "diplodesk" / "variants" / "odd"
    folder.mkdir(parents=True)
    (folder / "variant.toml").write_bytes(raw)
    listed = {v.path.name: v for v in list_variants()}
    assert not listed["odd"].playable and listed["odd"].problem
    assert listed["standard"].playable


@settings(max_examples=EXAMPLES["value swap"], **SETTINGS)
@given(st.sampled_from(VARIANT_LEAVES), st.sampled_from(VARIANT_VALUES))
def test_variant_value_swaps(path, value):
    try:
        Variant.from_data(_swapped(VARIANT, path, value), source="mine/variant.toml")
    except VariantError:
        pass


@settings(max_examples=EXAMPLES["key deletion"], **SETTINGS)
@given(st.sampled_from(VARIANT_PATHS))
def test_variant_key_deletions(path):
    try:
        Variant.from_data(_deleted(VARIANT, path), source="mine/variant.toml")
    except VariantError:
        pass
