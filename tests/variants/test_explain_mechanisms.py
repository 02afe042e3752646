"""Explanations name the variant mechanism that acted, from the result's own data."""

from diplodesk.engine import adjudicate


def U(power, t, at):
    return {"power": power, "type": t, "at": at}


def explained(variant, phase, units, orders, order):
    r = adjudicate({"variant": variant, "phase": phase, "units": units, "orders": orders}, explain=True)
    return next(line["explain"] for line in r["orders"] if line["order"] == order)


def test_a_difficult_border_crossing_has_its_supports_alone():
    ex = explained("loeb9", "S1901M", [U("Spain", "A", "cor"), U("France", "A", "naf")],
                   {"Spain": ["A cor - naf"]}, "A cor - naf")
    assert ex["text"].startswith("A cor - naf fails: attack 0 against hold 1 of A naf")
    assert any(s["rule"] == "variant rule: difficult border" for s in ex["steps"])


def test_an_unsupported_crossing_still_enters_an_empty_place():
    ex = explained("loeb9", "S1901M", [U("Spain", "A", "cor")], {"Spain": ["A cor - naf"]}, "A cor - naf")
    assert any("still enters" in s["says"] for s in ex["steps"])


def test_the_arctic_closed_in_the_fall_says_why():
    ex = explained("loeb9", "F1901M", [U("Russia", "F", "arc")], {"Russia": ["F arc - bar"]}, "F arc - bar")
    assert ex["steps"][0]["about"] == "check" and ex["text"].startswith("F arc - bar invalid: ")


def test_the_railroad_says_where_it_stopped():
    units = [U("Russia", "A", "vla"), U("China", "A", "mon")]
    r = adjudicate({"variant": "colonial", "phase": "S1870M", "units": units,
                    "orders": {"Russia": ["A Vladivostok TSR Omsk"], "China": ["A Mongolia - Krasnoyarsk"]}},
                   explain=True)
    line = next(x for x in r["orders"] if x["power"] == "Russia")
    assert line["explain"]["steps"][0]["about"] == "mechanism"
    assert "stopped in irk" in line["explain"]["text"]
