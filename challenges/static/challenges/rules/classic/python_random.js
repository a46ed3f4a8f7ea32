// Python's random.Random, seeded with a string, bit for bit: the deal of a classic round
// and the computers' choices are seeded this way on the server (triominos/classic/), and
// an offline game must deal and play as the server would from the same seed.
//
// Python 3 seeds from a str with the integer of its UTF-8 bytes followed by their
// SHA-512, cut into 32-bit words from the least significant, fed to MT19937's
// init_by_array. random() takes 27 + 26 bits of two outputs; getrandbits(k <= 32) the
// top k bits of one; randbelow rejects draws of n's bit length until one is below n;
// shuffle and choices are Lib/random.py's (Python 3.11, unchanged since 3.2 for these).

import { sha512 } from "./sha512.js";

const N = 624;
const M = 397;

function seedWords(text) {
  const encoded = new TextEncoder().encode(text);
  const bytes = new Uint8Array(encoded.length + 64);
  bytes.set(encoded);
  bytes.set(sha512(encoded), encoded.length);
  let first = 0;
  while (first < bytes.length - 1 && bytes[first] === 0) first += 1;
  const words = [];
  for (let end = bytes.length; end > first; end -= 4) {
    let word = 0;
    for (let i = Math.max(first, end - 4); i < end; i += 1) word = ((word << 8) | bytes[i]) >>> 0;
    words.push(word);
  }
  return words.length ? words : [0];
}

export class PythonRandom {
  /** A generator in the state Python's random.Random(`seed`) starts in (`seed` a string). */
  constructor(seed) {
    if (typeof seed !== "string") throw new TypeError("PythonRandom is seeded with a string");
    this._mt = new Uint32Array(N);
    this._index = N;
    this._initByArray(seedWords(seed));
  }

  _initGenrand(seed) {
    const mt = this._mt;
    mt[0] = seed >>> 0;
    for (let i = 1; i < N; i += 1) {
      const previous = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (Math.imul(1812433253, previous) + i) >>> 0;
    }
  }

  _initByArray(key) {
    const mt = this._mt;
    this._initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k -= 1) {
      const previous = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(previous, 1664525)) + key[j] + j) >>> 0;
      i += 1;
      j += 1;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k -= 1) {
      const previous = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(previous, 1566083941)) - i) >>> 0;
      i += 1;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
    }
    mt[0] = 0x80000000;
    this._index = N;
  }

  _twist() {
    const mt = this._mt;
    for (let k = 0; k < N; k += 1) {
      const y = (mt[k] & 0x80000000) | (mt[(k + 1) % N] & 0x7fffffff);
      mt[k] = mt[(k + M) % N] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
    }
    this._index = 0;
  }

  /** The next 32-bit output of MT19937 (genrand_uint32). */
  uint32() {
    if (this._index >= N) this._twist();
    let y = this._mt[this._index];
    this._index += 1;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** A float in [0, 1) with 53 random bits, as random.random(). */
  random() {
    const a = this.uint32() >>> 5;
    const b = this.uint32() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }

  /** An integer of `k` random bits, 0 <= k <= 32. */
  getrandbits(k) {
    if (!Number.isInteger(k) || k < 0 || k > 32) throw new RangeError(`getrandbits takes 0 to 32 bits here, not ${k}`);
    return k === 0 ? 0 : this.uint32() >>> (32 - k);
  }

  /** An integer in [0, n), as random._randbelow (n from 1 to 2 ** 32 - 1). */
  randbelow(n) {
    const k = 32 - Math.clz32(n); // n.bit_length()
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }

  /** Shuffles `items` in place, as random.shuffle. */
  shuffle(items) {
    for (let i = items.length - 1; i > 0; i -= 1) {
      const j = this.randbelow(i + 1);
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  }

  /** One item of `population` picked with `weights`, as random.choices(...)[0]. */
  choice(population, weights) {
    if (population.length === 0 || weights.length !== population.length) {
      throw new RangeError("choice needs as many weights as items, and at least one");
    }
    const cumulative = [];
    let total = 0;
    for (const weight of weights) {
      total += weight;
      cumulative.push(total);
    }
    if (!(total > 0) || !Number.isFinite(total)) throw new RangeError("total of weights must be greater than zero");
    const x = this.random() * total;
    // bisect_right(cumulative, x, 0, n - 1)
    let low = 0;
    let high = population.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (x < cumulative[middle]) high = middle;
      else low = middle + 1;
    }
    return population[low];
  }
}
