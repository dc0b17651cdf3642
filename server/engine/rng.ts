// A small seeded PRNG (sfc32) whose whole state is four uint32 numbers kept in the game state,
// so a game replays exactly from its seed and commands.

export type RngState = [number, number, number, number];

/**
 * A game's seed: 128 bits written as 32 hex digits (what the server draws for every table), or a
 * whole number (tests and tools: `npm run simulate -- --seed S`), which gives the same games as ever.
 */
export type Seed = number | string;

/** A 128-bit seed: 32 hex digits. */
export const SEED_PATTERN = /^[0-9a-f]{32}$/;

export function isSeed(x: unknown): x is Seed {
  return (typeof x === "number" && Number.isInteger(x) && x >= 0 && x <= 0xffffffff) || (typeof x === "string" && SEED_PATTERN.test(x));
}

export function seedRng(seed: Seed): RngState {
  if (typeof seed === "string") return seedRng128(seed);
  // splitmix32 spreads any integer seed over the four words
  let x = seed >>> 0;
  const next = (): number => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  const r: RngState = [next(), next(), next(), next()];
  for (let i = 0; i < 12; i++) nextUint32(r); // warm up
  return r;
}

/** The four words of a 128-bit seed are the generator's state, warmed up like a numeric seed's. */
function seedRng128(seed: string): RngState {
  if (!SEED_PATTERN.test(seed)) throw new Error("A seed is a whole number or 32 hex digits.");
  const words = [0, 8, 16, 24].map((i) => Number.parseInt(seed.slice(i, i + 8), 16) >>> 0);
  const r: RngState = [words[0]!, words[1]!, words[2]!, words[3]!];
  for (let i = 0; i < 12; i++) nextUint32(r);
  return r;
}

/** Advances the state in place and returns a uint32. */
export function nextUint32(r: RngState): number {
  let [a, b, c, d] = r;
  const t = (((a + b) >>> 0) + d) >>> 0;
  d = (d + 1) >>> 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) >>> 0;
  c = ((c << 21) | (c >>> 11)) >>> 0;
  c = (c + t) >>> 0;
  r[0] = a >>> 0;
  r[1] = b;
  r[2] = c;
  r[3] = d;
  return t;
}

/** A uniform integer in 0..n-1. */
export function randInt(r: RngState, n: number): number {
  return Math.floor((nextUint32(r) / 4294967296) * n);
}

/** Fisher-Yates shuffle in place. */
export function shuffle<T>(r: RngState, arr: T[]): T[] {
  for (let i = arr.length - 1; i > 0; i--) {
    const j = randInt(r, i + 1);
    const t = arr[i]!;
    arr[i] = arr[j]!;
    arr[j] = t;
  }
  return arr;
}
