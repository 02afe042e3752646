"""Results never depend on the order of the lines: any season, its orders shuffled."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from .conftest import season, start

VOCABULARY = {
    "fra": ["bu Y Pari", "bu Y Gaso", "bu D Pari", "bu D Gaso", "bu 2 Trs", "bu 9 Trs", "bu N Pari",
            "pw $2 Gaso", "pw $4 Gaso", "1D ho", "1D st", "1D at Nava", "2D ho (no)", "tf 1D to Spain", "tf 5D to Italy",
            "fo bu.unit, pw until withdrawn", "fo withdrawn", "fo bu.Tr for 2 seasons", "bu FF Bret",
            "de 2D", "de Y Pari", "fo bu.Tr, bu.unit", "sa a favour", "co A", "co I", "co A",
            "as API Pari", "as IPI Nava", "sb A $2 Cast", "sb Tr $3 Spain", "gw $2 Nava", "gibberish",
            "FF1 f", "FF1 mo Atla", "FF2 f", "FF1 f to Spain", "bu FF Bret", "de FF2", "eb Banque Pari", "eb Banque Gaso",
            "an Cast", "cd Gaso to Spain", 'nn "Basque Land" Gaso', "cd Gaso to Italy",
            "tt 5A to Spain via Gaso Nava", "tt $3 to Italy via Gaso Piem", "tt $2 to bop via Gaso Lyon Piem", "tt 5A to Spain via Gaso Nava ap 1 Trs of Italy by Piem Lyon Gaso",
            "tt 5I to Spain via Gaso Nava ap 1 Trs of Spain", "tt 40I to Spain via Acqu Nava",
            "bk Gaso vs Spain", "bk fish Bisc",
            "2D at Nava (re Pari)", "1D sp 2D ho", "3D at Cast", "3D sp 2D at Nava", "2D sp 3D at Cast",
            "1D mo Gaso", "2D mo Acqu", "3D at Nava", "spl 1D", 'al pact France, Spain "passage"',
            'al pact France, Spain "other terms"', "ra old", "wa old", "1D mo Nava", "3D at Anda",
            "3D sp Spain 1D ho", "bu Y Pari (pd by Spain)", "bu 2 Trs ($ pd by rd from bop)",
            "3D ho (pd by Spain $0.5)", "tt 2D to Spain via Gaso Nava", "pw $1 Gaso (pd by Italy)", "pw $3 Gaso ($ pd by rd from bop)",
            "cl Bret", "op Bret", "pc Anda", "op naples-canal", "4T dm Bret Bisc", "4T mo Bret", "4T ho",
            "jv j1 with Spain", "jv j1 with Spain public", "jv void j0", "jv j2 with Italy", "dg p02",
            "dg p04 for Switzerland", "tf API to Spain", "tf A1 to Spain", "tf 2 IPIs to Italy", "tf IPI to Spain",
            "tf 2 Trs to Spain", "tf 3 Trs to Spain", "pw $1 Gaso ($ pd by rd from Morocco)",
            "tf FF1 to bop", "tf A1 to bop", "tf FF2 to Spain"],
    "spa": ["bu Y Cast", "ap 1 Trs to France", "bu D Cast", "bu S Anda/wc", "bu S Anda", "bu T Anda/ec", "pw $5 Nava",
            "1D Cast ho", "1D ds FF1", "1D mo Nava", "bu 3 Trs", "de 1D", "tf 1D to France", "as IPI Nava",
            "co I", "sb I $1 Gaso", "tt 3A to France via Bisc", "cd Cast to France", "cd Anda to Italy",
            'nn "Basque Land" Cast', "an Gaso", "tt 5M to France via Nava Gaso alt Nava Acqu",
            "bk trade Nava", "tt $1 to France via Nava Gaso",
            "2D at Gaso (re Cast)", "2D ho (re Cast/Acqu)", "1D sp 2D ho", "1D sp 2D at Gaso",
            "3D sp 2D ho", "3D at Cast", "3D sp 2D at Gaso", "spl 1D, 3D", "spl 3D", "2D at Acqu",
            "1D at Nava", "2D st (no)", 'al pact Spain, France "passage"', "ra old", "wa old",
            "wa pact", "2D mo Gaso", 'pd France "bu Y Pari"', 'pd France "3D ho"', 'pd Italy "bu D Roma"',
            "mn Gaso", "mn Nava", "pc Anda", "pm Anda for France", "cl Anda", "op Anda",
            "jv j1 with France", "jv j2 with France, Italy", "jv void j0", "tt $1 to Morocco",
            "fz Morocco", "nz Morocco", "tf I1 to France", "tf IPI to France"],
    "sui": ["bu N Swit", "cd Swit to Italy", "N Swit ho", "pw $1 Swit", "bu D Swit", "pm Morocco"],
    "mor": ["lo Swit", "lo Cast", "pw $1 Moro", "cd Moro to Spain with $1 2A", "cd Moro to Italy",
            "tt $1 to Spain", "in $10", "jv j3 with France", "tt $1 to France via Cast Nava Gaso", "an Moro",
            "tt $0.5 to Spain", "rd $1 to France", "rd $0.5 to France", "pw $1 Cast", "tf Morocco to bop",
            'pw $1 Moro if Italy "eb Banca Roma" succeeds', 'pw $0.5 Moro if France "pw $2 Gaso" fails'],
    "ita": ["FF1 f", "FF1 mo Lyon", "bu FF Roma", "FF1 f", "eb Banca Roma", "fz bop", "nz bop",
            "tt $4 to bop", "1D at Gaso", "ap 2 Trs to France", "ap 3 Trs to France", 'pd France "pw $1 Gaso"', "1D sp 2D at Gaso", "2D at Gaso", "1D ho", "2D mo Roma", "cl Napl", "op Napl",
            'al pact France, Spain, Italy "passage"', "ra old", "jv j2 with France", "jv j2 with Spain, France",
            "dg p04", "cd Moro to Morocco", "nz Morocco"],
    "bop": ["in $10", "in $20", "in all", "wd $1", "wd $0.5", "tt $3 to Italy", "in $10 from Italy",
            "rd $1 to France", "rd $0.5 to France", "tt $2 to France via Piem Lyon Gaso",
            "tf control to p01", "tf control to p02", "pw $2 Roma", "pw $1 Roma", "in all received",
            "co A1", "tf A1 to France", "tf IPI to Spain", "as IPI Roma", "tf Morocco to p02"],
}


def _position(rich: bool, exiled: bool = False) -> dict:
    pos = start()
    eco = pos["economy"]
    eco["installations"] = [
        {"type": "Y", "owner": "fra", "at": p, "built": "F1914M", "M": 2} for p in ("pari", "gaso")
    ] + [{"type": "Y", "owner": "spa", "at": "cast", "built": "F1914M", "M": 2},
         {"type": "S", "owner": "spa", "at": "anda/ec", "built": "F1914M", "M": 3}]
    pos["units"] = [{"id": "1D", "power": "fra", "type": "D", "at": "pari", "M": 6},
                    {"id": "2D", "power": "fra", "type": "D", "at": "gaso", "M": 6},
                    {"id": "3D", "power": "fra", "type": "D", "at": "anda", "M": 6},
                    {"id": "1D", "power": "spa", "type": "D", "at": "cast", "M": 6},
                    {"id": "2D", "power": "spa", "type": "D", "at": "nava", "M": 6},
                    {"id": "3D", "power": "spa", "type": "D", "at": "acqu", "M": 6},
                    {"id": "1D", "power": "ita", "type": "D", "at": "piem", "M": 6},
                    {"id": "2D", "power": "ita", "type": "D", "at": "napl", "M": 6},
                    {"id": "4T", "power": "fra", "type": "T", "at": "atla", "M": 6}]
    eco["canals"] = {"brest-canal": {"state": "open"},
                     "andalusia-site": {"state": "building", "builder": "spa", "paid": 1,
                                        "next": {"gold": 3, "M": 1, "A": 7, "I": 6}}}
    eco["nations"]["fra"]["acquired"] = 4
    eco["nations"]["spa"]["acquired"] = 3
    eco["nations"]["ita"]["acquired"] = 2
    eco["nations"]["fra"]["pis"] = [{"kind": "A", "made": "F1914M"}, {"kind": "I", "made": "F1914M"}]
    eco["nations"]["spa"]["pis"] = [{"kind": "I", "made": "F1914M"}]
    eco["provinces"]["nava"]["de_facto"] = "fra"
    eco["banks"] = [{"id": "bop", "name": "Banca di Roma", "at": "roma", "controller": "p03", "gold": 24,
                     "invested": 10, "teams": [{"id": "A1", "kind": "A"}], "pis": [{"kind": "I", "made": "F1914M"}]}]
    eco["joint"] = [{"id": "j0", "players": ["p01", "p04"], "public": True}]
    eco["nations"]["sui"]["controllers"] = ["p04", "p03", "p01"]
    pos["signatures"] = {"sui": ["p04"]}
    eco["alliances"] = [{"id": "old", "members": ["fra", "spa"], "since": "S1914M", "reaffirmed": "S1914M"}]
    eco["ffs"] = [{"id": "FF1", "owner": "fra", "at": "bisc", "fished": "bisc"},
                  {"id": "FF2", "owner": "fra", "at": "tyrs"},
                  {"id": "FF1", "owner": "ita", "at": "tyrs", "fished": "tyrs"}]
    if exiled:  # Morocco a government in exile in Spain's Castile, Italy holding Morocco (II.8)
        eco["nations"]["mor"].update(kind="gie", escrow=0, exile={"since": "F1914M", "deadline": "S1915M",
                                                                 "located": "cast", "hidden_M": 3})
        eco["provinces"]["moro"]["de_facto"] = "ita"
    if not rich:  # short of everything: the failure loop and its dice at work
        for n in ("fra", "spa", "sui", "ita"):
            eco["nations"][n]["stock"].update(gold=3, A=3, I=4, M=7)
    return pos


def _without_order_lines(result: dict) -> dict:
    """The result less what follows the order of the lines by design (line numbers, the
    order of entries): every fact as a sorted list."""
    strip = lambda e: {k: v for k, v in e.items() if k != "order" or not isinstance(v, str) or "#" not in v}  # noqa: E731
    return {
        "orders": sorted(map(str, result["orders"])),
        "ledger": sorted(str(strip(e)) for e in result["ledger"]),
        "dice": sorted(map(str, result["dice"])),
        "next": result["next"],
        "decisions": sorted(str({k: v for k, v in q.items() if k != "id"}) for q in result["decisions_needed"]),
    }


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_shuffling_the_order_lines_changes_no_result(data):
    rich, exiled = data.draw(st.booleans()), data.draw(st.booleans())
    orders = {n: data.draw(st.lists(st.sampled_from(v), max_size=6)) for n, v in VOCABULARY.items()}
    seed = data.draw(st.integers(0, 2**16))
    rng = random.Random(seed)
    shuffled = {n: rng.sample(v, len(v)) for n, v in reversed(list(orders.items()))}
    one = season(_position(rich, exiled), orders)
    two = season(_position(rich, exiled), shuffled)
    assert _without_order_lines(one) == _without_order_lines(two)
