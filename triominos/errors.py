"""The error codes of RULES.md, in precedence order, and the errors a move gets:
:class:`MoveError` for any rule of the table, :class:`PlacementError` for the board's."""

from __future__ import annotations

import reprlib
from typing import Literal, get_args

__all__ = [
    "BOARD_ERROR_CODES",
    "ERROR_CODES",
    "MOVE_ERROR_CODES",
    "ErrorCode",
    "MoveError",
    "PlacementError",
    "shown",
]

# RULES.md's table in its order of precedence, then the refusals of a whole log or
# challenge that this engine adds (RULES.md: "refused before any replay").
ErrorCode = Literal[
    "malformed",
    "time_over",
    "time_not_monotonic",
    "run_over",
    "well_empty",
    "unknown_tile",
    "tile_not_in_tray",
    "bad_rotation",
    "cell_occupied",
    "first_not_at_origin",
    "not_adjacent",
    "corner_mismatch",
    "bad_log",
    "bad_challenge",
]

ERROR_CODES: tuple[ErrorCode, ...] = get_args(ErrorCode)
"""Every code, in the order above: RULES.md's table, then the two refusals of a whole log."""

MOVE_ERROR_CODES: tuple[ErrorCode, ...] = ERROR_CODES[: ERROR_CODES.index("corner_mismatch") + 1]
"""The codes a move can get, in RULES.md's order: a move breaking several rules gets
the first that applies."""

BOARD_ERROR_CODES: tuple[ErrorCode, ...] = MOVE_ERROR_CODES[
    MOVE_ERROR_CODES.index("bad_rotation") :
]
"""The codes :meth:`Board.check` answers (the rest concern the log, the clock and the tray)."""


class MoveError(ValueError):
    """A move refused by a rule of RULES.md's table: ``code`` (the first rule it breaks)
    and ``detail`` for a human. Whatever refused it left the run or board unchanged."""

    def __init__(self, code: ErrorCode, detail: str) -> None:
        super().__init__(detail)
        self.code: ErrorCode = code
        self.detail = detail

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.detail!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MoveError):
            return NotImplemented
        return (self.code, self.detail) == (other.code, other.detail)

    def __hash__(self) -> int:
        return hash((self.code, self.detail))


class PlacementError(MoveError):
    """A placement the board refuses: ``code`` from :data:`BOARD_ERROR_CODES`, ``detail``
    naming the cell and, for a mismatch, the corner and the point."""


_BIG = 10**18


class _ShortRepr(reprlib.Repr):
    """reprlib's cut-down repr, which also survives integers too long for ``str()``."""

    def repr_int(self, x: int, level: int) -> str:
        if -_BIG < x < _BIG:
            return super().repr_int(x, level)
        return f"a {'negative ' if x < 0 else ''}{x.bit_length()}-bit integer"


_REPR = _ShortRepr()
_REPR.maxstring = 40
_REPR.maxother = 40
_REPR.maxlevel = 3
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = 4


def shown(value: object) -> str:
    """``value`` as an error detail quotes it: short, whatever the client sent (long
    strings, lists and integers are cut or described)."""
    return _REPR.repr(value)
