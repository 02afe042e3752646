"""The orders of the economy in the rules' notation: trade and blockades, banks, borders,
governments in exile, research, covert action (a part of the order reader, orders.py)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .order_words import DESIG as _DESIG
from .order_words import is_count, money
from .order_words import key as _key

if TYPE_CHECKING:
    from .orders import HOrder


class EconomyOrders:
    """Mixed into the order reader; each ``order_xx`` reads the words after its code."""

    def bank_order(self, o: HOrder, words: list[str]) -> HOrder:
        """A bank's own orders (VI): invest, withdraw, send gold to a nation; and what it does
        with what it owns (VI.2): research, assign and hand over PIs, fish, hand over a nation."""
        verb, rest = words[0].lower(), words[1:]
        if re.fullmatch(r"ff\d+", verb):
            return self.fleet(o, words)
        if verb in ("co", "as") or (verb == "tf" and [w.lower() for w in rest[:1]] != ["control"]):
            o.verb = verb
            return getattr(self, f"order_{verb}")(o, rest)
        o.verb = f"bank.{verb}"
        if verb == "in" and [w.lower() for w in rest] == ["all"]:
            o.note = "all"
            return o
        if verb == "in" and rest and rest[0].lower() == "all" and "received" in (w.lower() for w in rest):
            o.note = "received"  # in all $ received this season (VI.11)
            return o
        if verb == "in" and len(rest) in (1, 3) and (amount := money(rest[0])) is not None:
            o.amount = amount
            if len(rest) == 3:
                if rest[1].lower() != "from" or (n := self.names.nation.get(_key(rest[2]))) is None:
                    return o.fail("unparsable", "in $20 from France")
                o.target = n
            return o
        if verb == "wd" and len(rest) == 1 and (amount := money(rest[0])) is not None:
            o.amount = amount
            return o
        if verb in ("in", "wd") and rest and re.fullmatch(r"\$?\d*\.\d+\$?", rest[0]):
            return o.fail("illegal", f"{rest[0]} is not a whole number of $½: only $½ or multiples "
                          "of it go into or out of the world market (VI.14)")
        if verb == "tt" and "via" in (w.lower() for w in rest):  # to a nation not its host (VI.3)
            o.verb = "tt"
            self.order_tt(o, rest)
            if not o.error and o.note != "gold":
                o.fail("illegal", "a bank trades only gold (VI.3)")
            return o
        if verb in ("tt", "rd") and len(rest) == 3 and rest[1].lower() == "to" \
                and (amount := money(rest[0])) is not None:
            o.amount, o.target = amount, self.names.nation.get(_key(rest[2]))
            if o.target is None:
                return o.fail("unparsable", f"{rest[2]!r} is not a nation")
            return o
        if verb == "pw" and len(rest) == 2 and (amount := money(rest[0])):
            o.amount, o.target = amount, self.names.location(rest[1])  # a bank spends (VI.4)
            return o if o.target else o.fail("unparsable", f"{rest[1]!r} is not a province")
        if verb == "tf" and len(rest) >= 3 and [w.lower() for w in rest[:2]] == ["control", "to"]:
            o.verb, o.target = "bank.tf", self.player_id(" ".join(rest[2:]))  # to a player (VI.1)
            return o if o.target else o.fail("unparsable", f"{' '.join(rest[2:])!r} is not a player")
        return o.fail("unparsable", "a bank orders: in $20, in all, in $20 from France, wd $5, "
                      "tt $5 to France, rd $1 to France, pw $1 Pari, tf control to p02, and with what "
                      "it owns co A1, as API Pari, tf A1 to France, FF1 f to France")

    def paid_clause(self, o: HOrder, text: str) -> HOrder:
        """``(pd by Spain)``, ``(pd by Spain $1)``, ``($ pd by rd from Bank of Paris)``."""
        usage = "(pd by Spain), (pd by Spain $1) or ($ pd by rd from Bank of Paris)"
        w = text.split()
        if w and w[0] == "$":
            w = w[1:]
        low = [x.lower() for x in w]
        if low[:4] == ["pd", "by", "rd", "from"] and len(w) > 4:
            bank = self.banks.get(_key(" ".join(w[4:])))
            gie = self.names.nation_of(" ".join(w[4:]))
            if bank is None and gie is not None and self.pos.nations[gie].kind == "gie":
                bank = gie  # a located government in exile redeems like a bank (II.8)
            if bank is None:
                return o.fail("unparsable", f"({text}): {' '.join(w[4:])!r} is not a bank")
            o.redeem = bank
            return o
        if low[:2] != ["pd", "by"] or len(w) < 3:
            return o.fail("unparsable", f"({text}): payment is written {usage}")
        gold = money(w[-1]) if len(w) > 3 else None
        name = " ".join(w[2:-1] if gold is not None else w[2:])
        payer = self.names.nation_of(name)
        if payer is None:
            return o.fail("unparsable", f"({text}): {name!r} is not a nation; {usage}")
        if payer == o.nation:
            return o.fail("illegal", f"({text}): a nation pays its own orders without saying so")
        o.paid_by, o.paid_gold = payer, gold
        return o

    def order_pd(self, o: HOrder, line: str) -> HOrder:
        """``pd France "bu D Lyon"``: this nation pays for France's order (I.5, III.16)."""
        o.verb = "pd"
        head, quote, text = line.partition('"')
        words = head.split()[1:]
        if not quote and words and words[0].lower() == "running":  # pd running Bret (VIII.5)
            o.verb, o.target = "pd.run", self.canal_named(words[1:])
            return o if o.target else o.fail("unparsable", "pd running Bret: the canal whose $1 this "
                                             "nation pays (VIII.5)")
        if not quote or not text.rstrip().endswith('"') or not words:
            return o.fail("unparsable", 'pd names the nation and its order in quotes: pd France "bu D Lyon"')
        o.target = self.names.nation_of(" ".join(words))
        if o.target is None:
            return o.fail("unparsable", f"{' '.join(words)!r} is not a nation")
        o.note = text.rstrip()[:-1].strip()
        return o

    def order_ap(self, o: HOrder, rest: list[str]) -> HOrder:
        """``ap 2 Trs to France``: the lender's side of France's ``ap 2 Trs of Italy`` (IV.8)."""
        if len(rest) < 4 or not is_count(rest[0]) or rest[1].lower() not in ("trs", "tr") \
                or rest[2].lower() != "to" or (n := self.names.nation_of(" ".join(rest[3:]))) is None:
            return o.fail("unparsable", "a nation lends Trs by ap 2 Trs to France (IV.8)")
        o.count, o.target = int(rest[0]), n
        return o

    def order_mn(self, o: HOrder, rest: list[str]) -> HOrder:
        """``mn Lyon``: man the installations captured in Lyon this season (III.14)."""
        loc = self.names.location(rest[0]) if len(rest) == 1 else None
        if loc is None:
            return o.fail("unparsable", "mn and the province whose captured installation is manned: mn Lyon")
        o.target = loc.partition("/")[0]
        return o

    def order_eb(self, o: HOrder, rest: list[str]) -> HOrder:
        if len(rest) < 2 or (loc := self.names.location(rest[-1])) is None or "/" in loc:
            return o.fail("unparsable", "eb Bank of Paris Pari: a bank's name and its province")
        o.note, o.target = " ".join(rest[:-1]), loc
        return o

    def order_tt(self, o: HOrder, rest: list[str]) -> HOrder:
        """tt 10A to Spain via Bret Bisc Nava [alt ...] [ap 2 Trs]; tt $5 to Spain via ..."""
        usage = "tt 10A to Spain via Bret Bisc Nava (alt ...) (ap 2 Trs); tt $5 to Spain via ..."
        words = [w.lower() for w in rest]
        if len(rest) >= 3 and words[1] == "to" and "via" not in words and self._exiled(o, rest):
            return o
        if len(rest) < 5 or words[1] != "to" or "via" not in words:
            return o.fail("unparsable", usage)
        m = re.fullmatch(r"(\d{1,5})([ami])", words[0])
        if _DESIG.match(words[0]) and not m:  # a division shipped, a shipment of its own (IV.7)
            o.unit = self.units.get((o.nation, words[0]))
            if o.unit is None:
                return o.fail("no such unit", f"{o.nation} has no unit {rest[0].upper()}")
            if o.unit.type != "D":
                return o.fail("illegal", f"only divisions are shipped by trade, not {o.unit.ref} (IV.7)")
            o.count, o.note = 1, "D"
        elif m:
            o.count, o.note = int(m.group(1)), m.group(2).upper()
        elif (gold := money(rest[0])) is not None and gold % 2 == 0:
            o.count, o.note = gold // 2, "gold"
        else:
            return o.fail("unparsable", f"{rest[0]!r}: a load like 10A, 4M, 6I or $5 (whole dollars)")
        via = words.index("via")
        o.item = self.names.nation.get(_key(" ".join(rest[2:via])))
        bank = self.banks.get(_key(" ".join(rest[2:via])))
        if o.item is None and bank is not None:  # gold to a bank in another nation (VI.3)
            if o.note != "gold":
                return o.fail("illegal", "only gold goes into a bank (VI.3)")
            o.target = bank
        elif o.item is None:
            return o.fail("unparsable", f"{' '.join(rest[2:via])!r} is not a nation")
        tail = rest[via + 1:]
        low = [w.lower() for w in tail]
        if "ap" in low:  # ap 2 Trs [of Italy [by Piem Lyon Gaso]] (IV.6, IV.8)
            at = len(low) - 1 - low[::-1].index("ap")
            ap, tail = tail[at + 1:], tail[:at]
            if len(ap) < 2 or not is_count(ap[0]) or ap[1].lower() not in ("trs", "tr"):
                return o.fail("unparsable", f"{usage}; lent Trs: ap 2 Trs of Italy by Piem Lyon Gaso")
            o.amount, ap = int(ap[0]), ap[2:]
            if ap:
                words_ap = [w.lower() for w in ap]
                by = words_ap.index("by") if "by" in words_ap else len(ap)
                o.lender = self.names.nation_of(" ".join(ap[1:by])) if words_ap[0] == "of" else None
                locs = [self.names.location(w) for w in ap[by + 1:]]
                if o.lender is None or not all(locs) or (by < len(ap) and not locs):
                    return o.fail("unparsable", "lent Trs are written ap 2 Trs of Italy, and where they "
                                  "come from outside both nations, by Piem Lyon Gaso (IV.8)")
                o.lend_route = tuple(x.partition("/")[0] for x in locs if x)
        chains, chain = [], []
        for w in tail:
            if w.lower() == "alt":
                chains.append(chain)
                chain = []
                continue
            loc = self.names.location(w)
            if loc is None:
                return o.fail("unparsable", f"{w!r} is not a province ({usage})")
            chain.append(loc.partition("/")[0])
        chains.append(chain)
        if not all(chains) or len(chains) > 2:
            return o.fail("unparsable", "a route and at most one alternative (IV.4)")
        o.routes = tuple(tuple(c) for c in chains)
        return o

    def order_bk(self, o: HOrder, rest: list[str]) -> HOrder:
        """bk [trade|mil|fish] PROV [vs France, Spain]: a blockade, of everything unless named."""
        words = list(rest)
        kinds = []
        while words and words[0].lower() in ("trade", "mil", "fish"):
            kinds.append(words.pop(0).lower())
        against = []
        if "vs" in [w.lower() for w in words]:
            i = [w.lower() for w in words].index("vs")
            names = " ".join(words[i + 1:]).replace(",", " ").split()
            against = [self.names.nation.get(_key(n)) for n in names]
            words = words[:i]
            if not against or None in against:
                return o.fail("unparsable", "bk ... vs France, Spain: the nations blockaded")
        o.target = self.names.location(words[0]) if len(words) == 1 else None
        if o.target is None:
            return o.fail("unparsable", "bk [trade|mil|fish] Bisc [vs France]: a province to blockade")
        o.target = o.target.partition("/")[0]
        o.categories = tuple(kinds) or ("trade", "mil", "fish")
        o.note = ",".join(sorted(set(against)))
        return o

    def order_lo(self, o: HOrder, rest: list[str]) -> HOrder:
        o.target = self.names.location(rest[0]) if len(rest) == 1 else None
        return o if o.target else o.fail("unparsable", "lo Pari: where the government in exile goes")

    def order_pm(self, o: HOrder, rest: list[str]) -> HOrder:
        o.target = self.names.nation.get(_key(" ".join(rest))) if rest else None
        if o.target is None:
            return o.fail("unparsable", "pm France: permission for a government in exile to locate here "
                          "(Panama's permission comes with canals)")
        return o

    def order_cd(self, o: HOrder, rest: list[str]) -> HOrder:
        rest = self._with(o, rest, "II.7a")  # cd Gaso to Spain with $5 4A: a nation that leaves
        if o.error:
            return o
        if len(rest) != 3 or rest[1].lower() != "to":
            return o.fail("unparsable", "cd Alsa to Germany: a province and the nation it goes to")
        o.target, o.item = self.names.location(rest[0]), self.names.nation.get(_key(rest[2]))
        if o.target is None or "/" in o.target or o.item is None:
            return o.fail("unparsable", f"{' '.join(rest)!r}: a province and a nation")
        return o

    def _with(self, o: HOrder, rest: list[str], rule: str) -> list[str]:
        """``... with $5 4M 10A 6I 2Trs``: what goes along (o.assets); the words before it."""
        low = [w.lower() for w in rest]
        if "with" not in low:
            return rest
        shares = []
        for w in rest[low.index("with") + 1:]:
            m = re.fullmatch(r"(\d{1,5})(m|a|i|trs)", w.lower())
            gold = money(w)
            if gold is not None:
                shares.append(("gold", gold))
            elif m:
                shares.append(({"trs": "Trs"}.get(m.group(2), m.group(2).upper()), int(m.group(1))))
            else:
                o.fail("unparsable", f"{w!r}: what goes along is written $5, 4M, 10A, 6I or 2Trs ({rule})")
                return rest
        o.assets = tuple(sorted(shares))
        return rest[:low.index("with")]

    def order_an(self, o: HOrder, rest: list[str]) -> HOrder:
        o.target = self.names.location(rest[0]) if len(rest) == 1 else None
        return o if o.target else o.fail("unparsable", "an Alsa: the province ceded to this nation")

    def order_nn(self, o: HOrder, rest: list[str]) -> HOrder:
        """nn "Basque Republic" Nava, Gaso (a quoted name, or one word) and its provinces; ``with $5
        4A`` gives it factors of the founder's (II.5)."""
        rest = self._with(o, rest, "II.5")
        if o.error:
            return o
        text = " ".join(rest)
        if text.startswith('"') and '"' in text[1:]:
            name, _, tail = text[1:].partition('"')
        else:
            name, _, tail = text.partition(" ")
        provinces = [self.names.location(w) for w in tail.replace(",", " ").split()]
        if not name.strip() or not provinces or None in provinces:
            return o.fail("unparsable", 'nn "Basque Republic" Nava, Gaso: a name and its provinces')
        o.note, o.categories = name.strip(), tuple(sorted(set(provinces)))
        return o

    def _exiled(self, o: HOrder, rest: list[str]) -> bool:
        """``tt $5 to Spain`` between a government in exile and its host, no route (II.8, VI.3)."""
        other = self.names.nation.get(_key(" ".join(rest[2:])))
        gies = {n for n, st in self.pos.nations.items() if st.kind == "gie"}
        if other is None or not {o.nation, other} & gies:
            return False
        o.verb, o.amount, o.item = "gie.tt", money(rest[0]) or 0, other
        if not o.amount and rest[0].startswith("$"):
            o.fail("unparsable", f"{rest[0]!r}: an amount of gold like $5 (II.8)")
        elif not o.amount:
            o.fail("illegal", "a government in exile holds only gold, like a bank (II.8, VI.2)")
        return True

    def order_rd(self, o: HOrder, rest: list[str]) -> HOrder:
        """``rd $1 to France`` by a government in exile: its side of a redemption (II.8, VI.8)."""
        st = self.pos.nations.get(o.nation)
        if st is None or st.kind != "gie":
            return o.fail("unparsable", "a nation redeems on its order: bu Y Pari ($ pd by rd from Bank of "
                          "Paris); rd $1 to France is the bank's side (VI.8)")
        o.verb = "bank.rd"
        amount = money(rest[0]) if len(rest) == 3 and rest[1].lower() == "to" else None
        o.target = self.names.nation.get(_key(rest[2])) if amount else None
        o.amount = amount or 0
        return o if o.target else o.fail("unparsable", "rd $1 to France: the gold and the nation (VI.8)")

    def order_in(self, o: HOrder, rest: list[str]) -> HOrder:
        st = self.pos.nations.get(o.nation)
        if st is not None and st.kind == "gie":
            return o.fail("illegal", "a government in exile may not invest in the world market (II.8)")
        return o.fail("unparsable", "only a bank invests in the world market; its orders go under the "
                      "bank's name (VI.10)")

    order_wd = order_in

    def order_jv(self, o: HOrder, rest: list[str]) -> HOrder:
        """``jv j1 with Spain, Italy [public]``, ``jv void j1`` (IX.9, :mod:`.agreements`)."""
        usage = "jv j1 with Spain, Italy (secret), jv j1 with Spain public, or jv void j1 (IX.9)"
        low = [w.lower() for w in rest]
        if len(rest) == 2 and low[0] == "void":
            o.item, o.note = "void", rest[1].lower()
            return o
        if len(rest) < 3 or low[1] != "with":
            return o.fail("unparsable", usage)
        o.note, o.item = rest[0].lower(), "secret"
        if low[-1] in ("public", "secret"):
            o.item, rest = low[-1], rest[:-1]
        names = [n.strip() for n in " ".join(rest[2:]).replace(" , ", ",").replace(" and ", ",").split(",")]
        nations = [self.names.nation_of(n) for n in names if n]
        if not nations or None in nations:
            return o.fail("unparsable", f"{usage}: the other parties by their home nations")
        o.categories = tuple(sorted(set(nations)))
        return o

    def order_dg(self, o: HOrder, rest: list[str]) -> HOrder:
        """``dg p04 [for Switzerland]``: this season the writer's player lets another write the
        orders of a nation they play together (IX.4, :mod:`.signatures`)."""
        low = [w.lower() for w in rest]
        cut = low.index("for") if "for" in low else len(rest)
        o.target = self.player_id(" ".join(rest[:cut]))
        o.item = self.names.nation_of(" ".join(rest[cut + 1:])) if cut < len(rest) else None
        if o.target is None or (cut < len(rest) and o.item is None):
            return o.fail("unparsable", "dg p04, or dg p04 for Switzerland: a player, then the nation (IX.4)")
        return o

    def player_id(self, text: str) -> str | None:
        """A player named by id or by name."""
        players = {_key(str(p.get(k, ""))): str(p["id"]) for p in self.pos.players for k in ("id", "name")}
        players |= {_key(p.name): p.id for p in self.pos.pack.players.values()
                    if p.name and p.id in players.values()}
        return players.get(_key(text)) if _key(text) else None

    def order_fz(self, o: HOrder, rest: list[str]) -> HOrder:
        o.target = self.banks.get(_key(" ".join(rest)))
        gie = self.names.nation.get(_key(" ".join(rest)))
        if o.target is None and gie is not None and self.pos.nations[gie].kind == "gie":
            o.target, o.note = gie, "gie"  # a located GIE is like a bank to its host (II.8, VI.5)
        return o if o.target else o.fail("unparsable", f"{' '.join(rest)!r} is not a bank")

    def order_co(self, o: HOrder, rest: list[str]) -> HOrder:
        if len(rest) != 1 or not re.fullmatch(r"[AI]\d*", rest[0].upper()):
            return o.fail("unparsable", "co A or co I: research by the nation's A or I team "
                          "(co A2 names its second A team)")
        o.item = rest[0].upper()
        return o

    def order_as(self, o: HOrder, rest: list[str]) -> HOrder:
        kinds = {"API": "A", "IPI": "I", "A": "A", "I": "I"}
        if len(rest) != 2 or rest[0].upper() not in kinds:
            return o.fail("unparsable", "as API Pica or as IPI Pica: a production increase and a province")
        o.item, o.target = kinds[rest[0].upper()], self.names.location(rest[1])
        if o.target is None or "/" in o.target:
            return o.fail("unparsable", f"{rest[1]!r} is not a province")
        return o

    def order_gw(self, o: HOrder, rest: list[str]) -> HOrder:
        if len(rest) != 2 or (amount := money(rest[0])) is None:
            return o.fail("unparsable", "gw $3 Gaso: guerrilla warfare, an amount and a province")
        o.item, o.amount, o.target = "gw", amount, self.names.location(rest[1])
        if o.target is None or "/" in o.target:
            return o.fail("unparsable", f"{rest[1]!r} is not a province")
        return o

    def order_sb(self, o: HOrder, rest: list[str]) -> HOrder:
        usage = "sb A $2 Gaso, sb I $2 Gaso (yields) or sb Tr $5 Spain (transport factors)"
        if len(rest) != 3 or (amount := money(rest[1])) is None:
            return o.fail("unparsable", usage)
        kind = {"a": "A", "i": "I", "tr": "Tr", "trs": "Tr"}.get(rest[0].lower())
        if kind is None:
            return o.fail("unparsable", usage)
        o.item, o.amount = f"sb.{kind}", amount
        o.target = (self.names.nation.get(_key(rest[2])) if kind == "Tr"
                    else self.names.location(rest[2]))
        if o.target is None or "/" in o.target:
            return o.fail("unparsable", f"{rest[2]!r} is not a {'nation' if kind == 'Tr' else 'province'}")
        return o


    order_nz = order_fz
