"""No XML entity is ever expanded, whatever the file's encoding (issue 29, class 12): a
declared general entity that the document uses is refused in UTF-8, UTF-16 (with or without
its BOM), UTF-32, Latin-1 or windows-1252, in text or in an attribute, in a map or in jDip's
variants.xml; a declared one never used is harmless; and many declarations are read at once."""

from __future__ import annotations

import shutil
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from diplodesk.document.jdip_import import JdipImportError, read_jdip_variant
from diplodesk.geometry.svg_xml import MapError, _parse, read_xml

ENCODINGS = ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "iso-8859-1", "windows-1252"]
NAMES = ["a", "lol", "\u00e9t\u00e9", "x1"]  # é: a name whose UTF-8 bytes are not its Latin-1 bytes
TINY = Path(__file__).parents[1] / "document" / "fixtures" / "jdip_tiny"


def document(encoding: str, name: str, where: str, svg: bool = False) -> bytes:
    declared = "UTF-16" if encoding.startswith("utf-16") else encoding.upper().removesuffix("-SIG")
    root = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"' if svg else "<r"
    end = "</svg>" if svg else "</r>"
    body = {"text": f'{root}><g>&{name};</g>{end}', "attribute": f'{root}><g id="&{name};"/>{end}',
            "unused": f"{root}><g/>{end}"}[where]
    text = f'<?xml version="1.0" encoding="{declared}"?><!DOCTYPE r [<!ENTITY {name} "boom">]>{body}'
    return text.encode(encoding)


@settings(max_examples=80, deadline=None, derandomize=True)
@given(st.sampled_from(ENCODINGS), st.sampled_from(NAMES), st.sampled_from(["text", "attribute"]),
       st.booleans())
def test_a_used_entity_is_refused_in_any_encoding(encoding, name, where, svg):
    raw = document(encoding, name, where, svg)
    with pytest.raises(MapError, match=f"uses an XML entity &{name};"):
        _parse(raw, "map.svg") if svg else read_xml(raw, "variants.xml")


@settings(max_examples=30, deadline=None, derandomize=True)
@given(st.sampled_from(ENCODINGS), st.sampled_from(NAMES))
def test_an_entity_declared_and_never_used_is_harmless(encoding, name):
    root = read_xml(document(encoding, name, "unused"), "variants.xml")
    assert root.tag == "r" and "boom" not in repr(root.children)


def test_text_of_other_encodings_is_read_as_written():
    for encoding in ENCODINGS:
        declared = encoding.removesuffix("-sig")
        raw = f'<?xml version="1.0" encoding="{declared}"?><r>caf\u00e9</r>'.encode(encoding)
        assert read_xml(raw, "x.xml").text == "caf\u00e9", encoding


def test_an_encoding_python_does_not_know_is_refused():
    with pytest.raises(MapError, match="an encoding Python does not know: x-nowhere"):
        read_xml(b'<?xml version="1.0" encoding="x-nowhere"?><r/>', "x.xml")


@pytest.mark.parametrize("codec, says", [("rot13", "rot13 is not a text encoding"), ("base64", "base64 is not a "),
                                          ("zlib", "zlib is not a "), ("hex", "hex is not a "),
                                          ("undefined", "undecodable UNDEFINED"), ("punycode", "undecodable PUNYCODE")])
def test_a_codec_that_reads_no_text_is_refused_in_one_line(codec, says):
    # Python knows these names, but bytes.decode raised LookupError or UnicodeError past the check
    with pytest.raises(MapError, match=f"x.xml: not an XML file \\({says}"):
        read_xml(f'<?xml version="1.0" encoding="{codec}"?><r>x</r>'.encode(), "x.xml")


@settings(max_examples=3, deadline=timedelta(seconds=15), derandomize=True)
@given(st.integers(20_000, 100_000))
def test_many_declarations_are_read_at_once(n):
    # each declaration searched the whole file for its use: 20,000 of them before 10 MB of
    # text took 215 s
    raw = (b"<!DOCTYPE r [" + b"".join(b'<!ENTITY e%d "x">' % i for i in range(n)) + b"]><r>"
           + b"a" * 10_000_000 + b"</r>")
    assert len(read_xml(raw, "x.xml").text) == 1_000_000


def test_a_utf16_variants_xml_with_an_entity_is_refused_by_the_import(tmp_path):
    for p in TINY.iterdir():
        shutil.copy(p, tmp_path / p.name)
    vx = tmp_path / "variants.xml"
    text = vx.read_text().replace('<?xml version="1.0"?>', '<?xml version="1.0" encoding="UTF-16"?>')
    text = text.replace("<!DOCTYPE VARIANTS [", '<!DOCTYPE VARIANTS [\n\t<!ENTITY who "Redland">')
    vx.write_bytes(text.replace('name="Redland"', 'name="&who;"').encode("utf-16"))
    with pytest.raises(JdipImportError, match=r"variants.xml: uses an XML entity &who;"):
        read_jdip_variant(tmp_path)
    vx.write_bytes(text.encode("utf-16"))  # declared, never used: it imports
    assert "Redland" in read_jdip_variant(tmp_path).data["powers"]
