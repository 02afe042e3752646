"""A game: every phase's position, orders and result; process, roll back, save, load.

The game file is JSON with a ``format`` number and a full copy of the variant's data, so a
game opens the same years later even if the built-in variant has changed since. Saves are
atomic (temp file, fsync, ``os.replace``) and keep the previous file as ``.bak``.

Format 2 adds ``branches``: what-ifs, other orders tried from one of the game's phases
and played on by the same engine, beside the real game and never part of it (the
operations are ``document/branches.py``'s). A file without branches writes no key, so the
real game's part of the file is the same with or without them.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import schemas, seasons
from .files import FileReadError, read_bounded, write_atomic
from .plain_text import refusal, shown
from .position import Position, PositionError
from .process import REVISION, Outcome, outcome_to_json, process
from .variant import Variant, VariantError

if TYPE_CHECKING:  # a season engine's rule changes load only for its games
    from .rule_changes import RuleChange

FORMAT = 2
MAX_GAME_BYTES = 64 * 1024 * 1024


class GameFileError(ValueError):
    """A game file can't be read; the message says which file and why."""


@dataclass
class PhaseRecord:
    """A processed phase: the position with its orders, and the result (CONTRACTS 4)."""

    position: dict[str, Any]
    result: dict[str, Any]
    revision: int = REVISION  # of the engine that adjudicated it (process.REVISION)

    @property
    def phase(self) -> str:
        return self.position["phase"]


@dataclass(frozen=True)
class Branch:
    """A what-if: the real game's phases up to ``fork`` are its own too, then its records.

    ``fork`` is the index of the real game's phase it starts from (a history index, or
    the number of processed phases for the current one); ``history`` holds its own
    processed phases from there, ``current`` the phase it is at.
    """

    name: str
    fork: int
    current: Position
    history: tuple[PhaseRecord, ...] = ()
    winner: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "fork": self.fork, "history": _records_json(self.history),
                "current": self.current.to_json(), "winner": self.winner}


@dataclass
class Game:
    variant: Variant
    current: Position
    history: list[PhaseRecord] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)
    winner: str | None = None
    # what loading found worth telling, e.g. results another engine revision gave
    notices: list[str] = field(default_factory=list)
    branches: list[Branch] = field(default_factory=list)  # what-ifs beside the game
    # the GM's players and their addresses ({"name", "email", "powers"}; diplodesk.mail)
    players: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def new(cls, variant: Variant, rules: tuple[str, ...] = ()) -> Game:
        if seasons.is_other(variant):  # its dice get a secret of their own (hyper/dice)
            import secrets

            return cls(variant, seasons.start_other(variant, secrets.token_hex(32), variant.id))
        start = Position.start(variant)
        if rules:
            from dataclasses import replace

            start = replace(start, rules=tuple(rules))
        return cls(variant, start)

    # -- play ----------------------------------------------------------------------------

    def load_position(self, data: dict) -> Position:
        """Read a position of this game (its variant is the game's own copy)."""
        if seasons.is_other(self.variant):
            return seasons.read_other(data, self.variant)
        return Position.from_json(data, lambda ref: self.variant)

    def set_orders(self, power: str, texts: list[str]) -> None:
        from dataclasses import replace

        orders = dict(self.current.orders)
        orders[power] = tuple(texts)
        self.current = replace(self.current, orders=orders)

    def process(self) -> Outcome:
        """Adjudicate the current phase and move on to the next one."""
        if self.winner:
            raise ValueError(f"the game is over: {self.winner} has won")
        outcome, result = _adjudicated(self.current)
        record = PhaseRecord(self.current.to_json(), result)
        self.history.append(record)
        self.current = outcome.next
        self.winner = outcome.winner
        return outcome

    def rollback(self, index: int) -> None:
        """Make processed phase ``index`` current again (with its orders); later ones go."""
        if not 0 <= index < len(self.history):
            raise IndexError(f"no processed phase {index}")
        record = self.history[index]
        self.current = self.load_position(record.position)
        del self.history[index:]
        self.winner = None

    def change_rules(self, change: RuleChange) -> None:
        """A table change the GM makes during the game, in force from its season on (IX.6).

        It is kept in the game's copy of the variant, so the file says when the rules
        changed and a season before the date adjudicates as it did. RuleChangeError if it
        is dated before the current season; TableError if the tables would not read.
        """
        from .rule_changes import with_change

        variant = with_change(self.variant, change, self.current.phase)
        check_rule_changes(variant)
        self.variant = variant
        self.current = self.load_position(self.current.to_json())

    @property
    def phases(self) -> list[str]:
        return [r.phase for r in self.history] + [str(self.current.phase)]

    # -- files ---------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        vdata = _plain(self.variant.data)
        return {
            "format": FORMAT,
            "app": "diplodesk",
            "variant": {"id": self.variant.id, "data": vdata, "sha256": variant_digest(vdata)},
            "engine_revision": REVISION,
            "history": _records_json(self.history),
            "current": self.current.to_json(),
            "winner": self.winner,
            "settings": self.settings,
        } | ({"branches": [b.to_json() for b in self.branches]} if self.branches else {}) \
          | ({"players": [dict(p) for p in self.players]} if self.players else {})

    @classmethod
    def from_json(cls, data: Any, source: str = "game") -> Game:
        """Read a game file's data; anything wrong raises GameFileError naming the field.

        The structure is checked against the game file's schema (:mod:`.schemas`), every
        position is read as the engine reads positions, and every phase's result must be
        what adjudicating that phase gives now, so no corrupted record can stand.
        """
        if not isinstance(data, dict) or "format" not in data:
            raise GameFileError(f"{source}: not a diplodesk game file (no 'format')")
        fmt = data["format"]
        if type(fmt) is not int or fmt < 1:
            raise GameFileError(f"{source}: format: {fmt!r} is not a format number")
        if fmt > FORMAT:
            raise GameFileError(
                f"{source}: written by a newer diplodesk (game format {fmt}); "
                f"this version reads formats up to {FORMAT}. Update diplodesk to open it."
            )
        data = _upgrade(data, fmt)
        vdata = data.get("variant", {}).get("data") if isinstance(data.get("variant"), dict) else None
        other = isinstance(vdata, dict) and vdata.get("engine", "standard") != "standard"
        try:  # a season engine of its own checks its positions and results itself
            schemas.check(data, schemas.OtherGameShape if other else schemas.GameShape)
        except schemas.SchemaError as e:
            raise GameFileError(f"{source}: {e}") from None
        vdata = data["variant"]["data"]
        digest = data["variant"].get("sha256")
        if digest is not None and digest != variant_digest(vdata):
            raise GameFileError(f"{source}: variant.data: changed since the game was saved "
                                "(its sha256 does not match)")
        try:
            variant = Variant.from_data(vdata, source=f"{source}: variant.data")
        except VariantError as e:
            raise GameFileError(str(e)) from None
        if data["variant"]["id"] != variant.id:
            raise GameFileError(f"{source}: variant.id: {data['variant']['id']!r} is not the id "
                                f"of the variant's data ({variant.id!r})")
        try:  # a season engine's tables must read
            first = (seasons.start_other(variant, "", variant.id) if seasons.is_other(variant)
                     else Position.start(variant))
        except PositionError as e:
            raise GameFileError(f"{source}: variant.data: {e}") from None
        if seasons.is_other(variant):  # and so must the GM's rule changes, each from its season
            from .rule_changes import RuleChangeError
            from .tables import TableError

            try:
                check_rule_changes(variant)
            except (TableError, RuleChangeError) as e:
                raise GameFileError(f"{source}: variant.data.rule_changes: {e}") from None
        game = cls(variant, first, [], dict(data.get("settings", {})))
        if isinstance(game.settings.get("variant_folder"), str):  # where its map is
            from .catalog import remember_folder

            remember_folder(variant.id, game.settings["variant_folder"])
        saved_by = data.get("engine_revision", 1)
        try:
            game.history = game._read_records(data.get("history", []), "history", saved_by)
            game.current = game._read_position(data["current"], "current")
            game.winner = _winner(game.history, data.get("winner"), "winner")
            game.branches = [game._read_branch(b, f"branches[{i}]", saved_by)
                             for i, b in enumerate(data.get("branches", []))]
        except GameFileError as e:
            raise GameFileError(f"{source}: {e}") from None
        game.players = _read_players(data.get("players", []), variant, source, (first, game.current))
        return game

    def _read_records(self, records: list, where: str, saved_by: int) -> list[PhaseRecord]:
        """Processed phases, each checked: its result must be what adjudicating it gives."""
        out = []
        for i, r in enumerate(records):
            at = f"{where}[{i}]"
            position = self._read_position(r["position"], f"{at}.position")
            revision = r.get("engine_revision", saved_by)
            try:
                _check_result(position, r["result"], f"{at}.result")
            except GameFileError as e:
                if revision == REVISION:
                    raise
                # adjudicated by another version of the engine: the result the players
                # were sent stands, and the GM is told where today's engine differs
                self.notices.append(f"{position.phase} was adjudicated by engine revision {revision}; "
                                    f"this version (revision {REVISION}) differs: "
                                    f"{str(e).removeprefix(at + '.')}. The recorded result stands.")
            out.append(PhaseRecord(r["position"], r["result"], revision))
        return out

    def _read_branch(self, data: dict, where: str, saved_by: int) -> Branch:
        """A what-if, checked like the game: it forks from one of the game's phases, and
        each of its records is what adjudicating that phase gives (its positions may have
        been edited by hand, as the game's may)."""
        fork = data["fork"]
        if not 0 <= fork <= len(self.history):
            raise GameFileError(f"{where}.fork: {fork} is not one of the game's phases "
                                f"(0 to {len(self.history)})")
        history = self._read_records(data.get("history", []), f"{where}.history", saved_by)
        current = self._read_position(data["current"], f"{where}.current")
        winner = _winner(history, data.get("winner"), f"{where}.winner",
                         self.history[fork - 1] if fork and not history else None)
        return Branch(data["name"], fork, current, tuple(history), winner)

    def _read_position(self, data: dict, where: str) -> Position:
        if data.get("variant", "standard") != self.variant.id:
            raise GameFileError(f"{where}.variant: {data.get('variant', 'standard')!r} is not "
                                f"this game's variant {self.variant.id!r}")
        try:
            return self.load_position(data)
        except PositionError as e:
            raise GameFileError(f"{where}.{e}") from None
        except RecursionError:
            raise GameFileError(f"{where}: nested too deeply") from None

    def save(self, path: str | os.PathLike) -> None:
        save_json_atomic(Path(path), self.to_json())

    @classmethod
    def load(cls, path: str | os.PathLike) -> Game:
        path = Path(path)
        return cls.from_json(read_json_file(path, MAX_GAME_BYTES), source=str(path))


def _records_json(records) -> list[dict[str, Any]]:
    return [{"position": r.position, "result": r.result}
            | ({"engine_revision": r.revision} if r.revision != REVISION else {}) for r in records]


def _winner(history: list[PhaseRecord], winner: Any, where: str, before: PhaseRecord | None = None) -> str | None:
    """The winner a file states must be what the last result says."""
    last_record = history[-1] if history else before
    last = last_record.result["next"].get("winner") if last_record else None
    if winner != last:
        said = f"the last phase's result says {last!r}" if last_record else "no phase has been played"
        raise GameFileError(f"{where}: {winner!r}, but {said}")
    return winner


def _adjudicated(position) -> tuple[Any, dict[str, Any]]:
    """The outcome of a phase and its result JSON, by the variant's season engine."""
    if seasons.is_other(position.variant):
        outcome = seasons.process_other(position)
        return outcome, outcome.to_json()
    outcome = process(position)
    return outcome, outcome_to_json(outcome)


def _read_players(players: list, variant: Variant, source: str, positions=()) -> list[dict[str, Any]]:
    """The roster as saved (its shape checked by the schema); each power must be the game's
    (in a season engine's game, a nation or one of the game's players)."""
    known = set(variant.power_names)
    for pos in positions:
        if callable(getattr(pos, "player_ids", None)):
            known |= set(pos.player_ids())
    for i, p in enumerate(players):
        for key in ("name", "email", "note"):  # a CR or LF would end a mail header and start another
            why = refusal(str(p.get(key, "")), f"a player's {key}")
            if why is not None:
                raise GameFileError(f"{source}: players[{i}].{key}: {why}")
        for j, power in enumerate(p.get("powers", [])):
            if power not in known:
                raise GameFileError(f"{source}: players[{i}].powers[{j}]: {power!r} is not a power of "
                                    f"this game ({', '.join(variant.power_names)})")
    return [dict(p) for p in players]


def check_rule_changes(variant: Variant) -> None:
    """The tables in force from each rule change's season on must read, not only the first
    season's (TableError or RuleChangeError saying which)."""
    if not seasons.is_other(variant):
        return
    from . import hyper
    from .rule_changes import changes_of

    for change in changes_of(variant):
        hyper.pack_of(variant, change.effective_from)


def variant_digest(data: Any) -> str:
    """SHA-256 of variant data as canonical JSON (sorted keys, no spaces, UTF-8)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _check_result(position: Position, stored: dict, where: str) -> None:
    """The stored result must be what adjudicating its phase gives (a corrupted or
    hand-edited result would otherwise be shown, replayed and printed as fact)."""
    try:
        fresh = _adjudicated(position)[1]
    except (ValueError, KeyError, TypeError, RecursionError) as e:
        raise GameFileError(f"{where}: its phase cannot be adjudicated ({e})") from None
    if fresh == stored:
        return
    orders = stored.get("orders")  # a season engine's result is free data: it may lack them
    if {**fresh, "orders": None} == {**stored, "orders": None}:
        if "orders" not in stored:
            raise GameFileError(f"{where}.orders: missing (adjudicating the phase gives "
                                f"{shown(fresh['orders'], 80)}); the record was changed or damaged")
        if not isinstance(orders, list):
            path, want, got = ".orders", fresh["orders"], orders
        else:
            path, want, got = _order_difference(fresh["orders"], orders)
            if not path:
                return  # the same entries in another order say the same (it follows the units')
    else:
        path, want, got = _difference({**fresh, "orders": None}, {**stored, "orders": None})
    raise GameFileError(f"{where}{path}: {shown(got, 80)} is not what adjudicating the phase gives "
                        f"({shown(want, 80)}); the record was changed or damaged")


def _order_difference(fresh: list, stored: list) -> tuple[str, Any, Any]:
    """The first stored order entry the adjudication does not give, or one it lacks."""
    if Counter(map(_entry_key, fresh)) == Counter(map(_entry_key, stored)):
        return "", None, None
    fresh_keys = {_entry_key(e) for e in fresh}
    stored_keys = {_entry_key(e) for e in stored}
    for i, entry in enumerate(stored):
        if _entry_key(entry) not in fresh_keys:
            same = [e for e in fresh if isinstance(entry, dict)
                    and (e.get("power"), e.get("text"), e.get("order")) ==
                    (entry.get("power"), entry.get("text"), entry.get("order"))]
            if same:
                return _difference(same[0], entry, f".orders[{i}]")
            return f".orders[{i}]", "no such entry", entry
    for e in fresh:
        if _entry_key(e) not in stored_keys:
            return ".orders", e, "an entry missing"
    if len(fresh) != len(stored):
        return ".orders", f"{len(fresh)} entries", f"{len(stored)} entries"
    return "", None, None


def _entry_key(entry: Any) -> Any:
    """An order entry as a hashable value (the schema made its values strings or null)."""
    try:
        return frozenset(entry.items())
    except (AttributeError, TypeError):
        return json.dumps(entry, sort_keys=True)


def _difference(want: Any, got: Any, path: str = "") -> tuple[str, Any, Any]:
    """The first place where two JSON values differ, with both values there."""
    if isinstance(want, dict) and isinstance(got, dict):
        for k in list(want) + [k for k in got if k not in want]:
            if want.get(k, _MISSING) != got.get(k, _MISSING):
                return _difference(want.get(k, _MISSING), got.get(k, _MISSING), f"{path}.{k}")
    elif isinstance(want, list) and isinstance(got, list) and len(want) == len(got):
        for i, (a, b) in enumerate(zip(want, got, strict=True)):
            if a != b:
                return _difference(a, b, f"{path}[{i}]")
    return path, want, got


class _Missing:
    def __repr__(self) -> str:
        return "nothing"


_MISSING = _Missing()


def _plain(v: Any) -> Any:
    """Variant data as plain JSON types."""
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_plain(x) for x in v]
    return v


def _upgrade(data: dict, fmt: int) -> dict:
    """Bring an older game file up to the current format (one step per version)."""
    if fmt == 1:  # format 2 adds what-if branches: a format-1 file has none
        data, fmt = {**data, "format": 2}, 2
    return data


def read_json_file(path: Path, limit: int) -> Any:
    """Read a JSON file with a size limit; errors say which file and what is wrong.

    Only regular files are read (never a device or a FIFO), and never more than ``limit``.
    """
    try:
        raw = read_bounded(Path(path), limit)
    except FileReadError as e:
        raise GameFileError(str(e)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise GameFileError(f"{path}: not a text file (not UTF-8)") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise GameFileError(f"{path}: not JSON: {e.msg} at line {e.lineno}, column {e.colno}") from None
    except RecursionError:
        raise GameFileError(f"{path}: JSON nested too deeply") from None
    except ValueError as e:  # e.g. a number of more digits than Python converts
        raise GameFileError(f"{path}: not usable JSON: {e}") from None


def save_json_atomic(path: Path, data: Any) -> None:
    """Write JSON atomically, keeping the previous file as ``.bak``."""
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    write_atomic(Path(path), text.encode("utf-8"))
