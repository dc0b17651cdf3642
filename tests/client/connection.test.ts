// What the client says when a join fails, and how often it tries to come back (client/src/net/reconnect.ts).
import { describe, expect, it } from "vitest";
import { LONG_OUTAGE_MS, RETRY_MAX_MS, RETRY_SLOW_MS, joinProblem, retryDelay } from "../../client/src/net/reconnect.ts";
import { ApiError } from "../../client/src/net/api.ts";

const CODE = "K7Q2Z-PMX4H";

describe("a failed join, as people read it", () => {
  it("never shows the SDK's own message or a room id", () => {
    for (const e of [
      Object.assign(new Error('room "t8IiinSHw" not found'), { code: 522 }),
      Object.assign(new Error("seat reservation expired."), { code: 524 }),
      new TypeError("Failed to fetch"),
      "a thrown string",
      null,
    ]) {
      const p = joinProblem(e, CODE);
      expect(p.final).toBe(false);
      expect(p.message).toBe(`Table ${CODE} could not be reached just now. Try again in a moment.`);
    }
  });

  it("keeps the room's own refusal, a sentence, and stops trying", () => {
    const p = joinProblem(Object.assign(new Error("That seat token is not valid at this table."), { code: 526 }), CODE);
    expect(p).toEqual({ final: true, message: "That seat token is not valid at this table." });
    expect(joinProblem(new ApiError("unknown-code", "No table has that invite code."), CODE).final).toBe(true);
  });

  it("tries again after a limit, saying so", () => {
    const p = joinProblem(Object.assign(new Error("Too many seat requests from your address: try again in 15 s."), { code: 429 }), CODE);
    expect(p.final).toBe(false);
    expect(p.message).toContain("Too many seat requests");
  });
});

describe("tries to come back", () => {
  it("quickly at first, at most RETRY_MAX_MS apart (give or take a fifth), then slowly after a long outage", () => {
    for (let i = 0; i < 50; i++) {
      expect(retryDelay(1, 0)).toBeLessThan(RETRY_MAX_MS / 2);
      for (let n = 1; n < 40; n++) expect(retryDelay(n, LONG_OUTAGE_MS / 2)).toBeLessThanOrEqual(RETRY_MAX_MS * 1.2);
      expect(retryDelay(5, LONG_OUTAGE_MS * 2)).toBeGreaterThanOrEqual(RETRY_SLOW_MS * 0.8);
    }
  });
});
