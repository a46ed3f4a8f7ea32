"""The Tri-Ominos rules engine: the one authority on every score (pure Python).

Plays exactly the game of RULES.md. The browser's ``rules.js`` mirrors it, held to it
by the golden vectors in ``tests/vectors/``.

Vocabulary (small immutable values, each with a canonical text form and a matched
parse/format pair):

- :class:`Tile` (``"3-4-5"``; ``.a .b .c .value .id .index``), :data:`TILES`,
  :data:`TILE_IDS`, :func:`tile_parse`, :func:`tile_format`;
- :class:`Cell` ``[row, col]`` (``"0,-1"``) and :class:`Point` ``(row, x)`` (``"2,1"``),
  with :func:`cell_corners`, :func:`cell_neighbours`, :func:`point_cells`,
  :func:`cell_points_up` and the parse/format functions;
- :class:`Placement` (``"3-4-5@0,-1r2"``) and :class:`Move` (``"1830:place:3-4-5@0,0r0"``,
  ``"4210:draw"``), :func:`log_from_moves` for the JSON run log;
- :class:`MoveOutcome` ``(points, bonus)``, the :data:`BONUSES` names, the
  :class:`Ruleset` of every value (:data:`DEFAULT_RULESET`).

Play: :class:`Board` (``check``/``play`` raising :class:`PlacementError` with a RULES.md
code, unchecked ``push``/``pop``, ``legal_placements``, ``frontier``, ``number_at``).

Replay: :func:`replay_challenge` -> :class:`ReplayResult` (valid prefix, score, first
:class:`ReplayError`); never raises. :data:`ERROR_CODES` lists the codes in RULES.md's
order of precedence.
"""

from challenges.rules.board import Board
from challenges.rules.errors import (
    BOARD_ERROR_CODES,
    ERROR_CODES,
    MOVE_ERROR_CODES,
    ErrorCode,
    PlacementError,
)
from challenges.rules.geometry import (
    ORIGIN,
    Cell,
    Point,
    cell_corners,
    cell_format,
    cell_neighbours,
    cell_parse,
    cell_points_up,
    point_cells,
    point_format,
    point_parse,
)
from challenges.rules.moves import (
    Move,
    Placement,
    log_from_moves,
    move_format,
    move_parse,
    placement_format,
    placement_parse,
)
from challenges.rules.replay import ReplayError, ReplayResult, replay_challenge
from challenges.rules.ruleset import DEFAULT_RULESET, Ruleset
from challenges.rules.scoring import BONUSES, Bonus, MoveOutcome
from challenges.rules.tiles import TILE_IDS, TILES, Tile, tile_format, tile_parse

__all__ = [
    "BOARD_ERROR_CODES",
    "BONUSES",
    "DEFAULT_RULESET",
    "ERROR_CODES",
    "MOVE_ERROR_CODES",
    "ORIGIN",
    "TILES",
    "TILE_IDS",
    "Board",
    "Bonus",
    "Cell",
    "ErrorCode",
    "Move",
    "MoveOutcome",
    "Placement",
    "PlacementError",
    "Point",
    "ReplayError",
    "ReplayResult",
    "Ruleset",
    "Tile",
    "cell_corners",
    "cell_format",
    "cell_neighbours",
    "cell_parse",
    "cell_points_up",
    "log_from_moves",
    "move_format",
    "move_parse",
    "placement_format",
    "placement_parse",
    "point_cells",
    "point_format",
    "point_parse",
    "replay_challenge",
    "tile_format",
    "tile_parse",
]
