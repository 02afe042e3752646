"""An e-mail of orders pasted at the desk: its orders onto the sheets of the nations it names
(one command), and every line that is no order listed in the Not orders dock, where the GM
fixes it and puts it on a sheet (``pasted_dock.py``)."""

from __future__ import annotations

from ...document.hyper_commands import SetHyperOrdersCommand
from ...document.hyper_paste import split_orders


def paste_orders(win, text: str, default: str | None = None) -> dict[str, list[str]]:
    orders, lines = split_orders(text, win.doc.position, default)
    ignored = [ln for ln in lines if ln.kind == "ignored"]
    if orders:
        win.push(SetHyperOrdersCommand(win.doc, orders, "Pasted orders"))
    what = ", ".join(f"{win.doc.name_of(g)} {len(v)}" for g, v in sorted(orders.items()))
    summary = f"Pasted: {what or 'no orders'}"
    if ignored:
        win.pasted.show_lines(lines, default, summary)
        win.pasted.show()
        win.pasted.raise_()
        summary += f"; {len(ignored)} line{'s' if len(ignored) != 1 else ''} not orders: listed under Not orders"
    win.statusBar().showMessage(summary, 8000)
    return orders


def put_lines(win, giver: str, lines: list[str]) -> None:
    """Lines fixed in the Not orders dock, after ``giver``'s orders (one command)."""
    orders = [*win.doc.orders(giver), *lines]
    win.push(SetHyperOrdersCommand(win.doc, {giver: orders}, f"{win.doc.name_of(giver)}: pasted lines put on the sheet"))
    win.show_sheet(giver, focus=False)
