// The game log as a client holds it: it travels as `log` messages beside the state (a history on every
// join and reconnection, then the lines each change wrote, numbered) and `event` messages (your seat's
// private lines). Both the client and the tests read it through this, so a line is never held twice.
import type { ServerMessages } from "../room-protocol.ts";
import { decodeLogLine, decodeLogMessage, type LogText } from "./log-codec.ts";

export class GameLogReader {
  /** The public lines held, oldest first; the first one is line number `from`. */
  lines: string[] = [];
  from = 0;
  /** Your seat's private lines, oldest first. */
  privateLines: string[] = [];
  /** How many lines of each kind are kept (the server's history holds 200). */
  private readonly keep: number;

  constructor(keep = Infinity) {
    this.keep = keep;
  }

  /**
   * Reads a `log` message and returns the public lines it added: none for a history (it replaces what
   * was held), else the lines numbered after those held (earlier ones came with the history).
   */
  read(wire: ServerMessages["log"] | LogText): { from: number; lines: string[] } {
    const m = decodeLogMessage(wire);
    if (m.history) {
      this.lines = [...m.lines];
      this.from = m.from;
      this.privateLines = [...(m.private ?? [])];
      return { from: m.from + m.lines.length, lines: [] };
    }
    const skip = Math.max(0, this.from + this.lines.length - m.from);
    const fresh = m.lines.slice(skip);
    const all = [...this.lines, ...fresh];
    const dropped = Math.max(0, all.length - this.keep);
    this.from += dropped;
    this.lines = dropped > 0 ? all.slice(dropped) : all;
    return { from: m.from + skip, lines: fresh };
  }

  /** Reads an `event` message: a private line of your seat's. */
  readEvent(e: ServerMessages["event"]): void {
    const all = [...this.privateLines, decodeLogLine(e.text)];
    this.privateLines = all.length > this.keep ? all.slice(all.length - this.keep) : all;
  }
}
