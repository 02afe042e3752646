"""The convoy searches, written for speed (bit masks, one search for every fleet, remembered
per board), answer exactly as the plain searches they replace, the step limit included."""

import random

import pytest

from diplodesk.engine import convoys
from diplodesk.engine.board import ProvinceKind
from diplodesk.variants import load_variant


def plain_needed(board, src, dst, fleet, seas, limit):
    """The plain search: depth first over the chains, seas tried in the order of their ids;
    after ``limit`` steps the order gets the benefit of the doubt."""
    if fleet not in seas:
        return False
    nbrs = board.province_neighbours
    budget = [limit]

    def extend(path):
        budget[0] -= 1
        if budget[0] < 0:
            return True
        if dst in nbrs[path[-1]]:
            return fleet in path
        for n in sorted(nbrs[path[-1]]):
            if n in seas and n not in path and src not in nbrs[n] and not any(n in nbrs[p] for p in path[:-1]):
                if extend(path + [n]):
                    return True
        return False

    return any(extend([s]) for s in sorted(nbrs[src]) if s in seas)


def plain_route(board, src, dst, seas):
    nbrs = board.province_neighbours
    seen, todo = set(), [s for s in nbrs[src] if s in seas]
    while todo:
        s = todo.pop()
        if s in seen:
            continue
        seen.add(s)
        if dst in nbrs[s]:
            return True
        todo.extend(n for n in nbrs[s] if n in seas)
    return False


@pytest.mark.parametrize("vid", ["standard", "colonial"])
def test_the_searches_agree_with_the_plain_ones_for_every_fleet(vid):
    board = load_variant(vid).board
    seas_all = sorted(board.sea_provinces)
    coasts = sorted(p for p, i in board.provinces.items() if i.kind is ProvinceKind.COAST)
    rng = random.Random(vid)
    for _ in range(25):
        seas = frozenset(rng.sample(seas_all, rng.randint(1, len(seas_all))))
        src, dst = rng.sample(coasts, 2)
        limit = rng.choice([20000, 40, 400])  # small limits: the benefit of the doubt comes up
        for fleet in seas_all:
            want = plain_needed(board, src, dst, fleet, seas, limit)
            assert convoys.needed_on_some_route(board, src, dst, fleet, seas, limit) is want, (src, dst, fleet)
        assert convoys.route_exists(board, src, dst, seas) is plain_route(board, src, dst, seas)


def test_a_fleet_on_no_chain_is_not_needed_and_one_on_the_only_chain_is():
    board = load_variant("standard").board
    seas = frozenset({"nth", "eng", "mao"})
    assert convoys.needed_on_some_route(board, "lon", "bel", "nth", seas)
    assert convoys.needed_on_some_route(board, "lon", "bre", "eng", seas)
    assert not convoys.needed_on_some_route(board, "lon", "bre", "mao", seas)  # eng touches Brest: a short cut
    assert not convoys.needed_on_some_route(board, "lon", "bel", "ion", seas)  # not at sea in the chain
