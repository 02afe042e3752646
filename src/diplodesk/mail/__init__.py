"""The GM's mailroom: the players' orders in from their e-mails, each player's results out.

Without Qt widgets: the roster of players and addresses (:mod:`.roster`), reading mailboxes
and IMAP folders (:mod:`.inbox`, :mod:`.letters`), matching order e-mails to players and
powers (:mod:`.intake`), one message per player made from that player's projection only
(:mod:`.compose`), and sending them over SMTP with a log and a retry (:mod:`.sending`,
:mod:`.password`). The GUI dialogs and the ``diplodesk mail`` commands sit on top.
"""
