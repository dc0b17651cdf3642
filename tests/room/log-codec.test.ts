// The game log's wire form (shared/wire/log-codec.ts): every line a game writes reads back exactly, in
// far fewer bytes than its text, and what is not a line never throws.
import { describe, expect, it } from "vitest";
import { pack, unpack } from "msgpackr";
import { playGame } from "../../server/sim/play.ts";
import { makeRandom, randomCommand } from "../../server/bots/random.ts";
import { decodeLogLine, decodeLogMessage, encodeLogLine, GameLogReader, wireLogMessage, type LogText } from "../../shared/wire/index.ts";

function linesOf(players: 4 | 5 | 6, seed: number, random: boolean): string[] {
  const lines: string[] = [];
  const r = makeRandom(seed);
  playGame(players, seed, undefined, random ? (_v, legal) => randomCommand(legal, r) : undefined, { check: null, observe: (_s, events) => { for (const e of events) lines.push(e.text); } });
  return lines;
}

describe("the game log's wire form", () => {
  it("reads every line of bot and random games back exactly, in under half the bytes of their text", () => {
    // Seeds the phrase book was not made from (server/scripts/log-phrases.ts uses 1-8 and 101-108).
    const lines = [...linesOf(6, 901, false), ...linesOf(5, 902, true), ...linesOf(4, 903, false)];
    expect(lines.length).toBeGreaterThan(500);
    let text = 0;
    let wire = 0;
    for (const line of lines) {
      const encoded = encodeLogLine(line);
      expect(decodeLogLine(encoded)).toBe(line);
      // Through MessagePack, as the socket carries it.
      expect(decodeLogLine(unpack(pack(encoded)))).toBe(line);
      text += pack(line).byteLength;
      wire += pack(encoded).byteLength;
    }
    expect(wire).toBeLessThan(text / 2);
  });

  it("sends a line with no phrase of the book as its text, and names, numbers and odd characters unchanged", () => {
    for (const line of ["", "x", "Zq zq.", "Ünïcødé → 🙂", "Weyland Consortium does not counter. 🙂 Weyland Consortium"]) {
      expect(decodeLogLine(encodeLogLine(line))).toBe(line);
    }
    expect(encodeLogLine("Zq zq.")).toBe("Zq zq.");
    expect(typeof encodeLogLine("Weyland Consortium does not counter.")).not.toBe("string");
  });

  it("carries a history and a change's lines, numbered, through the messages", () => {
    // As the table sends them (server/table/talk.ts): each line put in its wire form, then the message.
    const encodeLogMessage = (m: LogText) => wireLogMessage({ from: m.from, lines: m.lines.map(encodeLogLine), history: m.history, private: m.private?.map(encodeLogLine) });
    const history = { from: 3, lines: ["Haas-Bioroid does not counter.", "hello"], history: true as const, private: ["You drew nothing."] };
    expect(decodeLogMessage(encodeLogMessage(history))).toEqual(history);
    const fresh = { from: 5, lines: ["Jinteki has no cards and abstains."] };
    expect(decodeLogMessage(encodeLogMessage(fresh))).toEqual(fresh);
    const reader = new GameLogReader();
    reader.read(encodeLogMessage(history));
    expect(reader.read(encodeLogMessage(fresh))).toEqual(fresh);
    expect(reader.lines).toEqual([...history.lines, ...fresh.lines]);
    expect(reader.privateLines).toEqual(history.private);
  });

  it("reads what is not a line as nothing, without throwing", () => {
    for (const bad of [null, undefined, 7, {}, [1e9, -1, 0.5, null, {}, ["x"]], [true]]) expect(() => decodeLogLine(bad)).not.toThrow();
    expect(decodeLogLine([1e9, null])).toBe("");
  });
});
