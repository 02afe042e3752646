"""The desk's mailroom: Game › Orders from mail… reads the players' e-mails into the sheets
of the nations and banks each gives orders for (the mailroom's own dialog, then one undoable
step with the signatures); Game › Send results… sends each player's papers and pack, and the
gazette (preview, send, log, retry)."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog


def _roster(window, doing: str):
    """The game's players with addresses, or None after telling the GM what is missing."""
    from ...mail.players import PlayersError, roster_of

    doc = window.doc
    try:
        roster = roster_of(doc.game.players, doc.position)
    except PlayersError as e:
        window.prompts.error("Players and addresses", f"{e}. Fix it in the Players panel.")
        return None
    if not any(p.address for p in roster.players):
        window.prompts.info(doing, "No player of this game has an e-mail address yet: add them in the Players "
                            "panel (a name, an address and the player or home nation each plays).")
        return None
    return roster


def mail_dialog(window):
    """The Orders from mail dialog over the desk's season, or None (said why)."""
    from ..mail_in_dialog import OrdersFromMailDialog

    window.flush()
    roster = _roster(window, "Orders from mail")
    if roster is None:
        return None
    return OrdersFromMailDialog(window.doc, roster, window, getattr(window, "settings", None))


def enter_mail(window, dialog) -> int:
    """The ticked nations' and banks' orders that arrived, with their signatures, as one
    command; returns how many were entered."""
    from ...document.hyper_mailed import MailedOrdersCommand
    from ...mail.hyper_intake import HyperIntake, entered

    intake = dialog.intake
    if not isinstance(intake, HyperIntake):
        return 0
    ticked = dialog.ticked() & set(intake.orders())
    if not ticked:
        return 0
    position = entered(window.doc.position, intake, ticked)
    window.push(MailedOrdersCommand(window.doc, position, f"Orders from mail ({len(ticked)} nations and banks)"))
    window.statusBar().showMessage(f"Entered the mailed orders of {len(ticked)} nations and banks", 8000)
    return len(ticked)


def orders_from_mail(window) -> None:
    dialog = mail_dialog(window)
    if dialog is not None and dialog.exec() == QDialog.DialogCode.Accepted:
        enter_mail(window, dialog)


def send_results(window) -> None:
    """Open the send dialog for the desk's game, or say what is missing first."""
    from ..mail_out_dialog import SendResultsDialog

    doc = window.doc
    window.flush()
    if not doc.history:
        window.prompts.info("Send results", "No season has been adjudicated yet: there are no results to send.")
        return
    roster = _roster(window, "Send results")
    if roster is not None:
        SendResultsDialog(doc, roster, len(doc.history) - 1, window).exec()
