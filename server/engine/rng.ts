// A small seeded PRNG (sfc32) whose whole state is four uint32 numbers kept in the game state,
// so a game replays exactly from its seed and commands.

export type RngState = [number, number, number, number];

export function seedRng(seed: number): RngState {
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
