// The last lines of a log, kept compactly for a live room's (re)joins: every CHUNK lines become one
// string (one string's header and one slot instead of CHUNK of each), the newest lines wait apart until
// they make a chunk. Reading them all back (a (re)join's history) splits the chunks again.

/** Lines per joined string. */
const CHUNK = 20;
/** Between two lines of a chunk: no log line holds it (names and chat cannot hold control characters). */
const SEP = "\u0000";

export class LastLines {
  private chunks: string[] = [];
  private tail: string[] = [];
  /** The first chunk's lines that are no longer among the last `keep` (always fewer than CHUNK). */
  private dropped = 0;

  private readonly keep: number;

  constructor(keep: number) {
    this.keep = keep;
    if (keep < CHUNK) throw new Error(`LastLines keeps at least ${CHUNK} lines`);
  }

  get length(): number {
    return this.chunks.length * CHUNK - this.dropped + this.tail.length;
  }

  push(line: string): void {
    this.tail.push(line.includes(SEP) ? line.replaceAll(SEP, "\uFFFD") : line);
    if (this.tail.length === CHUNK) {
      this.chunks.push(this.tail.join(SEP));
      this.tail = [];
    }
    const over = this.length - this.keep;
    if (over <= 0) return;
    this.dropped += over;
    while (this.dropped >= CHUNK) {
      this.chunks.shift();
      this.dropped -= CHUNK;
    }
  }

  /** The lines kept, oldest first (a new array). */
  lines(): string[] {
    const all: string[] = [];
    for (const chunk of this.chunks) for (const line of chunk.split(SEP)) all.push(line);
    for (const line of this.tail) all.push(line);
    return this.dropped ? all.slice(this.dropped) : all;
  }
}
