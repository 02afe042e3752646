"""What each reader of a season may know (DESIGN 4.5): every hidden fact stays out of every
player's papers and the gazette, and is on the GM's sheet. Projections drop, never add."""

from __future__ import annotations

import copy
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from diplodesk.engine.hyper import papers
from diplodesk.engine.hyper.visibility import GM, PUBLIC, player_reader, project

from .conftest import season, start

SECRET = "rng-secret-7f3a9"
PLAYERS = ("p01", "p02", "p03", "p04")


def _position(banks=(), joint=(), **changes) -> dict:
    pos = start(SECRET)
    pos["economy"]["banks"] = [dict(b) for b in banks]
    pos["economy"]["joint"] = [dict(a) for a in joint]
    pos.update(changes)
    return pos


ZURICH = {"id": "zsb", "name": "Zurich Quietbank", "at": "swit", "controller": "p04", "gold": 10, "invested": 0}
FROZEN = dict(ZURICH, frozen=True)
BY_ZURICH = "bu Y Pari ($ pd by rd from Zurich Quietbank)"
BY_ID = "pw $2 Gaso ($ pd by rd from zsb)"
HUSH = {"id": "hush-pact", "players": ["p01", "p02"], "public": False}
JOINT_MOR = {"mor": ["p02"]}  # Morocco's orders signed by p02 alone, with p03 its co-player


def _gaso_held_by_france(pos: dict) -> dict:
    pos["economy"]["provinces"]["nava"]["de_facto"] = "fra"  # Spain's by right, France's in fact
    return pos


def _mor_shared(pos: dict) -> dict:
    pos["economy"]["nations"]["mor"]["controllers"] = ["p02", "p03"]
    return pos


def _covert_by(payer: str) -> list[str]:
    """Lines naming ``payer`` together with a covert action, or the dice key that does."""
    return [rf"(?im)^[^\n]*\b{payer}\b[^\n]*\b(sb|gw|sabotage|guerrilla)\b",
            rf"(?im)^[^\n]*\b(sb|gw|sabotage|guerrilla)\b[^\n]*\b{payer}\b", rf"{payer}/\w+/(sb|gw)"]


# (case, position, orders, patterns that must stay hidden, the players who may know them)
CASES = [
    ("a redemption names no bank", _position([ZURICH]),
     {"fra": [BY_ZURICH], "zsb": ["rd $1 to France"]}, [r"(?i)zurich", r"\bzsb\b"], {"p04"}),
    ("nor by the bank's id", _position([ZURICH]),
     {"fra": [BY_ID], "zsb": ["rd $1 to France"]}, [r"(?i)zurich", r"\bzsb\b"], {"p04"}),
    ("nor in an order the engine could not read", _position([ZURICH]),
     {"fra": ["bu Q Pari ($ pd by rd from Zurich Quietbank)"], "zsb": ["rd $1 to France"]},
     [r"(?i)zurich", r"\bzsb\b"], {"p04"}),
    ("nor when the bank is frozen", _position([FROZEN]),
     {"fra": [BY_ZURICH], "zsb": ["rd $1 to France"]}, [r"(?i)zurich", r"\bzsb\b"], {"p04"}),
    ("nor when only the nation asks", _position([ZURICH]), {"fra": [BY_ZURICH]},
     [r"(?i)zurich", r"\bzsb\b"], {"p04"}),
    ("nor when only the bank offers", _position([ZURICH]), {"zsb": ["rd $1 to France"]},
     [r"(?i)zurich", r"\bzsb\b"], {"p04"}),
    ("a secret joint victory agreement", _position(joint=[HUSH]),
     {"fra": ["jv hush-pact p01 p02"], "spa": ["jv hush-pact p01 p02"]}, [r"hush-pact"], {"p01", "p02"}),
    ("who sabotaged transport", _position(), {"ita": ["sb Tr $3 Spain"]}, _covert_by("ita"), {"p03"}),
    ("who sabotaged a yield", _position(), {"fra": ["sb A $2 Cast", "bu Y Pari"]}, _covert_by("fra"), {"p01"}),
    ("who fought a guerrilla war", _gaso_held_by_france(_position()), {"spa": ["gw $2 Nava", "co A"]},
     _covert_by("spa") + [r"\bspa\b[^\n]*\bnava\b"], {"p02"}),
    ("who paid for another's sabotage", _position(),
     {"fra": ["sb A $2 Cast (pd by Spain)"], "spa": ['pd France "sb A $2 Cast"']},
     _covert_by("fra") + _covert_by("spa") + [r'"sb A'], {"p01", "p02"}),
    ("a condition on a sabotage", _position(),
     {"fra": ["sb A $2 Cast"], "ita": ['bu Y Roma if France "sb A $2 Cast" succeeds']},
     _covert_by("fra") + [r'"sb A'], {"p01", "p03"}),
    ("a question only the GM answers", _mor_shared(_position(signatures=JOINT_MOR)),
     {"mor": ["pw $1 Moro"]}, [r"joint-signature", r"lack the signature"], set()),
]


def _texts(result: dict, position: dict) -> dict[str, str]:
    out = {p: papers.text(papers.player(result, position, p)) for p in PLAYERS}
    out["gazette"] = papers.text(papers.gazette(result, position))
    out["gm"] = papers.text(papers.gm(result, position))
    return out


@pytest.mark.parametrize("case, position, orders, hidden, knowers", CASES, ids=[c[0] for c in CASES])
def test_no_player_and_no_gazette_learns_a_hidden_fact_but_the_gm_does(case, position, orders, hidden, knowers):
    pos = copy.deepcopy(position) | {"orders": orders}
    result = season(position, orders)
    texts = _texts(result, pos)
    for reader, text in texts.items():
        assert SECRET not in text or reader == "gm", (reader, "the dice secret")
        if reader in knowers or reader == "gm":
            continue
        for pattern in hidden:
            hit = re.search(pattern, text)
            assert hit is None, f"{case}: {reader} reads {hit.group(0)!r}"
    assert any(re.search(pattern, texts["gm"]) for pattern in hidden), f"{case}: not on the GM's sheet"
    assert SECRET in texts["gm"]


def test_the_controller_of_a_bank_reads_what_it_redeemed():
    pos = _position([ZURICH])
    orders = {"fra": [BY_ZURICH], "zsb": ["rd $1 to France"]}
    text = papers.text(papers.player(season(pos, orders), pos | {"orders": orders}, "p04"))
    assert "Zurich Quietbank (zsb) in swit" in text and "rd $1 to fra" in text


def test_the_members_of_a_secret_agreement_see_its_standing_and_nobody_else_does():
    pos = _position(joint=[HUSH])
    result = season(pos)
    assert any(r["who"] == "hush-pact" for r in result["standings"])
    for p in PLAYERS:
        seen = project(result, pos, player_reader(pos, p))[0]["standings"]
        assert any(r["who"] == "hush-pact" for r in seen) == (p in HUSH["players"]), p
    assert not any(r["who"] == "hush-pact" for r in project(result, pos, PUBLIC)[0]["standings"])


def _facts(value, path=()):
    """Every leaf of a JSON value with its path (list items by their content)."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _facts(v, (*path, k))
    elif isinstance(value, list):
        for v in value:
            yield from _facts(v, (*path, "[]"))
    else:
        yield path, value


@pytest.mark.parametrize("case, position, orders, hidden, knowers", CASES, ids=[c[0] for c in CASES])
def test_a_projection_only_drops_facts(case, position, orders, hidden, knowers):
    result = season(position, orders)
    pos = position | {"orders": orders}
    everything = set(_facts(result)) | set(_facts(pos))
    words = {w.lower() for _p, v in everything if isinstance(v, str) for w in re.findall(r"[\w$.-]+", v)}
    for reader in [PUBLIC, *(player_reader(pos, p) for p in PLAYERS)]:
        r, p = project(result, pos, reader)
        for path, value in set(_facts(r)) | set(_facts(p)):
            if isinstance(value, str):  # blanked names become "a bank"; nothing else is new
                new = {w.lower() for w in re.findall(r"[\w$.-]+", value)} - words - {"a", "bank", "covert", "order"}
                assert not new, (case, path, value)
            elif value is not None:  # None: not told (who paid for a covert order)
                assert any(q == path and v == value for q, v in everything), (case, path, value)
    assert project(result, pos, GM) == (result, pos)


# -- a property: random seasons with every hidden fact at once --------------------------------

OTHERS = ["bu Y Pari", "co A", "1D at Nava", "tt 5A to Spain via Gaso Nava", "pw $1 Gaso", "bu 2 Trs",
          'pw $1 Pari if Spain "pw $1 Nava" succeeds', "bk Gaso vs Spain", "co I", "bu D Gaso"]
COVERT_LINES = ["sb A $2 Cast", "sb Tr $3 Spain", "gw $2 Nava", "sb I $1 Gaso", "sb A $1 Roma"]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_no_random_season_tells_a_player_or_the_public_what_is_hidden(rng):
    pos = _gaso_held_by_france(_position([ZURICH], [HUSH]))
    orders: dict[str, list[str]] = {}
    for nation in ("fra", "spa", "ita", "sui"):
        orders[nation] = rng.sample(OTHERS, 3) + rng.sample(COVERT_LINES, rng.randint(0, 2))
    orders["fra"].append(rng.choice([BY_ZURICH, BY_ID, "bu Q Pari ($ pd by rd from Zurich Quietbank)"]))
    orders["zsb"] = rng.choice([["rd $1 to France"], ["rd $2 to France"], []])
    result = season(pos, orders)
    texts = _texts(result, pos | {"orders": orders})
    payers = {o["power"] for o in result["orders"] if o["power"] and o["text"]
              and o["text"].split()[0] in ("sb", "gw")}
    controllers = {"fra": "p01", "spa": "p02", "ita": "p03", "sui": "p04"}
    for reader, text in texts.items():
        if reader == "gm":
            continue
        assert SECRET not in text, reader
        if reader != "p04":
            assert not re.search(r"(?i)zurich|\bzsb\b", text), (reader, orders)
        if reader not in HUSH["players"]:
            assert "hush-pact" not in text, reader
        for payer in payers - {n for n, p in controllers.items() if p == reader}:
            for pattern in _covert_by(payer)[2:]:  # the dice key naming the payer
                assert not re.search(pattern, text), (reader, payer)
            assert not re.search(rf"(?m)^  {payer}: (sb|gw) ", text), (reader, payer)


def _projected_text(result: dict, position: dict, player: str) -> str:
    import json

    r, p = project(result, position, player_reader(position, player))
    return json.dumps(r) + json.dumps(p)


def test_an_agreement_made_this_season_stays_out_of_the_projections_of_others():
    pos = _position()
    orders = {"fra": ["jv newpact with Spain"], "spa": ["jv newpact with France"]}
    result = season(pos, orders)
    assert "newpact" in str(result["next"]["economy"]["joint"])  # it stands
    for outsider in ("p03", "p04"):
        assert "newpact" not in _projected_text(result, pos | {"orders": orders}, outsider)
    assert "newpact" in _projected_text(result, pos | {"orders": orders}, "p01")


def test_a_government_in_exile_behind_a_redemption_is_not_named_in_others_projections():
    pos = _position()
    eco = pos["economy"]
    eco["nations"]["mor"].update(kind="gie", escrow=0, exile={"since": "F1914M", "deadline": "S1915M",
                                                             "located": "cast", "hidden_M": 3})
    eco["provinces"]["moro"]["de_facto"] = "ita"
    orders = {"fra": ["bu Y Pari ($ pd by rd from Morocco)"], "mor": ["rd $1 to France"]}
    result = season(pos, orders)
    assert any(o["power"] == "mor" and o["status"] == "succeeds" for o in result["orders"])
    text = _projected_text(result, pos | {"orders": orders}, "p04")
    assert "rd from Morocco" not in text and "rd $1 to France" not in text
