"""The small things a GM meets in an evening: dialogs that fit their contents, a toolbar
that shows ten powers, choice units set up with undo, a side-by-side inspector that stays
docked, and a map editor that never silently replaces a built-in board."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt


@pytest.mark.parametrize("variant", ["loeb9", "colonial", "woolworth2a", "standard"])
def test_the_new_game_rules_box_shows_every_checkbox_whole(qtbot, variant):
    from diplodesk.gui.dialogs import NewGameDialog

    d = NewGameDialog()
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    d.select("standard")
    d.select(variant)  # switched to, as a GM does: the box must grow
    qtbot.wait(10)
    boxes = [*d.fixed, *d.optional.values()]
    assert len(d.fixed) >= (0 if variant == "standard" else 2)
    inside = d.rules_box.contentsRect()
    for b in boxes:
        assert b.height() >= b.sizeHint().height(), f"{b.objectName()} squeezed to {b.height()} px"
        assert inside.contains(b.geometry()), f"{b.objectName()} outside its box"


def _overflow_shown(w) -> bool:
    from PySide6.QtWidgets import QToolButton

    return any(b.isVisible() for b in w.toolbar.findChildren(QToolButton)
               if b.objectName() == "qt_toolbar_ext_button")


def test_ten_powers_fit_the_toolbar_with_fit_to_window_in_sight(make_window):
    from diplodesk.document.game_document import GameDocument

    w = make_window(GameDocument.new("woolworth2a"))
    w.resize(1440, 920)
    assert len(w.doc.powers) == 10
    assert not _overflow_shown(w)
    fit = w.toolbar.widgetForAction(w.act_fit)
    assert fit.isVisible() and w.toolbar.rect().contains(fit.geometry())
    combo = w.power_combo
    assert not w.power_buttons_shown and combo.isVisible()
    assert [combo.itemText(i) for i in range(combo.count())] == list(w.doc.powers)
    combo.activated.emit(w.doc.powers.index("Scandinavia"))
    assert w.power == "Scandinavia"
    w.act_next_power.trigger()
    assert combo.currentText() == w.power == "Spain"


def test_seven_powers_keep_a_button_each(make_window):
    w = make_window()
    w.resize(1440, 920)
    assert w.power_buttons_shown and not w.power_combo.isVisible() and not _overflow_shown(w)


def test_setting_up_a_choice_unit_is_undoable_and_marks_the_game_unsaved(make_window):
    from gui_helpers import answer_menu, click
    from PySide6.QtCore import Qt

    from diplodesk.document.game_document import GameDocument

    w = make_window(GameDocument.new("woolworth2a"))
    assert not w.doc.is_modified
    w.set_power("Russia")
    click(w, "stp")
    answer_menu(w, Qt.Key.Key_S)  # a fleet on the south coast
    assert w.doc.is_modified and w.isWindowModified()
    assert w.doc.orders("Russia") == ("F stp/sc H",)  # saved with the game, like any order
    assert w.view.highlights.selected == "stp" and w.view.highlights.targets == {"bot", "fin", "lvn"}
    assert "Set up the choice unit in stp" in w.act_undo.text()
    w.undo()
    assert w.doc.orders("Russia") == () and "stp" in w.view.position.choices
    assert not w.doc.is_modified
    w.redo()
    assert w.view.position.units["stp"].loc == "stp/sc"


def test_side_by_side_keeps_the_inspector_docked_and_wider(make_window, qtbot):
    from diplodesk.document.game_document import GameDocument
    from diplodesk.gui.inspector_dock import SIDE_BY_SIDE_WIDTH

    doc = GameDocument.new("standard", rules=("blind",))
    doc.set_orders({"Austria": ["A vie - gal"], "Russia": ["A war - gal"]})
    doc.process()
    w = make_window(doc)
    w.resize(1440, 920)
    w.inspect()
    insp = w.inspector_dock
    narrow = insp.width()
    insp.compare.setChecked(True)
    qtbot.waitUntil(lambda: insp.width() > narrow, timeout=2000)
    assert not insp.isFloating() and w.dockWidgetArea(insp) == Qt.DockWidgetArea.RightDockWidgetArea
    assert insp.right.isVisible()
    assert insp.width() >= min(SIDE_BY_SIDE_WIDTH, w.width() // 2) - 10
    # two maps in the dock: beside each other when it is wide, one above the other when not
    wide = insp.split.orientation()
    assert wide == (Qt.Orientation.Horizontal if insp.width() >= SIDE_BY_SIDE_WIDTH or insp.width() >= insp.height()
                    else Qt.Orientation.Vertical)
    w.resizeDocks([insp], [300], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: insp.width() < 400, timeout=2000)
    assert insp.split.orientation() == Qt.Orientation.Vertical and not insp.isFloating()


class _SavePrompts:
    """The editor's questions on Save: the id offered is recorded, the answers scripted."""

    def __init__(self, identity, replace: bool):
        self.identity, self.replace = identity, replace
        self.offered: list[tuple[str, str, bool]] = []
        self.confirms: list[str] = []
        self.errors: list = []

    def variant_identity(self, vid, name, builtin):
        self.offered.append((vid, name, builtin))
        return self.identity or (vid, name)

    def confirm(self, title, text):
        self.confirms.append(title)
        return self.replace

    def error(self, title, text):
        self.errors.append((title, text))

    def ask_save_changes(self, title):
        return "discard"

    def __getattr__(self, name):
        raise AssertionError(f"unexpected question: {name}")


@pytest.fixture
def standard_editor(qtbot, request, tmp_path):
    from diplodesk.gui.editor.launch import open_map_editor

    def make(prompts):
        w = open_map_editor(None, "standard", prompts=prompts, autosave_root=tmp_path / "autosave")
        request.addfinalizer(lambda: (w.autosave_session.clear(), w.close()))
        qtbot.waitExposed(w)
        return w
    return make


def test_saving_a_builtin_board_offers_a_new_id(standard_editor):
    from diplodesk.paths import user_variants_dir

    prompts = _SavePrompts(None, replace=False)
    w = standard_editor(prompts)
    assert w.save(), prompts.errors
    assert prompts.offered == [("standard_mine", "Standard (mine)", True)]
    assert prompts.confirms == []  # a new id: nothing to replace
    assert (user_variants_dir() / "standard_mine" / "variant.toml").is_file()
    assert not (user_variants_dir() / "standard").exists()


def test_keeping_the_builtin_id_is_asked_and_no_means_nothing_saved(standard_editor):
    from diplodesk.paths import user_variants_dir

    prompts = _SavePrompts(("standard", "Standard"), replace=False)
    w = standard_editor(prompts)
    assert not w.save()
    assert prompts.confirms == ["Replace the built-in board?"]
    assert not (user_variants_dir() / "standard").exists() and w.doc.builtin
    prompts.replace = True
    assert w.save() and (user_variants_dir() / "standard" / "variant.toml").is_file()


def test_the_id_offered_is_one_no_variant_has(tmp_path):
    from diplodesk.gui.editor.window import new_variant_id
    from diplodesk.paths import user_variants_dir

    (user_variants_dir() / "loeb9_mine").mkdir(parents=True)
    assert new_variant_id("loeb9") == "loeb9_mine2"


def test_a_variant_whose_map_is_garbage_is_refused_in_one_message_not_a_traceback(qtbot, tmp_path):
    """The editor opens a variant's map as `variant check` reads it: a map that is no SVG
    is said so (which file, what), and no window opens."""
    import shutil

    from diplodesk.gui.editor.launch import open_map_editor
    from diplodesk.paths import builtin_variants_dir

    folder = tmp_path / "garbled"
    shutil.copytree(builtin_variants_dir() / "standard", folder)
    (folder / "map.svg").write_bytes(b'<svg xmlns="http://www.w3.org/2000/svg"><path')
    prompts = _SavePrompts(None, replace=False)
    assert open_map_editor(None, folder, prompts=prompts, autosave_root=tmp_path / "autosave") is None
    (title, text), = prompts.errors
    assert title == "Cannot open the map" and f"{folder / 'map.svg'}: not well-formed XML" in text
