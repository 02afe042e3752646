"""The Qt binding must not leak references to None (PySide6 6.12.0 on CPython 3.11 does,
which aborts the interpreter after a few thousand drawing calls)."""

import sys


def test_void_qt_calls_keep_none_alive():
    from PySide6.QtCore import QObject

    obj = QObject()
    before = sys.getrefcount(None)
    for _ in range(2000):
        obj.setObjectName("x")
    assert sys.getrefcount(None) >= before - 50
