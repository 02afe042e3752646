"""Where the catalog finds a variant by its id."""

from __future__ import annotations


def test_a_folder_a_game_came_from_goes_before_an_installed_variant_of_its_id(tmp_path):
    import shutil

    from diplodesk.engine import catalog
    from diplodesk.paths import builtin_variants_dir

    copy = tmp_path / "my-standard"
    shutil.copytree(builtin_variants_dir() / "standard", copy)
    catalog.remember_folder("standard", copy)  # as loading a game started from it does
    assert catalog.find_variant("standard") == copy
    shutil.rmtree(copy)  # gone: the installed one again
    assert catalog.find_variant("standard") == builtin_variants_dir() / "standard"


def _board(folder, vid: str, name: str) -> None:
    import shutil

    from diplodesk.paths import builtin_variants_dir

    shutil.copytree(builtin_variants_dir() / "standard", folder)
    text = (folder / "variant.toml").read_text()
    text = text.replace('id = "standard"', f'id = "{vid}"', 1).replace('name = "Standard"', f'name = "{name}"', 1)
    (folder / "variant.toml").write_text(text)


def test_a_built_in_board_is_found_by_its_id_without_reading_the_others(tmp_path, monkeypatch):
    """As the app starts: the built-in folder named by the id is read, not every variant
    (the world board's data is large), unless a variant of the user's may be meant."""
    from diplodesk.engine import catalog

    builtin, user = tmp_path / "builtin", tmp_path / "user"
    _board(builtin / "alpha", "alpha", "Alpha")
    _board(builtin / "beta", "beta", "Beta")
    user.mkdir()
    monkeypatch.setattr(catalog, "builtin_variants_dir", lambda: builtin)
    monkeypatch.setattr(catalog, "user_variants_dir", lambda: user)
    read: list[str] = []
    real = catalog.read_variant_file
    monkeypatch.setattr(catalog, "read_variant_file", lambda p: read.append(p.parent.name) or real(p))
    assert catalog.find_variant("alpha") == builtin / "alpha"
    assert "beta" not in read
    _board(user / "mine", "alpha", "My alpha")  # the user's copy of a built-in id: it is the one
    assert catalog.find_variant("alpha") == user / "mine"


def test_a_variant_edited_in_place_is_listed_as_it_now_is(tmp_path, monkeypatch):
    """The list keeps each file's entry only while the file is unchanged."""
    from diplodesk.engine import catalog

    user = tmp_path / "user"
    _board(user / "mine", "mine", "Mine")
    monkeypatch.setattr(catalog, "user_variants_dir", lambda: user)
    assert [v.name for v in catalog.list_variants() if v.id == "mine"] == ["Mine"]
    path = user / "mine" / "variant.toml"
    path.write_text(path.read_text().replace('name = "Mine"', 'name = "Mine, the second"', 1))
    assert [v.name for v in catalog.list_variants() if v.id == "mine"] == ["Mine, the second"]
    path.write_text("this is not TOML [")
    [broken] = [v for v in catalog.list_variants() if v.id == "mine"]
    assert not broken.playable and "not valid TOML" in broken.problem
