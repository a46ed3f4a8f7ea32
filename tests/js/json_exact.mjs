// A JSON reader that keeps what JSON.parse loses, for reading the golden vectors.
//
// The Python engine (which wrote the vectors) reads `1.0` or `1e3` as a float, never an
// int, and Python's json module also writes NaN and Infinity. JSON.parse turns `1.0`
// into the integer 1 and refuses NaN. So that the port is judged on the very values
// the Python engine saw, numbers written with a fraction or an exponent, and NaN and
// the infinities, come back as JsonFloat objects: not integers, just as in Python.
// A JsonFloat is a Number object, which is how the rules engine is told "a float" (see
// shown() in challenges/static/challenges/rules/errors.js): it reads one as Python
// reads a float, so its error details name it as the Python engine does.

export class JsonFloat extends Number {
  constructor(text) {
    super(Number(text));
    this.text = text;
  }

  get value() {
    return this.valueOf();
  }

  toJSON() {
    return this.valueOf();
  }
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
const WORDS = [
  ["true", true],
  ["false", false],
  ["null", null],
  ["NaN", () => new JsonFloat("NaN")],
  ["Infinity", () => new JsonFloat("Infinity")],
  ["-Infinity", () => new JsonFloat("-Infinity")],
];

export function parseJsonExact(text) {
  let i = 0;

  const fail = (what) => {
    throw new SyntaxError(`${what} at offset ${i}`);
  };
  const skipSpace = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i += 1;
  };
  const expect = (ch) => {
    skipSpace();
    if (text[i] !== ch) fail(`expected ${ch}`);
    i += 1;
  };

  function string() {
    const start = i;
    i += 1;
    while (i < text.length && text[i] !== '"') {
      i += text[i] === "\\" ? 2 : 1;
    }
    if (i >= text.length) fail("unterminated string");
    i += 1;
    return JSON.parse(text.slice(start, i));
  }

  function value() {
    skipSpace();
    const ch = text[i];
    if (ch === "{") {
      i += 1;
      const object = {};
      skipSpace();
      if (text[i] === "}") {
        i += 1;
        return object;
      }
      for (;;) {
        skipSpace();
        if (text[i] !== '"') fail("expected a key");
        const key = string();
        expect(":");
        // An own property even for "__proto__", as JSON.parse does it.
        Object.defineProperty(object, key, { value: value(), enumerable: true, writable: true, configurable: true });
        skipSpace();
        if (text[i] === ",") {
          i += 1;
          continue;
        }
        expect("}");
        return object;
      }
    }
    if (ch === "[") {
      i += 1;
      const list = [];
      skipSpace();
      if (text[i] === "]") {
        i += 1;
        return list;
      }
      for (;;) {
        list.push(value());
        skipSpace();
        if (text[i] === ",") {
          i += 1;
          continue;
        }
        expect("]");
        return list;
      }
    }
    if (ch === '"') {
      return string();
    }
    for (const [word, result] of WORDS) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return typeof result === "function" ? result() : result;
      }
    }
    NUMBER.lastIndex = i;
    const match = NUMBER.exec(text);
    if (match === null) fail("unexpected character");
    i = NUMBER.lastIndex;
    const literal = match[0];
    return match[1] === undefined && match[2] === undefined ? Number(literal) : new JsonFloat(literal);
  }

  const result = value();
  skipSpace();
  if (i !== text.length) fail("trailing characters");
  return result;
}
