// The Tri-Ominos rules engine in the browser: a DOM-free port of triominos/.
//
// The server's Python engine is the authority; this port gives the player instant
// feedback (legal cells, points, bonuses) and is held to the Python engine by the
// golden vectors in tests/vectors/ (node --test tests/js/), error details included.
// Module for module and name for name it mirrors the Python package, in JavaScript
// style: tile_parse -> tileParse, replay_challenge -> replayChallenge, Board.play,
// Board.check, Board.push, Board.pop, legal_placements -> legalPlacements. Python's
// ValueError is a RangeError here; its named tuples Cell and Point are two-integer
// arrays. Every number comes from the Python Ruleset, through ruleset.json.
//
// ChallengeRun (run.js) has no Python counterpart yet: it is the run the play page
// drives, and the replay plays every move through it.

export { Board } from "./board.js";
export {
  BOARD_ERROR_CODES,
  ERROR_CODES,
  MOVE_ERROR_CODES,
  PlacementError,
  shown,
} from "./errors.js";
export {
  ORIGIN,
  Cell,
  Point,
  cellCorners,
  cellFormat,
  cellNeighbours,
  cellParse,
  cellPointsUp,
  pointCells,
  pointFormat,
  pointParse,
} from "./geometry.js";
export {
  Move,
  Placement,
  logFromMoves,
  moveFormat,
  moveParse,
  placementFormat,
  placementParse,
} from "./moves.js";
export { MAX_JOKERS, PuzzleError, STARS_BY_JOKERS, pieceRefusal, puzzleCheck } from "./puzzles.js";
export { ReplayError, ReplayResult, replayChallenge } from "./replay.js";
export { ChallengeRun } from "./run.js";
export { DEFAULT_RULESET, Ruleset } from "./ruleset.js";
export {
  BONUSES,
  BONUS_BRIDGE,
  BONUS_DOUBLE_HEXAGON,
  BONUS_HEXAGON,
  BONUS_TRIPLE_HEXAGON,
  MoveOutcome,
} from "./scoring.js";
export { TILES, TILE_IDS, Tile, tileFormat, tileParse } from "./tiles.js";
