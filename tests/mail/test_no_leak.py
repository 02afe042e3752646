"""No leaks, carried to the messages: a foreign fleet in a sea a power neither sees nor
hears of, that no order names, changes nothing in that power's player's message."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mailhelp import NAMES, players

from diplodesk.engine import load_position, process
from diplodesk.engine.board import ProvinceKind
from diplodesk.engine.options import movement_options
from diplodesk.engine.orders import format_order
from diplodesk.engine.rules import blind
from diplodesk.mail.compose import MailOptions, results_mail
from diplodesk.mail.roster import Roster
from diplodesk.variants import load_variant

V = load_variant("standard")
ROSTER = Roster.from_json(players(), V.power_names)


def _random_blind_spring(rng):
    data = dict(load_position({"variant": "standard", "phase": "S1901M"}).start(V).to_json(), rules=["blind"])
    base = load_position(data)
    orders: dict[str, list[str]] = {}
    for prov, u in base.units.items():
        orders.setdefault(u.power, []).append(format_order(rng.choice(movement_options(base, prov))))
    return load_position(dict(data, orders=orders))


def _named(position) -> set[str]:
    words = set()
    for texts in position.orders.values():
        for t in texts:
            words |= {w.lower().split("/")[0] for w in t.replace("-", " ").split()}
    return words


def _mail(position, power):
    batch = results_mail(position, ROSTER, "Game", MailOptions(pdf=False, public=False))
    m = next(x for x in batch.messages if x.player == NAMES[power])
    return m.to, m.subject, m.body


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_a_hidden_fleet_changes_nothing_in_a_players_message(rng):
    position = _random_blind_spring(rng)
    outcome = process(position)
    seas = [p.id for p in V.board.provinces.values() if p.kind is ProvinceKind.SEA and p.id not in position.units]
    for power in V.power_names:
        v = blind.view(position, outcome, power)
        hidden = [s for s in seas if s not in v.seen | v.informed | blind.static_sight(outcome.next, power)
                  | _named(position)]
        if not hidden:
            continue
        other = next(p for p in V.power_names if p != power)
        data = position.to_json()
        data["units"] = [*data["units"], {"power": other, "type": "F", "at": rng.choice(hidden)}]
        assert _mail(load_position(data), power) == _mail(position, power), power
