"""The GM's mailroom in the main window: players and addresses, orders from mail, results
out by e-mail (Game menu)."""

from __future__ import annotations

from PySide6.QtGui import QAction

from ...document import commands as cmd
from .state import WindowState


class WindowMail(WindowState):
    """Mixed into the main window: the Game menu's mail items."""

    def _add_mail_menu(self, menu) -> None:
        self.act_addresses = QAction("Players and &addresses…", self)
        self.act_addresses.setStatusTip("Who plays which powers and where their mail goes (saved in the game)")
        self.act_addresses.triggered.connect(self.show_addresses)
        self.act_mail_in = QAction("&Orders from mail…", self)
        self.act_mail_in.setStatusTip("Read the players' order e-mails (a mailbox file, a Maildir, .eml files "
                                      "or an IMAP folder) and enter them")
        self.act_mail_in.triggered.connect(self.orders_from_mail)
        self.act_mail_out = QAction("Send &results…", self)
        self.act_mail_out.setStatusTip("E-mail each player their report and pack for an adjudicated phase")
        self.act_mail_out.triggered.connect(self.send_results)
        for a in (self.act_addresses, self.act_mail_in, self.act_mail_out):
            self.addAction(a)
            menu.addAction(a)

    def _roster(self):
        from ...mail.roster import Roster, RosterError  # e-mail's modules load when mail is used

        try:
            roster = Roster.from_json(self.doc.roster, self.doc.powers)
        except RosterError as e:
            self.prompts.error("Players and addresses", f"{e}. Fix it in Game › Players and addresses….")
            return None
        if not roster.players:
            self.prompts.info("Players and addresses", "No players have addresses yet: Game › Players and "
                              "addresses… says who plays which power and where their mail goes.")
            return None
        return roster

    def show_addresses(self) -> None:
        if self.doc is None:
            return
        players = self.prompts.addresses(self.doc)
        if players is not None and players != self.doc.roster:
            self.push(cmd.SetRosterCommand(self.doc, players))

    def orders_from_mail(self) -> None:
        if self.doc is None or not self.editable:
            return
        self.flush()
        roster = self._roster()
        if roster is None:
            return
        orders = self.prompts.orders_from_mail(self.doc, roster, self.settings)
        if orders:
            self.push(cmd.SetOrdersCommand(self.doc, orders, f"Orders from mail ({len(orders)} powers)"))

    def send_results(self) -> None:
        if self.doc is None:
            return
        self.flush()
        if not self.doc.history:
            self.prompts.info("Send results", "No phase has been adjudicated yet: there are no results to send.")
            return
        roster = self._roster()
        if roster is not None:
            self.prompts.send_results(self.doc, roster, self.viewed, self.settings)
