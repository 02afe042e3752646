"""The cycle collector held off while a large model is built, and as it was afterwards."""

from __future__ import annotations

import gc

import pytest

from diplodesk.document.bulk import collector_paused


def test_the_collector_is_off_while_a_model_is_built_and_on_again_after_even_on_an_error():
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(ValueError), collector_paused():
        raise ValueError("a map that cannot be read")
    assert gc.isenabled()


def test_a_collector_switched_off_by_someone_else_stays_off():
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
