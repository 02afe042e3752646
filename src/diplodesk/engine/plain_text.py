"""Text that is safe to show and to write back: no control characters in a name or a cell.

A newline in a power's name breaks the ``variant.toml`` it is written to and every one-line
message that names it; ESC and BEL drive the terminal that prints it; a right-to-left
override makes ``Redland`` read as another name. Names and cells are refused with them,
wherever they come from (a variant, jDip, a CSV, a position).
"""

from __future__ import annotations

# bidi controls: embeddings and overrides, isolates, the marks (Unicode's Bidi_Control)
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
LINE_BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")
# the same, as a pattern's character class (for the schemas' msgspec patterns)
CLASS = r"\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"


def unsafe_char(text: str) -> str | None:
    """The first character of ``text`` that a name or a cell may not hold, or None."""
    for c in text:
        o = ord(c)
        if o < 0x20 or 0x7F <= o <= 0x9F or c in BIDI or c in LINE_BREAKS:
            return c
    return None


def describe(c: str) -> str:
    """``a line break``, ``the control character U+001B``, ``the bidi control U+202E``."""
    if c in LINE_BREAKS:
        return f"a line break (U+{ord(c):04X})"
    if c in BIDI:
        return f"the bidi control U+{ord(c):04X}"
    return f"the control character U+{ord(c):04X}"


def refusal(text: str, what: str = "a name") -> str | None:
    """Why ``text`` cannot be ``what`` (``'Red\\nland' holds a line break (U+000A); a name
    may not``), or None if it can."""
    c = unsafe_char(text)
    if c is None:
        return None
    return f"{text[:40]!r} holds {describe(c)}; {what} may not"


def shown(value: object, limit: int = 40) -> str:
    """A value as a one-line message quotes it: its repr, cut to ``limit`` characters, and a
    huge number by its size (Python will not write an int of more than 4,300 digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**limit:
        return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


# control characters a terminal acts on (ESC, BEL, CR ...) and the marks that turn text
# around (the right-to-left override), shown as \x1b, \u202e so nobody is fooled by them
_INVISIBLE = {c: f"\\x{c:02x}" for c in (*range(0x00, 0x09), *range(0x0b, 0x20), *range(0x7f, 0xa0))}
_INVISIBLE |= {c: f"\\u{c:04x}" for c in (0x061c, 0x200e, 0x200f, *range(0x202a, 0x202f), *range(0x2066, 0x206a),
                                          0x2028, 0x2029, 0xfeff)}


def visible(text: str) -> str:
    """``text`` with every control and direction mark written out (``\\x1b``), so that what
    a sender (or a file) holds is shown, never acted on by a terminal or turned around on screen."""
    return text.translate(_INVISIBLE)


def visible_lines(text: str) -> str:
    """:func:`visible` for each line, keeping the line breaks (and tabs)."""
    return "\n".join(visible(line) for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"))
