"""The turn sequence: which phase comes next, when centres change hands, who wins."""

from diplodesk.engine import adjudicate


def U(power, t, at):
    return {"power": power, "type": t, "at": at}


def test_spring_moves_do_not_change_ownership():
    pos = {"variant": "standard", "phase": "S1901M", "units": [U("France", "A", "bel")],
           "centers": {"France": ["par"]}, "orders": {}}
    nxt = adjudicate(pos)["next"]
    assert nxt["phase"] == "F1901M" and nxt["centers"] == {"France": ["par"]}


def test_fall_occupation_takes_the_centre_and_leads_to_builds():
    pos = {"variant": "standard", "phase": "F1901M", "units": [U("France", "A", "bur")],
           "centers": {"France": ["bre", "par"]}, "orders": {"France": ["A bur - bel"]}}
    nxt = adjudicate(pos)["next"]
    assert nxt["phase"] == "W1901A"
    assert nxt["centers"]["France"] == ["bel", "bre", "par"]


def test_no_adjustment_phase_when_nobody_can_act():
    # France is owed builds but its home centres are all occupied: straight to spring
    pos = {"variant": "standard", "phase": "F1901M",
           "units": [U("France", "A", "bre"), U("France", "A", "par"), U("France", "A", "mar")],
           "centers": {"France": ["bre", "par", "mar", "bel"]}, "orders": {}}
    assert adjudicate(pos)["next"]["phase"] == "S1902M"


def test_ownership_waits_for_the_fall_retreats():
    pos = {"variant": "standard", "phase": "F1901M",
           "units": [U("France", "A", "pic"), U("France", "A", "bur"), U("Germany", "A", "bel")],
           "centers": {"Germany": ["bel"]},
           "orders": {"France": ["A pic - bel", "A bur S A pic - bel"]}}
    res = adjudicate(pos)
    assert res["next"]["phase"] == "F1901R"
    assert res["next"]["centers"]["Germany"] == ["bel"]
    after = adjudicate(dict(res["next"], orders={"Germany": ["A bel - hol"]}))["next"]
    assert after["centers"]["France"] == ["bel"]
    assert after["phase"] in ("W1901A", "S1902M")


def test_retreat_phase_skipped_when_nobody_can_retreat():
    pos = {"variant": "standard", "phase": "S1901M",
           "units": [U("France", "F", "spa/sc"), U("France", "F", "mao"), U("England", "F", "por")],
           "orders": {"France": ["F spa/sc - por", "F mao S F spa/sc - por"]}}
    res = adjudicate(pos)
    assert res["next"]["phase"] == "F1901M"
    assert any(r["reason"] == "no retreat" and r["order"] == "F por D" for r in res["orders"])


def test_victory_at_eighteen_centres():
    centres = ["bre", "par", "mar", "bel", "hol", "spa", "por", "lon", "lvp", "edi", "nwy", "den",
               "kie", "ber", "mun", "tun", "rom"]
    pos = {"variant": "standard", "phase": "F1905M", "units": [U("France", "A", "ven")],
           "centers": {"France": centres}, "orders": {"France": ["A ven H"]}}
    nxt = adjudicate(pos)["next"]
    assert nxt["winner"] == "France"
    assert len(nxt["centers"]["France"]) == 18


def test_civil_disorder_removes_the_farthest_unit():
    pos = {"variant": "standard", "phase": "W1901A",
           "units": [U("Russia", "A", "lvn"), U("Russia", "A", "swe")],
           "centers": {"Russia": ["stp"]}, "orders": {}}
    res = adjudicate(pos)
    assert [u["at"] for u in res["next"]["units"]] == ["lvn"]
    assert res["orders"] == [{"power": "Russia", "text": None, "order": "D A swe",
                              "status": "succeeds", "reason": "civil disorder"}]


def test_every_unit_without_an_order_is_listed():
    pos = {"variant": "standard", "phase": "S1901M", "units": [U("Austria", "A", "vie")], "orders": {}}
    line = adjudicate(pos)["orders"][0]
    assert line == {"power": "Austria", "text": None, "order": "A vie H", "status": "succeeds",
                    "reason": "no order"}


def test_a_unit_with_several_orders_holds_and_each_order_says_why():
    # DATC 4.D.3: several orders for one unit -> none of them counts, the unit holds
    pos = {"variant": "standard", "phase": "S1901M",
           "units": [U("Germany", "A", "mun"), U("Germany", "A", "ber"), U("France", "A", "bur")],
           "orders": {"Germany": ["A mun - bur", "A ber - sil", "A mun S A ber - sil", "A mun H"],
                      "France": ["A bur - mun"]}}
    res = adjudicate(pos)
    several = [r for r in res["orders"] if r["reason"] == "several orders"]
    assert [r["text"] for r in several] == ["A mun - bur", "A mun S A ber - sil", "A mun H", None]
    assert [r["status"] for r in several] == ["invalid", "invalid", "invalid", "succeeds"]
    by_text = {r["text"]: r for r in res["orders"] if r["text"]}
    assert by_text["A ber - sil"]["status"] == "succeeds"  # not supported, not needed
    assert by_text["A bur - mun"]["reason"] == "bounced"  # the German army holds in Munich
    assert {"power": "Germany", "type": "A", "at": "mun"} in res["next"]["units"]


def test_wrong_orders_are_results_not_errors():
    pos = {"variant": "standard", "phase": "S1901M",
           "units": [U("Austria", "A", "vie"), U("Italy", "A", "ven")],
           "orders": {"Austria": ["A vie - xyz", "A ven - tri", "F tri - adr"], "Italy": ["A ven - nth"]}}
    reasons = {r["text"]: r["reason"] for r in adjudicate(pos)["orders"] if r["text"]}
    assert reasons == {"A vie - xyz": "unparsable", "A ven - tri": "not your unit",
                       "F tri - adr": "no such unit", "A ven - nth": "illegal"}
