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
