"""File › Import variant…: a jDip variant comes in and shows in New game; bad files get one error."""

from __future__ import annotations

from pathlib import Path

from diplodesk.gui import variant_import

TINY = Path(__file__).parents[1] / "document" / "fixtures" / "jdip_tiny"


def _menu_action(window, text: str):
    for menu_action in window.menuBar().actions():
        for a in menu_action.menu().actions():
            if a.text().replace("&", "") == text:
                return a
    raise AssertionError(f"no menu item {text!r}")


def test_import_variant_from_the_file_menu(window, prompts, monkeypatch):
    monkeypatch.setattr(variant_import, "ask_path", lambda parent: str(TINY / "variants.xml"))
    _menu_action(window, "Import variant…").trigger()
    assert not prompts.errors
    title, text = prompts.infos[-1]
    assert title == "Variant imported" and "as tiny_isles: 9 provinces" in text
    from diplodesk.gui.dialogs import NewGameDialog

    d = NewGameDialog(window)
    assert d.variant.findData("tiny_isles") >= 0
    d.deleteLater()


def test_unsupported_parts_are_asked_about(window, prompts, monkeypatch):
    asked = []
    monkeypatch.setattr(prompts, "confirm", lambda title, text: asked.append(text) or False)
    src = TINY
    monkeypatch.setattr(variant_import, "import_jdip_variant",
                        _pick(variant_import.import_jdip_variant, "Tiny Wings"))
    assert variant_import.import_variant(window, prompts, str(src)) is None
    assert "wing units" in asked[0] and not prompts.infos


def test_a_bad_file_is_one_error(window, prompts, tmp_path):
    bad = tmp_path / "x.zip"
    bad.write_bytes(b"not a zip")
    window.import_variant(str(bad))
    assert prompts.errors and "neither a folder nor a zip" in prompts.errors[-1][1]


def _pick(fn, name):
    def call(path, **kw):
        return fn(path, name=name, **kw)
    return call
