"""Game › Send results… on a Hypereconomic game: the dialog opens on the messages' texts and
makes the print packs only when they are sent, with progress and Cancel, each pack once; a
box ticked makes none (on the world's 59 players the packs took the dialog 20 s to open, and
again at every box)."""

from __future__ import annotations

from pathlib import Path

import pytest
from mailhelp import PASSWORD

from diplodesk.engine import load_variant
from diplodesk.engine.game import Game

MINI = str(Path(__file__).resolve().parents[2] / "examples" / "hyper-mini")
PLAYERS = [("Anne", "anne@example.org", "p01"), ("Ben", "ben@example.org", "p02"), ("Cleo", "cleo@example.org", "p03")]


@pytest.fixture
def dialog(qtbot, tmp_path, smtp_server, monkeypatch):
    """The dialog over a played season of the test board, its server filled in, and a count
    of the packs written and the maps drawn."""
    from diplodesk.document.hyper_game import HyperGameDocument
    from diplodesk.gui.mail_out_dialog import SendResultsDialog
    from diplodesk.mail.players import roster_of
    from diplodesk.render import hyper_pack

    game = Game.new(load_variant(MINI))
    game.settings["variant_folder"] = MINI
    game.players = [{"name": n, "email": e, "powers": [p]} for n, e, p in PLAYERS]
    game.set_orders("fra", ["co A"])
    game.process()
    game.save(tmp_path / "g.json")
    doc = HyperGameDocument.open(tmp_path / "g.json")
    made: dict[str, list] = {"packs": [], "maps": []}
    write, record = hyper_pack.write_pack, hyper_pack.record_maps

    def counted_write(pages, out, *a, **kw):
        made["packs"].append(Path(out).name)
        return write(pages, out, *a, **kw)

    def counted_record(*a, **kw):
        made["maps"].append(1)
        return record(*a, **kw)

    monkeypatch.setattr(hyper_pack, "write_pack", counted_write)
    monkeypatch.setattr(hyper_pack, "record_maps", counted_record)
    d = SendResultsDialog(doc, roster_of(doc.game.players, doc.position), len(doc.history) - 1)
    qtbot.addWidget(d)
    smtp, inbox = smtp_server
    for w, v in ((d.host, smtp.host), (d.user, smtp.user), (d.sender, smtp.sender), (d.cafile, smtp.cafile),
                 (d.password, PASSWORD)):
        w.setText(v)
    d.port.setValue(smtp.port)
    return d, made, inbox


def _send(qtbot, d) -> None:
    d.send_all()
    qtbot.waitUntil(lambda: not d.sending, timeout=60_000)


def test_the_packs_are_made_when_the_messages_are_sent_each_once_never_when_a_box_is_ticked(qtbot, dialog):
    d, made, inbox = dialog
    assert d.pdf.isChecked() and len(d.batch.messages) == 3
    assert made == {"packs": [], "maps": []}  # the dialog opens on the texts alone
    assert "made when sent" in d.header.text() and "-p01.pdf" in d.header.text()
    for box in (d.public, d.png, d.public, d.png):
        box.toggle()
    d.note.setText("Orders by Friday")
    d.note.editingFinished.emit()
    assert made == {"packs": [], "maps": []} and "Orders by Friday" in d.batch.messages[0].body
    _send(qtbot, d)
    assert sorted(made["packs"]) == [f"hyper-mini-W1914M-{p}.pdf" for _n, _e, p in PLAYERS]
    assert len(made["maps"]) == 1  # the season's maps drawn once for every pack
    assert d.status.text().startswith("Sent 3 of 3") and d.sent_bar.value() == 3  # the dialog's own bar
    for name, address, pid in PLAYERS:  # each player's own pack, and nobody else's
        [(to, m)] = [(to, m) for to, m in inbox.received if to == [address]]
        assert [a.get_filename() for a in m.iter_attachments()] == [f"hyper-mini-W1914M-{pid}.pdf"]
        assert f"Dear {name}," in m.get_body(preferencelist=("plain",)).get_content()
    d.pdf.toggle()
    d.pdf.toggle()  # ticked again: the packs are the ones made
    assert "kB)" in d.header.text() and len(made["packs"]) == 3


def test_cancel_while_the_packs_are_made_sends_nothing_and_keeps_the_packs_made(qtbot, dialog, monkeypatch):
    d, made, inbox = dialog
    from diplodesk.mail.hyper_compose import SeasonPacks

    pack = SeasonPacks.pack

    def cancel_after_one(self, pid):
        out = pack(self, pid)
        d.progress.cancel()  # the GM presses Cancel while the first pack is made
        return out

    monkeypatch.setattr(SeasonPacks, "pack", cancel_after_one)
    d.send_all()
    assert not d.sending and inbox.received == []
    assert d.status.text().startswith("Cancelled: 1 of 3 attachments made") and len(made["packs"]) == 1
    monkeypatch.setattr(SeasonPacks, "pack", pack)
    _send(qtbot, d)
    assert len(made["packs"]) == 3 and len(inbox.received) == 3  # only the two left were made
