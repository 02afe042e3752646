"""The PySide6 desktop application: main window, map view, docks and dialogs."""

import os

# The app does no linear algebra: numpy's BLAS need not start a thread a core as the app
# starts (shapely brings numpy in; on a busy machine those threads took 50 ms of the start).
# A user's own setting stands.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
