// What the table's talk and log messages do to what a page holds (client/src/net/heard.ts): the order
// each line arrived in, what counts as new after a reconnection, and the log's batches for the reports.
import { describe, expect, it } from "vitest";
import { chatHistory, chatLine, logBatches, whisper, whisperList, type Held, type LogBatch } from "../../client/src/net/heard.ts";
import type { ChatLine } from "../../shared/room-protocol.ts";
import type { Whisper } from "../../shared/wire/index.ts";

const line = (seq: number): ChatLine => ({ seq, text: `line ${seq}` }) as unknown as ChatLine;
const w = (at: number, text = "hi"): Whisper => ({ from: 0, to: 1, at, text }) as unknown as Whisper;
const numbers = <T>(h: Held<T>) => h.lines.map((l) => l.n);

describe("chat", () => {
  it("a first history is not new; a return's lines past the last held are, in order", () => {
    const first = chatHistory({ lines: [], arrivals: 5 }, [line(1), line(2)], false);
    expect(numbers(first)).toEqual([0, 0]);
    expect(first.arrivals).toBe(5);
    const back = chatHistory(first, [line(1), line(2), line(3), line(4)], true);
    expect(numbers(back)).toEqual([0, 0, 6, 7]);
    expect(back.arrivals).toBe(7);
  });

  it("a line at or below the last held is dropped; a new one is numbered and the oldest go past `keep`", () => {
    const held: Held<ChatLine> = { lines: [{ ...line(1), n: 1 }, { ...line(2), n: 2 }], arrivals: 2 };
    expect(chatLine(held, line(2), 10)).toBeNull();
    expect(chatLine(held, line(1), 10)).toBeNull();
    const next = chatLine(held, line(3), 2)!;
    expect(next.lines.map((l) => [l.seq, l.n])).toEqual([[2, 2], [3, 3]]);
    expect(next.arrivals).toBe(3);
  });
});

describe("private messages", () => {
  it("a list keeps the numbers of those held (the same sender, receiver, time and text); after a return the others are new", () => {
    const held = whisper({ lines: [], arrivals: 0 }, w(10));
    expect(numbers(held)).toEqual([1]);
    expect(numbers(whisperList(held, [w(10), w(11)], false))).toEqual([1, 0]);
    const back = whisperList(held, [w(10), w(10, "other"), w(12)], true);
    expect(numbers(back)).toEqual([1, 2, 3]);
    expect(back.arrivals).toBe(3);
  });
});

describe("log batches for the phase reports", () => {
  const none: Held<LogBatch> = { lines: [], arrivals: 4 };
  const board = { supply: { energy: 2 }, demand: "d1" };

  it("a history gives the lines since the last Production as batch 0, once, and nothing without one", () => {
    const lines = ["Round 2.", "Production Phase.", "Guayaquil produces 1 energy.", "Event Phase."];
    const h = logBatches(none, { from: 10, lines, history: true }, { from: 10, lines }, null, 30);
    expect(h.lines).toEqual([{ n: 0, from: 11, lines: lines.slice(1), supplyBefore: null, demandBefore: "" }]);
    expect(h.arrivals).toBe(4);
    expect(logBatches(h, { from: 10, lines, history: true }, { from: 10, lines }, board, 30)).toBe(h);
    expect(logBatches(none, { from: 0, lines: ["Round 1."], history: true }, { from: 0, lines: ["Round 1."] }, board, 30)).toBe(none);
  });

  it("fresh lines are a new batch with the board before them, numbered in arrival order, the last `keep` kept", () => {
    let held = none;
    for (let i = 0; i < 4; i++) held = logBatches(held, { from: i, lines: [`line ${i}`] }, { from: i, lines: [`line ${i}`] }, board, 3);
    expect(held.lines.map((b) => b.n)).toEqual([6, 7, 8]);
    expect(held.lines.at(-1)).toEqual({ n: 8, from: 3, lines: ["line 3"], supplyBefore: board.supply, demandBefore: "d1" });
    // lines read already (a repeat), or before the page knows the board, start no batch
    expect(logBatches(held, { from: 3, lines: ["line 3"] }, { from: 4, lines: [] }, board, 3)).toBe(held);
    expect(logBatches(none, { from: 0, lines: ["x"] }, { from: 0, lines: ["x"] }, null, 3)).toBe(none);
  });
});
