"""The editable Hypereconomic game: the engine's Game of a hyper variant, its file, and one
undo stack for every change (as :mod:`.game_document` is for the standard game).

Views connect to its signals and change the game only through the commands of
:mod:`.hyper_commands`, which call the few methods here that change it (:meth:`set_orders`,
:meth:`process`, :meth:`restore`). What the engine makes of the orders before the season is
played (each line's check, each nation's budget) is worked out once per set of orders
(:meth:`preview`), and for a sheet being typed (:meth:`preview_with`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from ..engine.game import Game, GameFileError, PhaseRecord
from ..engine.hyper.model import HyperPosition
from ..engine.hyper.shown_names import ShownNames
from .hyper_preview import Preview, preview
from .hyper_words import Words
from .saved_file import SavedFile, read_game

ENGINE = "hypereconomic"


@dataclass(frozen=True)
class HyperState:
    """What an adjudication changes, to put back on undo."""

    current: HyperPosition
    history: tuple[PhaseRecord, ...]
    winner: object


class HyperGameDocument(SavedFile, QObject):
    """A Hypereconomic game being played, with its file path and its undo stack."""

    changed = Signal()
    orders_changed = Signal(str)  # one nation's (or bank's) orders
    position_changed = Signal()
    history_changed = Signal()
    adjudicated = Signal(int)  # the index of the history record just made
    path_changed = Signal()

    def __init__(self, game: Game, path: str | os.PathLike | None = None, parent: QObject | None = None):
        super().__init__(parent)
        if game.variant.engine != ENGINE:
            raise GameFileError(f"{path or 'game'}: a {game.variant.engine} game, not a Hypereconomic one")
        self.game = game
        self.path: Path | None = Path(path) if path is not None else None
        self.undo_stack = QUndoStack(self)
        self._forced_modified = False
        self._preview: tuple[HyperPosition, Preview] | None = None
        self._words: tuple[HyperPosition, Words] | None = None
        self._names: tuple[HyperPosition, ShownNames] | None = None
        self._past: dict[int, tuple[PhaseRecord, HyperPosition]] = {}
        self.undo_stack.cleanChanged.connect(self._clean_changed)

    def _clean_changed(self, _clean: bool) -> None:
        self.changed.emit()

    # -- making one ----------------------------------------------------------------------

    @classmethod
    def new(cls, variant: str, parent: QObject | None = None) -> HyperGameDocument:
        from ..variants import load_variant

        return cls(Game.new(load_variant(variant)), None, parent)

    @classmethod
    def open(cls, path: str | os.PathLike, parent: QObject | None = None) -> HyperGameDocument:
        """Read a Hypereconomic game file; anything wrong raises GameFileError saying what."""
        path = Path(path)
        game = read_game(path)
        return cls(game, path, parent)

    # -- reading -------------------------------------------------------------------------

    @property
    def position(self) -> HyperPosition:
        return self.game.current

    @property
    def variant(self):
        return self.game.variant

    @property
    def history(self) -> list[PhaseRecord]:
        return self.game.history

    @property
    def nations(self) -> list[str]:
        return sorted(self.position.nations)

    @property
    def givers(self) -> list[str]:
        """Who gives orders: every nation, then every bank."""
        return self.nations + sorted(b.id for b in self.position.banks)

    def name_of(self, giver: str) -> str:
        """The name the desk shows: the nation's or bank's own; a territory formed in play
        ("holl under ger") with its province's and conqueror's names (Holland under Germany)."""
        return self.shown_names().nation(giver)

    def shown_names(self, position: HyperPosition | None = None) -> ShownNames:
        """The names every paper and panel reads (engine/hyper/shown_names.py), of ``position``
        (the current one if none; the last one asked for is kept)."""
        pos = position if position is not None else self.position
        if self._names is None or self._names[0] is not pos:
            self._names = (pos, ShownNames.of(pos))
        return self._names[1]

    def names_of(self, giver: str) -> list[str]:
        """Every name ``giver`` goes by: as shown, its id, abbreviation and the usual names the
        board lists (the sheet list finds a nation by any of them)."""
        out = [self.name_of(giver), giver]
        n = self.position.pack.nations.get(giver)
        if n is not None:
            out += [n.abbr, n.name, *n.aliases]
        st = self.position.nations.get(giver)
        if st is not None and st.name:
            out.append(st.name)
        return list(dict.fromkeys(x for x in out if x))

    def orders(self, giver: str) -> tuple[str, ...]:
        return tuple(self.position.orders.get(giver, ()))

    def preview(self) -> Preview:
        """Checks and budgets of the current orders (worked out once per set of orders)."""
        pos = self.position
        if self._preview is None or self._preview[0] is not pos:
            self._preview = (pos, preview(pos))
        return self._preview[1]

    def preview_with(self, giver: str, texts: list[str] | tuple[str, ...]) -> Preview:
        """As :meth:`preview`, with ``giver``'s orders replaced by ``texts`` (a sheet being typed)."""
        if tuple(texts) == self.orders(giver):
            return self.preview()
        orders = dict(self.position.orders)
        orders[giver] = tuple(texts)
        return preview(self.position.with_orders(orders))

    def words(self) -> Words:
        pos = self.position
        if self._words is None or self._words[0] is not pos:
            self._words = (pos, Words(pos))
        return self._words[1]

    def hints(self, giver: str):
        """``giver``'s examples and near misses (document/hyper_hints.py) in this position."""
        from .hyper_hints import Hints

        return Hints(self.position, giver, self.words())

    def orders_with(self, giver: str, unit_ref: str, text: str) -> list[str]:
        """``giver``'s orders with ``text`` as the one military order of its unit ``unit_ref``
        (replacing the one it had: a unit has one order a season)."""
        from ..engine.hyper.orders import MILITARY, Names, parse_orders

        texts = list(self.orders(giver))
        pos = self.position
        parsed = parse_orders(pos, giver, tuple(texts), Names(pos), frozenset(pos.pack.failure_order))
        out, placed = [], False
        for t, o in zip(texts, parsed, strict=True):
            if o.unit is not None and o.unit.ref == unit_ref and o.verb in MILITARY:
                if not placed:
                    out.append(text)
                    placed = True
                continue
            out.append(t)
        return out if placed else [*out, text]

    def snapshot(self) -> HyperState:
        g = self.game
        return HyperState(g.current, tuple(g.history), g.winner)

    # -- changing (for commands only) ----------------------------------------------------

    def set_orders(self, orders: dict[str, tuple[str, ...] | list[str]]) -> None:
        current = dict(self.position.orders)
        for giver, texts in orders.items():
            if texts:
                current[giver] = tuple(texts)
            else:
                current.pop(giver, None)
        self.game.current = replace(self.position, orders=current)
        for giver in orders:
            self.orders_changed.emit(giver)
        self.changed.emit()

    def process(self):
        outcome = self.game.process()
        self._announce()
        self.adjudicated.emit(len(self.history) - 1)
        return outcome

    def restore(self, state: HyperState) -> None:
        g = self.game
        g.current, g.history, g.winner = state.current, list(state.history), state.winner
        self._announce()

    def announce(self) -> None:
        """Tell every view the game changed (a command of another module changed it)."""
        self._announce()

    def _announce(self) -> None:
        self.history_changed.emit()
        self.position_changed.emit()
        for giver in self.givers:
            self.orders_changed.emit(giver)
        self.changed.emit()

    # -- files ---------------------------------------------------------------------------

    def _write(self, target: Path) -> None:
        self.game.save(target)


def is_hyper(game: Game) -> bool:
    return game.variant.engine == ENGINE
