"""Values the readers used to take that later code could not handle (issue 29, classes 6
and 14): each is refused where it is read, naming its field, or said in the result; none
reaches the season as a crash or a silent change."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from diplodesk.engine import PositionError, adjudicate, load_variant
from diplodesk.engine.hyper.pack import load_pack
from diplodesk.engine.money import MAX_AMOUNT
from diplodesk.engine.tables import TableError

from .conftest import MINI, season, start

VARIANT = load_variant(str(MINI))
FILES = VARIANT.data["table_files"]
KINDS = {p.id: str(p.kind) for p in VARIANT.board.provinces.values()}


def refused(pos: dict, where: str, what: str = "") -> str:
    with pytest.raises(PositionError) as e:
        adjudicate(pos)
    message = str(e.value)
    assert message.startswith(where) and what in message and "\n" not in message, message
    return message


def with_(change) -> dict:
    pos = start()
    change(pos)
    return pos


# -- dice ------------------------------------------------------------------------------------


def test_a_typed_in_die_roll_of_7_is_refused_naming_the_roll():
    key = season(start())["dice"][0]["key"]  # two dice of six sides
    refused(with_(lambda p: p["rng"].__setitem__("overrides", {key: [7, 1]})),
            f"rng.overrides[{key!r}]", "expected 2 dice of 1 to 6, got [7, 1]")


@pytest.mark.parametrize("faces", [[0], [101], [-1], [1] * 21, [10**400]])
def test_faces_no_die_has_are_refused_when_read(faces):
    refused(with_(lambda p: p["rng"].__setitem__("overrides", {"W1914M|ipl|med|0": faces})),
            "rng.overrides.W1914M|ipl|med|0", "expected the faces rolled")


# -- amounts ---------------------------------------------------------------------------------


@pytest.mark.parametrize("field, value", [("gold", 10**400), ("gold", 1e300), ("M", 10**400),
                                          ("gold", MAX_AMOUNT + 1), ("A", MAX_AMOUNT + 1)])
def test_a_400_digit_stock_is_refused(field, value):
    refused(with_(lambda p: p["economy"]["nations"]["fra"]["stock"].__setitem__(field, value)),
            f"economy.nations.fra.stock.{field}", f"{MAX_AMOUNT:,}")


def test_an_adjustment_below_zero_is_refused_naming_it():
    adj = {"nation": "fra", "factor": "gold", "amount": -10**6, "reason": "a fine"}
    refused(with_(lambda p: p.__setitem__("adjustments", [adj])), "adjustments[0].amount",
            "would take fra below zero")
    small = season(with_(lambda p: p.__setitem__("adjustments", [adj | {"amount": -1}])))
    assert any(e["reason"] == "GM: a fine" and e["amount"] == -1 for e in small["ledger"])


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.sampled_from(["gold", "M", "A", "I"]),
       st.one_of(st.integers(-10**30, 10**30), st.floats(allow_nan=True, allow_infinity=True)))
def test_any_number_in_a_stock_is_read_or_refused_never_a_crash(field, value):
    pos = with_(lambda p: p["economy"]["nations"]["fra"]["stock"].__setitem__(field, value))
    try:
        adjudicate(pos)
    except PositionError as e:
        assert "\n" not in str(e)


# -- digits ----------------------------------------------------------------------------------


@pytest.mark.parametrize("uid", ["²D", "١D", "12345678D", "D"])
def test_a_unit_id_of_other_digits_is_refused(uid):
    unit = {"id": uid, "power": "fra", "type": "D", "at": "gaso", "M": 1}
    refused(with_(lambda p: p.__setitem__("units", [unit])), "units[0].id", "expected a designation")


@pytest.mark.parametrize("owner", [["fra"], {"fra": 1}, None, 3])
def test_a_fishing_fleets_owner_that_is_no_name_is_refused_naming_it(owner):
    # a list or an object was looked up among the banks' ids first: a TypeError, not a refusal
    fleet = {"id": "FF1", "owner": owner, "at": "gaso"}
    refused(with_(lambda p: p["economy"].__setitem__("ffs", [fleet])), "economy.ffs[0].owner", "unknown nation")


@pytest.mark.parametrize("order", ["bu ² Trs", "bu ١٢ Trs", "ap ² Trs to Spain", "pw $² Gaso", "²D Gaso ho"])
def test_an_order_with_other_digits_is_unparsable_not_a_crash(order):
    r = season(start(), {"fra": [order]})
    [got] = [o for o in r["orders"] if o["power"] == "fra"]
    assert got["status"] == "invalid"


# -- tables: what a rule divides by, dice ---------------------------------------------------------


def _mangled(path: tuple, value) -> dict:
    files = copy.deepcopy(FILES)
    node = files
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    return files


@pytest.mark.parametrize("path, value, says", [
    (("rules.toml", "banking", "block"), 0, "banking, field block"),
    (("rules.toml", "banking", "step"), 0, "banking, field step"),
    (("rules.toml", "canal_sites", "isthmus", "refund_M"), "1d0", "refund_M"),
    (("tables/t15-sabotage-a.toml", "dice"), "1d0", "field dice"),
    (("tables/t15-sabotage-a.toml", "dice"), "1d²", "field dice"),
    (("tables/t15-sabotage-a.toml", "dice"), "1d" + "9" * 5000, "field dice"),
    (("rules.toml", "limits", "units_per_province"), 10**400, "units_per_province"),
])
def test_a_table_value_that_divides_by_zero_or_never_ends_is_refused(path, value, says):
    with pytest.raises(TableError) as e:
        load_pack(_mangled(path, value), KINDS, "hyper-mini")
    assert says in str(e.value) and "\n" not in str(e.value).split(" (and ")[0]


def test_variant_check_names_a_zero_block(tmp_path, capsys):
    import shutil

    from diplodesk.cli import main

    shutil.copytree(MINI, tmp_path / "mini")
    rules = tmp_path / "mini" / "rules.toml"
    rules.write_text(rules.read_text().replace("block = 10 ", "block = 0 "))
    assert main(["variant", "check", str(tmp_path / "mini")]) == 2
    out, err = capsys.readouterr()
    assert "banking, field block: 0: at least 0.5, as the rules divide by it" in out + err
    assert "no problems" not in out


def test_a_5000_digit_number_in_a_table_file_is_one_line(tmp_path, capsys):
    import shutil

    from diplodesk.cli import main

    shutil.copytree(MINI, tmp_path / "mini")
    rules = tmp_path / "mini" / "rules.toml"
    rules.write_text(rules.read_text().replace("block = 10 ", "block = " + "9" * 5000 + " "))
    assert main(["variant", "check", str(tmp_path / "mini")]) == 2
    err = capsys.readouterr().err
    assert "rules.toml" in err and "not usable TOML: Exceeds the limit (4300 digits)" in err
    assert err.count("\n") == 1 and len(err) < 1000


# -- what each field alone could not show (class 14) -------------------------------------------


def test_a_nation_controlled_by_no_player_of_the_game_is_refused():
    refused(with_(lambda p: p["economy"]["nations"]["fra"].__setitem__("controllers", ["p01", "nobody"])),
            "economy.nations.fra.controllers[1]", "'nobody' is not a player of the game")


def test_five_units_in_one_province_are_refused():
    units = [{"id": f"{i}D", "power": "fra", "type": "D", "at": "gaso", "M": 1} for i in range(1, 6)]
    refused(with_(lambda p: p.__setitem__("units", units)), "units[0].at", "holds 5 units; a province holds at most 4")
    guards = [{"power": "fra", "type": "N", "at": "gaso", "M": 1}] * 2
    refused(with_(lambda p: p.__setitem__("units", guards)), "units[0].at", "2 National Guards")
    assert adjudicate(with_(lambda p: p.__setitem__("units", units[:4])))  # four stand


def test_an_answer_that_is_none_of_the_options_is_said_not_dropped():
    orders = {"fra": ["sa build a wall"]}
    [q] = season(start(), orders)["decisions_needed"]
    r = season(with_(lambda p: p.__setitem__("decisions", {q["id"]: "maybe"})), orders)
    assert f"decisions.{q['id']}: 'maybe' is not one of its options (accept, reject); the default " \
           "'reject' was taken" in r["notices"]
    good = season(with_(lambda p: p.__setitem__("decisions", {q["id"]: "accept"})), orders)
    assert not any(n.startswith("decisions.") for n in good["notices"])
