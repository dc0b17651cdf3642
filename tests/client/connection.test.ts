// What the client says when a join fails, and how often it tries to come back (client/src/net/reconnect.ts).
import { describe, expect, it } from "vitest";
import { LONG_OUTAGE_MS, RESTORE_GRACE_S, RETRY_MAX_MS, RETRY_SLOW_MS, RETRY_UNKNOWN_MS, UNKNOWN_BEFORE_GONE, closedOnPurpose, joinProblem, keepTrying, retryDelay, type Outcome } from "../../client/src/net/reconnect.ts";
import { ApiError } from "../../client/src/net/api.ts";
import { SEAT_PLAYED_ELSEWHERE } from "../../shared/seat-elsewhere.ts";

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

describe("a close on purpose", () => {
  it("says the seat is played elsewhere, and that this browser may take it back, when another page opened it", () => {
    expect(closedOnPurpose(4000, SEAT_PLAYED_ELSEWHERE, false)).toEqual({ reason: SEAT_PLAYED_ELSEWHERE, playedElsewhere: true });
    // a signed-out device no longer holds the seat: no way back here
    expect(closedOnPurpose(4000, "This device was signed out of the seat by its owner.", false))
      .toEqual({ reason: "This device was signed out of the seat by its owner.", playedElsewhere: false });
    expect(closedOnPurpose(1000, undefined, false)).toEqual({ reason: "You left the table.", playedElsewhere: false });
    expect(closedOnPurpose(4000, SEAT_PLAYED_ELSEWHERE, true)?.playedElsewhere).toBe(false);
    // any other close: the page comes back by itself
    expect(closedOnPurpose(4001, SEAT_PLAYED_ELSEWHERE, false)).toBeNull();
    expect(closedOnPurpose(1006, "", false)).toBeNull();
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

describe("the loop that comes back to a table", () => {
  /** A loop whose tries answer `outcomes` in turn; it records each pause and each try. */
  function loop(outcomes: Outcome[], opts: { uptime?: number | null; offlineTries?: number; closeAfter?: number } = {}) {
    const pauses: number[] = [];
    let tries = 0;
    let offline = opts.offlineTries ?? 0;
    const run = keepTrying({
      code: CODE,
      closed: () => opts.closeAfter !== undefined && pauses.length >= opts.closeAfter,
      downSince: () => Date.now(),
      pause: async (ms) => { pauses.push(ms); },
      online: () => offline-- <= 0,
      tryOnce: async () => outcomes[Math.min(tries++, outcomes.length - 1)]!,
      uptime: async () => (opts.uptime === undefined ? 3600 : opts.uptime),
    });
    return run.then((end) => ({ end, pauses, tries: () => tries }));
  }

  it("tries at once, then after growing pauses, until a try is back", async () => {
    const { end, pauses, tries } = await loop([{ kind: "later" }, { kind: "later" }, { kind: "later" }, { kind: "back" }]);
    expect(end).toEqual({ kind: "back" });
    expect(tries()).toBe(4);
    expect(pauses).toHaveLength(3);
    for (const ms of pauses) expect(ms).toBeLessThanOrEqual(RETRY_MAX_MS * 1.2);
    expect(pauses[2]!).toBeGreaterThan(pauses[0]!);
  });

  it("stops at once when a try finds the table gone, with its sentence", async () => {
    const { end, tries } = await loop([{ kind: "gone", message: "The game ended while you were away." }]);
    expect(end).toEqual({ kind: "gone", message: "The game ended while you were away." });
    expect(tries()).toBe(1);
  });

  it("counts an unknown code as gone only after several answers, apart, from a server up long enough", async () => {
    const up = await loop([{ kind: "unknown" }], { uptime: RESTORE_GRACE_S });
    expect(up.end).toEqual({ kind: "gone", message: `Table ${CODE} is no longer open: the server does not know it any more.` });
    expect(up.tries()).toBe(UNKNOWN_BEFORE_GONE);
    for (const ms of up.pauses) expect(ms).toBeGreaterThanOrEqual(RETRY_UNKNOWN_MS);
    // a server just started may not have restored the game yet: the page keeps trying (until it closes)
    const fresh = await loop([{ kind: "unknown" }], { uptime: RESTORE_GRACE_S - 1, closeAfter: 10 });
    expect(fresh.end).toEqual({ kind: "closed" });
    expect(fresh.tries()).toBe(10);
    // an answer in between starts the count again
    const between = await loop([{ kind: "unknown" }, { kind: "unknown" }, { kind: "later" }, { kind: "unknown" }, { kind: "unknown" }, { kind: "back" }]);
    expect(between.end).toEqual({ kind: "back" });
  });

  it("skips tries while the browser is offline, and stops when the page closes", async () => {
    const { end, tries, pauses } = await loop([{ kind: "back" }], { offlineTries: 3 });
    expect(end).toEqual({ kind: "back" });
    expect(tries()).toBe(1);
    expect(pauses).toHaveLength(3);
    const closed = await loop([{ kind: "later" }], { closeAfter: 2 });
    expect(closed.end).toEqual({ kind: "closed" });
    expect(closed.tries()).toBe(2);
  });
});
