// Every number the rules use, read from the Python engine's Ruleset: this port holds no
// rule constant of its own. Mirrors triominos/ruleset.py.
//
// ruleset.json is written by the Python engine (`make vectors`, from
// ruleset_document()); a test on the Python side checks it is current. It is imported
// as a JSON module, which Node 20 (`node --test`) and Chromium both load; the server
// must send it as application/json, as Django's and WhiteNoise's static serving do.

import rulesetDocument from "./ruleset.json" with { type: "json" };

/** `time_limit_ms` -> `timeLimitMs`: the Python name in JavaScript style. */
function camelCase(name) {
  return name.replace(/_([a-z])/g, (_, letter) => letter.toUpperCase());
}

// The numbers of the daily challenge: a ruleset.json without one of them is refused at
// load, rather than played with `undefined`; so are the classic game's (./classic/).
// Each bonus's value is the field named after it (`bridge` -> `bridge_bonus`), and
// `bonus_codes` says which bonus each state of a placement's corners makes.
const REQUIRED = [
  "draw_points",
  "clear_bonus",
  "time_limit_ms",
  "tray_size",
  "tile_count",
  "well_size",
  "run_moves_max",
  "witness_window_ms",
  "pace_floor_ms",
  "opening_bonus",
  "triple_zero_extra",
  "pass_points",
  "going_out_bonus",
  "max_draws_per_turn",
  "target_score",
];

/** The states of a placement's three corners: 0 to 5 tiles around each. */
const CORNER_STATES = 6 ** 3;

/**
 * The values of one game, each field of the Python Ruleset under its camelCase name
 * (`ruleset.timeLimitMs`, `ruleset.traySize`, `ruleset.wellSize`, ...). Frozen.
 */
export class Ruleset {
  /** `document`: the Ruleset as ruleset_document() writes it (Python field names). */
  constructor(document) {
    if (!Array.isArray(document.bonuses) || document.bonuses.length === 0) {
      throw new RangeError(`ruleset: bonuses must list the bonuses, not ${JSON.stringify(document.bonuses)}`);
    }
    for (const name of [...REQUIRED, ...document.bonuses.map((bonus) => `${bonus}_bonus`)]) {
      if (!Number.isInteger(document[name])) {
        throw new RangeError(`ruleset: ${name} must be an integer, not ${JSON.stringify(document[name])}`);
      }
    }
    const codes = document.bonus_codes;
    const isCode = (code) => Number.isInteger(code) && code >= 0 && code <= document.bonuses.length;
    if (!Array.isArray(codes) || codes.length !== CORNER_STATES || !codes.every(isCode)) {
      throw new RangeError(`ruleset: bonus_codes must give a bonus code for each of the ${CORNER_STATES} corner states`);
    }
    for (const [name, value] of Object.entries(document)) {
      this[camelCase(name)] = value;
    }
    Object.freeze(this);
  }

  /** Points a placement bonus adds (0 for null). */
  bonusPoints(bonus) {
    if (bonus === null) {
      return 0;
    }
    if (!this.bonuses.includes(bonus)) {
      throw new RangeError(`not a bonus: ${JSON.stringify(bonus)}`);
    }
    return this[camelCase(`${bonus}_bonus`)];
  }

  /**
   * The bonus a placement makes (null for none), from how many tiles already touch each
   * of its three corners (0-5): the engine's decision (triominos/bonuses.py), laid out
   * as `bonus_codes` for every state, so this port holds no bonus rule of its own.
   */
  placementBonus(around0, around1, around2) {
    const code = this.bonusCodes[(around0 * 6 + around1) * 6 + around2];
    return code === 0 ? null : this.bonuses[code - 1];
  }
}

/** The values of RULES.md, as the Python engine's DEFAULT_RULESET holds them. */
export const DEFAULT_RULESET = new Ruleset(rulesetDocument);
