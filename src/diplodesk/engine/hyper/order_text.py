"""An order as the engine understood it, written back in the rules' notation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .order_words import PAYMENT_CLAUSE

if TYPE_CHECKING:
    from .orders import HOrder


def describe(o: HOrder) -> str:
    """The order as understood, in the rules' notation (as written, if it was not understood)."""
    if o.error is not None and o.error[0] in ("unparsable", "no such unit"):
        return o.text.strip()
    if o.military and o.unit:
        s = f"{o.unit.ref}{'' if o.unit.type == 'N' else ' ' + o.unit.at} {o.verb}"
        if o.target:
            s += f" {o.target}"
        if o.second:
            s += f" {o.second}"
        if o.note:
            s += f" {o.note}"
        if o.retreat is not None:
            s += " (no)" if not o.retreat else f" (re {'/'.join(o.retreat)})"
        return s
    if o.verb == "bu":
        return f"bu {o.count} Trs" if o.item == "Tr" else f"bu {o.item} {o.target}"
    if o.verb == "de":
        return f"de {o.unit.ref}" if o.unit else f"de {o.item} {o.target}"
    if o.verb == "tf" and (o.unit or o.note):
        return f"tf {o.unit.ref if o.unit else o.note} to {o.target}"
    if o.verb == "pw":
        return f"pw ${o.amount / 2:g} {o.target}"
    if o.verb == "fo":
        if o.note == "withdraw":
            return "fo withdrawn"
        last = {"standing": " until withdrawn", "seasons": f" for {o.count} season{'s' if o.count > 1 else ''}"}
        return "fo " + ", ".join(o.categories) + last.get(o.note, "")
    if o.verb == "al":
        return f"al {o.target} {', '.join(o.categories)}" + (f' "{o.note}"' if o.note else "")
    if o.verb in ("ra", "wa"):
        return f"{o.verb} {o.target}"
    if o.verb == "co":
        return f"co {o.item}"
    if o.verb == "tt$":
        return f"tt ${o.amount / 2:g} to {o.target}"
    if o.verb == "tt":
        load = f"${o.count}" if o.note == "gold" else o.unit.ref if o.note == "D" and o.unit else f"{o.count}{o.note}"
        via = " alt ".join(" ".join(r) for r in o.routes)
        lent = f" of {o.lender}" + (f" by {' '.join(o.lend_route)}" if o.lend_route else "") if o.lender else ""
        return f"tt {load} to {o.target or o.item} via {via}" + (f" ap {o.amount} Trs{lent}" if o.amount else "")
    if o.verb == "bk":
        return f"bk {'/'.join(o.categories)} {o.target}" + (f" vs {o.note}" if o.note else "")
    if o.verb == "ap":
        return f"ap {o.count} Trs to {o.target}"
    if o.verb == "pm.site":
        return f"pm {o.target} for {o.item}"
    if o.verb in ("fz", "nz", "an", "lo", "pm", "mn", "cl", "op", "pc"):
        return f"{o.verb} {o.target}"
    if o.verb == "cd":
        return f"cd {o.target} to {o.item}"
    if o.verb == "nn":
        return f'nn "{o.note}" {", ".join(o.categories)}'
    if o.verb == "eb":
        return f"eb {o.note} {o.target}"
    if o.verb.startswith("bank."):
        verb = o.verb.partition(".")[2]
        if verb == "tf":
            return f"tf control to {o.target}"
        what = {"all": "all", "received": "all received"}.get(o.note, f"${o.amount / 2:g}")
        joint = {"tt": " to ", "rd": " to ", "in": " from "}.get(verb, " ")
        return f"{verb} {what}" + (f"{joint}{o.target}" if o.target else "")
    if o.verb in ("f", "ff.mo"):
        what = (f"f to {o.item}" if o.item else "f") if o.verb == "f" else f"mo {o.target}"
        return f"{o.ff.id} {o.ff.at} {what}"
    if o.verb in ("dn", "ds") and o.unit:
        return f"{o.unit.ref} {o.verb} {o.note}"
    if o.verb == "as":
        return f"as {o.item}PI {o.target}"
    if o.verb in ("gw", "sb"):
        kind = "" if o.item == "gw" else f" {o.item.partition('.')[2]}"
        return f"{o.verb}{kind} ${o.amount / 2:g} {o.target}"
    return PAYMENT_CLAUSE.sub("", o.text).strip()  # a payer is not the order (VI.9)
