// Replaying a challenge run: a log in, the valid prefix with its score and the first
// error out. Whatever the log is (any JSON value at all), the replay answers with a
// ReplayResult; it never throws. Mirrors triominos/replay.py; the moves are
// played by the same ChallengeRun the play page uses (run.js).

import { isInteger, shown } from "./errors.js";
import { DEFAULT_RULESET } from "./ruleset.js";
import { ChallengeRun, challengeProblem, describe, field, isJsonObject } from "./run.js";

/** The first bad move: its index in the log (null when the whole log or the challenge
 * is refused), its RULES.md code and a sentence for a human. */
export class ReplayError {
  constructor(move, code, detail) {
    this.move = move;
    this.code = code;
    this.detail = detail;
    Object.freeze(this);
  }

  toJson() {
    return { move: this.move, code: this.code, detail: this.detail };
  }
}

/**
 * The outcome of a replay: the valid prefix of the log, scored, and the first error.
 * `score` is the total of the valid prefix (so of the whole run when `valid`); `moves`
 * holds one MoveOutcome per valid move.
 */
export class ReplayResult {
  constructor({ valid, score, moves, error, tilesPlaced, draws, boardCleared }) {
    this.valid = valid;
    this.score = score;
    this.moves = moves;
    this.error = error;
    this.tilesPlaced = tilesPlaced;
    this.draws = draws;
    this.boardCleared = boardCleared;
    Object.freeze(this);
  }

  /** {valid, score, [error,] moves}, as the API and `manage.py replay` print it. */
  toJson() {
    const result = { valid: this.valid, score: this.score };
    if (this.error !== null) {
      result.error = this.error.toJson();
    }
    result.moves = this.moves.map((outcome) => outcome.toJson());
    return result;
  }

  /** The result for input refused before any move is replayed (bad_log,
   * bad_challenge): nothing valid, nothing scored. */
  static refused(code, detail) {
    return new ReplayResult({
      valid: false,
      score: 0,
      moves: [],
      error: new ReplayError(null, code, detail),
      tilesPlaced: 0,
      draws: 0,
      boardCleared: false,
    });
  }
}

/**
 * Replays the run `log` on the challenge `tray` + `well`; never throws. `maxT` lowers
 * the time limit below the ruleset's: the server passes the time elapsed since the run
 * started, so no move may claim a time the server's clock had not reached.
 */
export function replayChallenge({ tray, well, log, maxT = null, ruleset = DEFAULT_RULESET }) {
  const problem = challengeProblem(tray, well, ruleset);
  if (problem !== null) {
    return ReplayResult.refused("bad_challenge", problem);
  }
  const limit = maxT ?? null;
  if (limit !== null && !isInteger(limit)) {
    return ReplayResult.refused("bad_challenge", `max_t must be an integer or None, not ${shown(limit)}`);
  }
  if (!isJsonObject(log)) {
    return ReplayResult.refused("bad_log", `a run log must be an object, not ${describe(log)}`);
  }
  const moves = field(log, "moves");
  if (!Array.isArray(moves)) {
    return ReplayResult.refused("bad_log", `a run log's 'moves' must be a list, not ${describe(moves)}`);
  }

  const run = new ChallengeRun({ tray, well, ruleset });
  let error = null;
  for (let index = 0; index < moves.length; index += 1) {
    const refused = run.playMove(moves[index], { maxT: limit }).error;
    if (refused !== null) {
      error = new ReplayError(index, refused.code, refused.detail);
      break;
    }
  }
  return new ReplayResult({
    valid: error === null,
    score: run.score,
    moves: run.outcomes.slice(),
    error,
    tilesPlaced: run.board.size,
    draws: run.draws,
    boardCleared: run.cleared,
  });
}
