"""The graphics items the editor's scene is made of (:mod:`..scene` puts them together).

One module per kind of thing drawn: :mod:`.shapes` (provinces, the background, the
preview), :mod:`.layers` (labels, coast sides), :mod:`.handles` (vertices, anchors),
:mod:`.lines` (specials, adjacency); :mod:`.style` holds the colours they share.
"""
