// The greedy choice of a phrase book, shared by server/scripts/log-phrases.ts and legal-phrases.ts.

export interface GreedyBook {
  /** The candidates. */
  pool: string[];
  /** The texts the candidates are scored on. */
  sample: string[];
  /** The most phrases the book may hold, and the most taken in one round. */
  max: number;
  perRound: number;
  /** What a phrase costs on the wire with a book of this many phrases. */
  phraseCost: (bookLength: number) => number;
  /** What a candidate's text costs. */
  size: (candidate: string) => number;
  /** What a book leaves literal of the sample (a NUL between the pieces a phrase cut apart). */
  literal: (book: string[]) => string[];
}

/**
 * Each round scores every candidate by its occurrences in what the book so far leaves literal times what
 * it saves, and takes the best few at once (rescoring after each would be exact and slow); a candidate
 * that overlaps one taken in the same round waits for the next (its score falls once the other is in).
 * Gives the book and what it leaves literal of the sample.
 */
export function greedyBook(o: GreedyBook): { book: string[]; literal: string[] } {
  const book: string[] = [];
  let literal = o.sample;
  const scoreOf = (c: string) => {
    let n = 0;
    for (const text of literal) for (let i = text.indexOf(c); i >= 0; i = text.indexOf(c, i + c.length)) n++;
    return n * (o.size(c) - o.phraseCost(book.length));
  };
  let pool = o.pool;
  while (book.length < o.max && pool.length) {
    const scored = pool.map((c) => [c, scoreOf(c)] as const).filter(([, s]) => s > 0).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    if (!scored.length) break;
    const taken: string[] = [];
    const rest: string[] = [];
    for (const [c] of scored) {
      if (taken.length < o.perRound && !taken.some((t) => t.includes(c) || c.includes(t))) taken.push(c);
      else rest.push(c);
    }
    book.push(...taken);
    pool = rest;
    literal = o.literal(book);
  }
  return { book, literal };
}
