"""Game › Send results… at the desk: each player's papers and pack, and the gazette, by
e-mail, through the mailroom's own dialog (preview, send, log, retry)."""

from __future__ import annotations


def send_results(window) -> None:
    """Open the send dialog for the desk's game, or say what is missing first."""
    from ...mail.roster import Roster, RosterError
    from ..mail_out_dialog import SendResultsDialog

    doc = window.doc
    window.flush()
    if not doc.history:
        window.prompts.info("Send results", "No season has been adjudicated yet: there are no results to send.")
        return
    try:
        roster = Roster.from_json(doc.game.players, doc.variant.power_names)
    except RosterError as e:
        window.prompts.error("Players and addresses", f"{e}. Fix the players in the game file.")
        return
    if not any(p.address for p in roster.players):
        window.prompts.info("Send results", "No player of this game has an e-mail address yet: list them in the "
                            "game file's players (a name, an address and the home nations each plays).")
        return
    SendResultsDialog(doc, roster, len(doc.history) - 1, window).exec()
