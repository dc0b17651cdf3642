// The answers in advance on the wire (shared/wire/answers.ts): a timed pass's `passAt` travels apart
// from the answers, and the reader gives the table's string back as it was.
import { describe, expect, it } from "vitest";
import { decodeAnswers, encodeAnswers } from "../../shared/wire/index.ts";
import { DEFAULT_ANSWERS } from "../../server/table/standing-answers.ts";

describe("answers in advance on the wire", () => {
  const plain = JSON.stringify(DEFAULT_ANSWERS);
  const timed = JSON.stringify({ ...DEFAULT_ANSWERS, passAt: 1_796_000_123_456 });

  it("sends passAt apart, so the answers stay the same string while timed passes come and go", () => {
    expect(encodeAnswers(plain)).toEqual({ answers: plain, passAt: 0 });
    expect(encodeAnswers(timed)).toEqual({ answers: plain, passAt: 1_796_000_123_456 });
  });

  it("reads back the table's string, character for character", () => {
    for (const sent of [plain, timed, "", JSON.stringify({ ...DEFAULT_ANSWERS, byAbility: { "eiko-sasaki": { round: 2 } }, passAt: 5 })]) {
      const w = encodeAnswers(sent);
      expect(decodeAnswers(w.answers, w.passAt)).toBe(sent);
    }
    expect(decodeAnswers(plain, undefined)).toBe(plain); // an older server sends no passAt
  });
});
