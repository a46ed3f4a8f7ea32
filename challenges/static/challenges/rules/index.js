// The Tri-Ominos rules engine in the browser: a DOM-free port of the Python engine
// (triominos/), which is the authority. This port gives the player instant feedback
// (legal cells, points, bonuses) and rebuilds a run for the replay and the end screen.
//
// Its contract with triominos/ is the data they share, not the shape of the code:
// - the same golden vectors: tests/vectors/ are written by the Python engine (make
//   vectors) and read by node --test tests/js/, error codes and details included;
// - the same notation: tiles ("0-1-2"), cells ("0,-1"), points and moves as text
//   (tileParse, cellFormat, moveFormat...), and the same JSON run logs;
// - the same numbers: every value comes from the Python Ruleset through ruleset.json.
// The modules are cut for the browser: where the Python engine has more (the solver,
// the analysis, the rulebook) the port has none; the classic game is ./classic/. The names follow
// JavaScript style (tile_parse -> tileParse); Python's ValueError is a RangeError here,
// and its named tuples Cell and Point are two-integer arrays. ChallengeRun (run.js) is
// triominos/run.py's ChallengeRun: the run the play page drives and the replays rebuild.

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
  MoveOutcome,
} from "./scoring.js";
export { TILES, TILE_IDS, Tile, tileFormat, tileParse } from "./tiles.js";
