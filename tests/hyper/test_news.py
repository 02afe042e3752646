"""The gazette's news (DESIGN 4.5): battles, changes of ownership, new nations, eliminations
and research, as the zine printed them: nations and provinces by name, orders as written."""

from __future__ import annotations

from diplodesk.engine.hyper import papers
from diplodesk.engine.hyper.news import news

from .conftest import names, season, start


def _gazette(pos: dict, orders: dict) -> str:
    return papers.text(papers.gazette(season(pos, orders), pos | {"orders": orders}, names()))


def test_a_conquest_is_news_a_battle_a_change_of_hands_and_a_new_territory():
    pos = start()
    pos["units"] = [{"id": "1D", "power": "fra", "type": "D", "at": "gaso", "M": 6}]
    pos["economy"]["nations"]["fra"]["acquired"] = 1
    text = _gazette(pos, {"fra": ["1D at Nava"]})
    assert "Orders\n  France: 1D gaso at nava\n" in text  # the order as the GM typed it
    assert "Battles (III.29-31)\n  Navarre: attacked by France 1D gaso conquered\n" in text
    assert "Changes of ownership\n  Navarre: Spain -> Navarre under France\n" in text
    assert "New nations\n  Navarre under France (a territory of France)\n" in text
    assert "\n  Navarre under France " in text.split("Accounts at the end of the season")[1]


def test_a_battle_tells_both_sides_and_their_losses():
    pos = start()
    pos["units"] = [{"id": "1D", "power": "fra", "type": "D", "at": "gaso", "M": 6},
                    {"id": "1D", "power": "spa", "type": "D", "at": "nava", "M": 6}]
    for n in ("fra", "spa"):
        pos["economy"]["nations"][n]["acquired"] = 1
    text = _gazette(pos, {"fra": ["1D at Nava"], "spa": ["1D ho"]})
    assert ("  Navarre: attacked by France 1D gaso bounced; defended by Spain 1D held; "
            "losses France 2M, Spain 1M") in text
    assert "Changes of ownership" not in text


def test_research_outcomes_are_public_and_a_quiet_season_has_no_news():
    pos = start()
    text = _gazette(pos, {"fra": ["co A"]})
    assert "Research (V.2)\n  France: co A1: rolled" in text
    result = season(pos)
    assert news(result, pos) == []


def test_a_nation_gone_from_the_board_is_listed_as_eliminated():
    pos = start()
    result = season(pos)
    later = dict(result, next=dict(result["next"], economy=dict(result["next"]["economy"])))
    nations = dict(later["next"]["economy"]["nations"])
    del nations["mor"]
    later["next"]["economy"]["nations"] = nations
    assert news(later, pos, names())[-2:] == ["Eliminated", "  Morocco"]
