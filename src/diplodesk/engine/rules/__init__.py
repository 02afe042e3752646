"""Rule mechanisms that are more than data: each is generic and configured by a variant.

These modules sit above the core (positions, order checks, the resolver) and plug into it:
the railroad through the movement hook of ``engine/mechanisms.py`` (imported here so that
it is registered before any position is read), conditional orders through the text rule
the season engine hands to the order reader, Blind's views over the adjudicated result.
"""

from . import railroad  # noqa: F401 (registers the railroad's kind of move)
