// The error codes of RULES.md, in precedence order, the placement error, and `shown`,
// which quotes a client's value in an error detail exactly as the Python engine does.
// Mirrors triominos/errors.py; the codes themselves come from ruleset.json.

import rulesetDocument from "./ruleset.json" with { type: "json" };

/**
 * RULES.md's table in its order of precedence, then the two refusals of a whole log:
 * the Python engine's ERROR_CODES, as ruleset.json carries them.
 */
export const ERROR_CODES = Object.freeze(errorCodesRead(rulesetDocument.error_codes));

function errorCodesRead(codes) {
  if (!Array.isArray(codes) || codes.length === 0 || !codes.every((code) => typeof code === "string")) {
    throw new RangeError(`ruleset: error_codes must be a list of codes, not ${JSON.stringify(codes)}`);
  }
  return [...codes];
}

/** The codes a move can get: a move breaking several rules gets the first that applies. */
export const MOVE_ERROR_CODES = Object.freeze(ERROR_CODES.slice(0, ERROR_CODES.indexOf("corner_mismatch") + 1));

/** The codes Board.check answers (the rest concern the log, the clock and the tray). */
export const BOARD_ERROR_CODES = Object.freeze(MOVE_ERROR_CODES.slice(MOVE_ERROR_CODES.indexOf("bad_rotation")));

/** A placement the board refuses: `code` from BOARD_ERROR_CODES, `detail` for a human. */
export class PlacementError extends Error {
  constructor(code, detail) {
    super(detail);
    this.name = "PlacementError";
    this.code = code;
    this.detail = detail;
  }
}

// --- shown: Python's reprlib, as errors.py configures it ---------------------------
//
// The details are the server's words: a player reads the same sentence whichever
// engine refused the move, so values are quoted the Python way ('x', None, True).
// A caller that keeps JSON's floats apart from its integers (Python reads `1.0` as a
// float) passes them as Number objects (`new Number(1)`); everything here, like the
// replay's checks, reads a Number object as a float, never as an integer.

const MAX_STRING = 40;
const MAX_OTHER = 40;
const MAX_LONG = 40;
const MAX_LEVEL = 3;
const MAX_ITEMS = 4;
const BIG = 10 ** 18;
const FILL = "...";

/** True for a JavaScript value that stands for a Python float. */
export function isFloat(value) {
  return value instanceof Number || (typeof value === "number" && !Number.isInteger(value));
}

/** True for a JavaScript value that stands for a Python int (never a boolean). */
export function isInteger(value) {
  return typeof value === "number" && Number.isInteger(value);
}

function cut(text, limit) {
  const chars = Array.from(text);
  if (chars.length <= limit) {
    return text;
  }
  const i = Math.max(0, Math.floor((limit - 3) / 2));
  const j = Math.max(0, limit - 3 - i);
  return chars.slice(0, i).join("") + FILL + chars.slice(chars.length - j).join("");
}

// Python's str.isprintable(): not a control, format, surrogate, private-use,
// unassigned or separator character, the plain space excepted.
const UNPRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;
const ESCAPES = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

function hex(code, width) {
  return code.toString(16).padStart(width, "0");
}

/** Python's repr() of a str. */
export function pythonStringRepr(text) {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let body = "";
  for (const char of text) {
    const code = char.codePointAt(0);
    if (char === quote) {
      body += `\\${char}`;
    } else if (ESCAPES[char] !== undefined) {
      body += ESCAPES[char];
    } else if (code < 0x20 || code === 0x7f) {
      body += `\\x${hex(code, 2)}`;
    } else if (code < 0x7f || char === " " || !UNPRINTABLE.test(char)) {
      body += char;
    } else if (code <= 0xff) {
      body += `\\x${hex(code, 2)}`;
    } else if (code <= 0xffff) {
      body += `\\u${hex(code, 4)}`;
    } else {
      body += `\\U${hex(code, 8)}`;
    }
  }
  return quote + body + quote;
}

/** Python's repr() of a float: the shortest round-trip digits, Python's layout. */
export function pythonFloatRepr(number) {
  if (Number.isNaN(number)) return "nan";
  if (number === Infinity) return "inf";
  if (number === -Infinity) return "-inf";
  if (number === 0) return Object.is(number, -0) ? "-0.0" : "0.0";
  const [mantissa, exponentText] = number.toExponential().split("e");
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith("-");
  const digits = mantissa.replace("-", "").replace(".", "");
  const sign = negative ? "-" : "";
  if (exponent < -4 || exponent >= 16) {
    const fraction = digits.length > 1 ? `.${digits.slice(1)}` : "";
    const power = `${exponent < 0 ? "-" : "+"}${String(Math.abs(exponent)).padStart(2, "0")}`;
    return `${sign}${digits[0]}${fraction}e${power}`;
  }
  if (exponent < 0) {
    return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
  }
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, "0");
  const fraction = digits.slice(exponent + 1) || "0";
  return `${sign}${whole}.${fraction}`;
}

function integerRepr(number) {
  if (-BIG < number && number < BIG) {
    return cut(String(number), MAX_LONG);
  }
  const bits = BigInt(Math.abs(number)).toString(2).length;
  return `a ${number < 0 ? "negative " : ""}${bits}-bit integer`;
}

// Python sorts str keys by code point; JavaScript's default sort compares UTF-16 units.
function compareCodePoints(left, right) {
  const a = Array.from(left);
  const b = Array.from(right);
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    const difference = a[i].codePointAt(0) - b[i].codePointAt(0);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

function reprAt(value, level) {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "string") {
    const head = pythonStringRepr(Array.from(value).slice(0, MAX_STRING).join(""));
    if (Array.from(head).length <= MAX_STRING) {
      return head;
    }
    const chars = Array.from(value);
    const i = Math.max(0, Math.floor((MAX_STRING - 3) / 2));
    const j = Math.max(0, MAX_STRING - 3 - i);
    const quoted = Array.from(pythonStringRepr(chars.slice(0, i).join("") + chars.slice(chars.length - j).join("")));
    return quoted.slice(0, i).join("") + FILL + quoted.slice(quoted.length - j).join("");
  }
  if (isFloat(value)) return cut(pythonFloatRepr(Number(value)), MAX_OTHER);
  if (isInteger(value)) return integerRepr(value);
  if (Array.isArray(value)) {
    if (level <= 0 && value.length > 0) return `[${FILL}]`;
    const pieces = value.slice(0, MAX_ITEMS).map((item) => reprAt(item, level - 1));
    if (value.length > MAX_ITEMS) pieces.push(FILL);
    return `[${pieces.join(", ")}]`;
  }
  if (typeof value === "object") {
    const keys = Object.keys(value).sort(compareCodePoints);
    if (keys.length === 0) return "{}";
    if (level <= 0) return `{${FILL}}`;
    const pieces = keys
      .slice(0, MAX_ITEMS)
      .map((key) => `${reprAt(key, level - 1)}: ${reprAt(value[key], level - 1)}`);
    if (keys.length > MAX_ITEMS) pieces.push(FILL);
    return `{${pieces.join(", ")}}`;
  }
  return cut(String(value), MAX_OTHER);
}

/**
 * `value` as an error detail quotes it: short, whatever the client sent, and written
 * as Python writes it (strings in quotes, long strings, lists and integers cut or
 * described), so both engines give the same detail.
 */
export function shown(value) {
  return reprAt(value, MAX_LEVEL);
}
