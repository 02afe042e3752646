"""What each reader of a Hypereconomic season may know (DESIGN 4.5, principle 4).

The engine adjudicates once with full knowledge; a report is written from a projection of
the result and the position for its reader, so that no report can name what its reader may
not know. A projection only drops facts (or blanks a name with "a bank"); it never adds one.

Hidden from the players and the public:
  - the bank behind a redemption (VI.9): the bank's ``rd`` line, and its name or id
    wherever the season's lines mention it, unless the reader controls that bank;
  - secret joint victory agreements (IX.9): their standings, their ``jv`` lines and the
    players' ``joint_victory`` field, except to the agreement's own members;
  - who paid for guerrilla warfare or sabotage (VIII.1-3): only what it did is public;
  - the dice secret (``rng``), the dice log (its subjects name the saboteurs) and the GM's
    open questions (``decisions_needed``).
A nation's own statement is told in full, blanks aside; the GM's view is the whole result.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

COVERT = ("gw", "sb")  # guerrilla warfare and sabotage: the payer is secret (VIII.1-3) [A]
AGREEMENT = ("jv",)  # joint victory agreements: secret unless published (IX.9)
A_BANK = "a bank"
# the GM's part of a position: the dice secret, the answers, who signed, the corrections
GM_ONLY = ("rng", "decisions", "signatures", "adjustments")
_DESIGNATION = re.compile(r"^(\d+[dt]|ff\d+|n)$", re.IGNORECASE)
_RD_FROM = re.compile(r"\brd\s+from\s+[^)\"]*", re.IGNORECASE)
_QUOTED = re.compile(r'"([^"]*)"')


@dataclass(frozen=True)
class Reader:
    """Who reads: the nations whose statements they get, the banks and agreements that
    are theirs, or the GM (who reads everything)."""

    nations: frozenset[str] = frozenset()
    banks: frozenset[str] = frozenset()
    players: frozenset[str] = frozenset()
    gm: bool = False


PUBLIC = Reader()
GM = Reader(gm=True)


def player_reader(position: Mapping[str, Any], player: str) -> Reader:
    """A player: every nation they control (alone or jointly) and every bank they control."""
    eco = position["economy"]
    nations = frozenset(n for n, s in eco["nations"].items() if player in s.get("controllers", []))
    banks = frozenset(str(b["id"]) for b in eco.get("banks", []) if b.get("controller") == player)
    return Reader(nations, banks, frozenset({player}))


def nation_reader(position: Mapping[str, Any], nation: str) -> Reader:
    """A nation's statement, as its controllers read it (their agreements included)."""
    controllers = position["economy"]["nations"][nation].get("controllers", [])
    return Reader(frozenset({nation}), frozenset(), frozenset(controllers))


def code(text: str | None) -> str:
    """The order's code: its first word, or the second after a unit's designation."""
    words = (text or "").lower().split()
    if len(words) > 1 and _DESIGNATION.match(words[0]):
        return words[1]
    return words[0] if words else ""


def project(result: Mapping[str, Any], position: Mapping[str, Any],
            reader: Reader) -> tuple[dict[str, Any], dict[str, Any]]:
    """The result and position (both as JSON) as ``reader`` may know them; copies."""
    if reader.gm:
        return copy.deepcopy(dict(result)), copy.deepcopy(dict(position))
    hidden = _hidden_banks(result, position, reader)
    secret = _secret_agreements(position, reader) | _secret_agreements(result.get("next") or {}, reader)
    out: dict[str, Any] = {k: copy.deepcopy(v) for k, v in result.items()
                           if k not in ("dice", "decisions_needed", "ledger", "orders", "next", "standings")}
    out["orders"] = [line for o in result.get("orders", [])
                     if (line := _line(o, reader, hidden, position)) is not None]
    mine = _accounts(reader)
    out["ledger"] = [_scrubbed(e, hidden) for e in result.get("ledger", []) if e.get("account") in mine]
    out["dice"], out["decisions_needed"] = [], []
    out["standings"] = [dict(r) for r in result.get("standings", []) if r.get("who") not in secret]
    out["notices"] = [_blank(n, hidden) for n in result.get("notices", [])]
    if "next" in result:
        out["next"] = _position(result["next"], reader, secret)
    return out, _position(position, reader, secret)


# -- the order lines ---------------------------------------------------------------------------


def _line(o: Mapping[str, Any], reader: Reader, hidden: Mapping[str, str],
          position: Mapping[str, Any]) -> dict[str, Any] | None:
    who = o.get("power")
    own = who in reader.nations or who in reader.banks
    words = code(o.get("order") or o.get("text"))
    line = dict(o)
    if not own:
        if who in _bank_ids(position) and words == "rd":
            return None  # a redemption does not name its bank (VI.9)
        if words in AGREEMENT:
            return None  # an agreement is told by its list in the position, if public
        if words in COVERT:
            # what it did is public, not who paid: no nation, no text as written
            line.update(power=None, text=None)
        elif words == "pd" and _quotes_covert(o.get("text") or ""):
            return None  # paying for another's covert order names the payer
    for key in ("text", "order", "detail"):
        if isinstance(line.get(key), str):
            text = line[key] if own else _RD_FROM.sub(f"rd from {A_BANK}", _covert_quotes(line[key]))
            line[key] = _blank(text, hidden)
    return line


def _quotes_covert(text: str) -> bool:
    return any(code(q) in COVERT for q in _QUOTED.findall(text))


def _covert_quotes(text: str) -> str:
    """'bu Y Pari if France "sb A $2 Cast" succeeds' names a saboteur: the quote goes."""
    return _QUOTED.sub(lambda m: '"a covert order"' if code(m.group(1)) in COVERT else m.group(0), text)


# -- banks, agreements, accounts ---------------------------------------------------------------


def _redeemers(position: Mapping[str, Any]) -> dict[str, str]:
    """Who may redeem, by id, with their names: the banks, and the governments in exile,
    which redeem as banks do (II.8)."""
    eco = position["economy"]
    out = {str(b["id"]): str(b.get("name") or "") for b in eco.get("banks", [])}
    for nid, n in eco.get("nations", {}).items():
        if n.get("exile"):
            out[str(nid)] = str(n.get("name") or "")
    return out


def _bank_ids(position: Mapping[str, Any]) -> set[str]:
    return set(_redeemers(position))


def _hidden_banks(result: Mapping[str, Any], position: Mapping[str, Any], reader: Reader) -> dict[str, str]:
    """The banks that redeemed (or were asked to) this season and are not the reader's:
    each name and id, longest first, to be blanked wherever a line mentions them."""
    banks = _redeemers(position)
    named = " ".join(m.group(0) for o in result.get("orders", [])
                     for t in (o.get("text"), o.get("order")) if isinstance(t, str)
                     for m in _RD_FROM.finditer(t)).lower()
    out: dict[str, str] = {}
    for bid, name in banks.items():
        redeemed = any(o.get("power") == bid and code(o.get("order") or o.get("text")) == "rd"
                       for o in result.get("orders", []))
        mentioned = bid.lower() in named or bool(name and name.lower() in named)
        if (redeemed or mentioned) and bid not in reader.banks and bid not in reader.nations:
            out[bid] = A_BANK
            if name:
                out[name] = A_BANK
    return dict(sorted(out.items(), key=lambda kv: -len(kv[0])))


def _blank(text: str, hidden: Mapping[str, str]) -> str:
    for name, instead in hidden.items():
        text = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", instead, text, flags=re.IGNORECASE)
    return text


def _scrubbed(entry: Mapping[str, Any], hidden: Mapping[str, str]) -> dict[str, Any]:
    return {k: _blank(v, hidden) if isinstance(v, str) and k != "account" else v for k, v in entry.items()}


def _secret_agreements(position: Mapping[str, Any], reader: Reader) -> set[str]:
    """The ids of the secret agreements the reader is no member of (of one position: the
    season's start, or its end, for those made this season)."""
    return {str(a["id"]) for a in position.get("economy", {}).get("joint", [])
            if not a.get("public") and not reader.players & set(a.get("players", []))}


def _accounts(reader: Reader) -> set[str]:
    nations = {a for n in reader.nations for a in (n, f"{n}:escrow")}
    return nations | {a for b in reader.banks for a in (f"bank:{b}", f"bank:{b}:invested")}


def _position(position: Mapping[str, Any], reader: Reader, secret: Iterable[str]) -> dict[str, Any]:
    """A position without the GM's part, others' orders, or agreements the reader may not
    know; its economy is otherwise public (every nation's account is published)."""
    secret = set(secret)
    out = {k: copy.deepcopy(v) for k, v in position.items() if k not in GM_ONLY + ("orders", "economy")}
    if "orders" in position:
        out["orders"] = {n: list(v) for n, v in position["orders"].items()
                         if n in reader.nations or n in reader.banks}
    eco = copy.deepcopy(dict(position.get("economy", {})))
    if "joint" in eco:
        eco["joint"] = [a for a in eco["joint"] if str(a.get("id")) not in secret]
    for p in eco.get("players", []):
        if p.get("joint_victory") in secret:
            del p["joint_victory"]
    if "victory" in eco and isinstance(eco["victory"], dict):
        eco["victory"] = {k: v for k, v in eco["victory"].items() if k not in secret}
    out["economy"] = eco
    return out
