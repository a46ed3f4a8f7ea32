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
// load, rather than played with `undefined`. (The classic game's fields come along too,
// unchecked: nothing in the browser plays it.)
// Each bonus's value is the field named after it (`bridge` -> `bridge_bonus`).
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
];

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
}

/** The values of RULES.md, as the Python engine's DEFAULT_RULESET holds them. */
export const DEFAULT_RULESET = new Ruleset(rulesetDocument);
