// The players' votes (server/table/votes.ts), apart from any table: who votes, how many yeses carry a
// vote, noes that sink it, expiry, one open vote at a time and the limit on opening them; then the
// table core carrying out a vote that passed (end now, cancel, pause and resume, a seat to a newcomer).
import { afterEach, describe, expect, it, vi } from "vitest";
import { VOTES_PER_SEAT_HOUR, VOTE_LIFETIME_MS, Votes, yesNeeded, type VoteFacts } from "../../server/table/votes.ts";
import { VoteMessage } from "../../shared/vote-protocol.ts";
import { openTable, seat, tables } from "./helpers.ts";

const T0 = Date.UTC(2026, 0, 5, 12);
const HOUR = 3600_000;
const facts = (over: Partial<VoteFacts> = {}): VoteFacts => ({
  people: [0, 1, 2], away: new Set(), pace: "turn-based", status: "playing", paused: false, now: T0, ...over,
});

describe("votes", () => {
  it("a unanimous vote carries on the last yes, and the opener's own yes counts", () => {
    const v = new Votes();
    expect(v.open(0, { act: "open", kind: "end" }, facts())).toBeNull();
    expect(v.view()).toMatchObject({ kind: "end", by: 0, yes: [0], no: [], needed: 3, voters: [0, 1, 2], expiresAt: T0 + VOTE_LIFETIME_MS["turn-based"] });
    expect(v.answer(1, true, T0)).toBeNull();
    expect(v.answer(2, true, T0)).toMatchObject({ result: "passed", vote: { yes: [0, 1, 2] } });
    expect(v.view()).toBeNull();
  });

  it("one no sinks a unanimous vote; a replacement needs two thirds of the others", () => {
    const v = new Votes();
    v.open(0, { act: "open", kind: "cancel" }, facts());
    expect(v.answer(2, false, T0)).toMatchObject({ result: "failed", vote: { no: [2] } });
    expect(yesNeeded("replace", 4)).toBe(3);
    expect(yesNeeded("replace", 3)).toBe(2);
    const people = [0, 1, 2, 3];
    expect(v.open(0, { act: "open", kind: "replace", seat: 3 }, facts({ people, away: new Set([3]) }))).toBeNull();
    expect(v.view()).toMatchObject({ voters: [0, 1, 2], needed: 2 });
    expect(v.answer(3, true, T0)).toMatchObject({ code: "not-a-voter" });
    expect(v.answer(1, true, T0)).toMatchObject({ result: "passed", vote: { seat: 3 } });
  });

  it("a seat that is not away cannot be replaced; a pause needs a turn-based table and a time ahead", () => {
    const v = new Votes();
    expect(v.open(0, { act: "open", kind: "replace", seat: 1 }, facts())).toMatchObject({ code: "not-away" });
    expect(v.open(0, { act: "open", kind: "pause", resumeAt: T0 + HOUR }, facts({ pace: "live" }))).toMatchObject({ code: "not-turn-based" });
    expect(v.open(0, { act: "open", kind: "pause", resumeAt: T0 - 1 }, facts())).toMatchObject({ code: "bad-time" });
    expect(v.open(0, { act: "open", kind: "pause" }, facts())).toMatchObject({ code: "bad-time" });
    expect(v.open(0, { act: "open", kind: "resume" }, facts())).toMatchObject({ code: "not-paused" });
    expect(v.open(0, { act: "open", kind: "end" }, facts({ status: "adjourned" }))).toMatchObject({ code: "not-playing" });
    expect(v.open(0, { act: "open", kind: "pause", resumeAt: T0 + HOUR }, facts({ status: "adjourned", paused: true }))).toMatchObject({ code: "not-playing" });
    expect(v.open(5, { act: "open", kind: "end" }, facts())).toMatchObject({ code: "not-a-voter" });
    expect(v.open(0, { act: "open", kind: "cancel" }, facts({ status: "adjourned", paused: true }))).toBeNull(); // a paused game may still be ended
  });

  it("one vote at a time; it expires after its lifetime (two minutes live) and cannot be answered then", () => {
    const v = new Votes();
    v.open(0, { act: "open", kind: "end" }, facts({ pace: "live" }));
    expect(v.open(1, { act: "open", kind: "cancel" }, facts())).toMatchObject({ code: "vote-open" });
    const end = T0 + VOTE_LIFETIME_MS.live;
    expect(v.expire(end - 1)).toBeNull();
    expect(v.answer(1, true, end)).toMatchObject({ code: "no-vote" });
    expect(v.expire(end)).toMatchObject({ result: "expired" });
    expect(v.open(1, { act: "open", kind: "cancel" }, facts({ now: end }))).toBeNull();
  });

  it("a seat opens at most VOTES_PER_SEAT_HOUR votes an hour, with a refusal that says when it may again", () => {
    const v = new Votes();
    for (let i = 0; i < VOTES_PER_SEAT_HOUR; i++) {
      expect(v.open(0, { act: "open", kind: "end" }, facts({ now: T0 + i * 60_000 }))).toBeNull();
      expect(v.answer(1, false, T0 + i * 60_000)).toMatchObject({ result: "failed" });
    }
    expect(v.open(0, { act: "open", kind: "end" }, facts({ now: T0 + 30 * 60_000 }))).toMatchObject({ code: "vote-limit", message: expect.stringContaining("13:00 UTC") });
    expect(v.open(1, { act: "open", kind: "end" }, facts({ now: T0 + 30 * 60_000 }))).toBeNull();
    v.answer(2, false, T0 + 30 * 60_000);
    expect(v.open(0, { act: "open", kind: "end" }, facts({ now: T0 + HOUR }))).toBeNull();
  });

  it("the message is checked whole: unknown kinds, keys and answers are refused", () => {
    expect(VoteMessage.safeParse({ act: "open", kind: "end" }).success).toBe(true);
    for (const bad of [{ act: "open", kind: "win" }, { act: "open", kind: "end", extra: 1 }, { act: "answer", yes: "yes" }, { act: "answer" }, { act: "open", kind: "replace", seat: 9 }, null, "end"]) {
      expect(VoteMessage.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe("a table carrying out a vote", () => {
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(tables.splice(0).map((t) => t.close()));
  });

  /** A turn-based table of three people and a bot, with its clock in the test's hands. */
  async function turnTable() {
    let now = T0;
    const t = await openTable({ seats: 4, bots: 1, pace: "turn-based", botDelayMs: 0 }, { clock: () => now });
    await seat(t.table, ["Ann", "Bo", "Cy"]);
    return { ...t, pass: (ms: number) => (now += ms), now: () => now };
  }

  it("ends the game now: the engine's result on the standings, filed in the store, and the log says the players did it", async () => {
    const { table, store, code } = await turnTable();
    expect(table.vote(0, { act: "open", kind: "end" })).toBeNull();
    expect(table.vote(1, { act: "answer", yes: true })).toBeNull();
    expect(table.vote(2, { act: "answer", yes: true })).toBeNull();
    await vi.waitFor(() => expect(table.status).toBe("finished"));
    expect(table.game!.result).toMatchObject({ reason: "vote" });
    expect(table.game!.result!.seats.map((s) => s.capital)).toEqual(table.game!.seats.map((s) => s.capital));
    expect(table.talk.gameLog.join("\n")).toMatch(/The players voted to end the game now with the current standings \(Ann, Bo, Cy said yes\)/);
    await vi.waitFor(async () => expect((await store.getGame(code))!.status).toBe("finished"));
    expect(((await store.getGame(code))!.result as { reason: string }).reason).toBe("vote");
  });

  it("cancels: nobody wins", async () => {
    const { table } = await turnTable();
    table.vote(2, { act: "open", kind: "cancel" });
    table.vote(0, { act: "answer", yes: true });
    table.vote(1, { act: "answer", yes: true });
    await vi.waitFor(() => expect(table.status).toBe("finished"));
    expect(table.game!.result).toMatchObject({ reason: "cancelled", winners: [] });
  });

  it("pauses: the banks stop and run again at the resume time; everyone may resume it sooner", async () => {
    const { table, pass, now } = await turnTable();
    const owing = table.game!.pending!.seat;
    pass(HOUR);
    table.vote(0, { act: "open", kind: "pause", resumeAt: now() + 48 * HOUR });
    table.vote(1, { act: "answer", yes: true });
    table.vote(2, { act: "answer", yes: true });
    await vi.waitFor(() => expect(table.status).toBe("adjourned"));
    const left = table.banks!.get(owing)!.bankMs;
    expect(table.banks!.get(owing)!.owedSince).toBeNull();
    expect(table.resume("wait")).toMatchObject({ code: "paused" });
    pass(24 * HOUR);
    expect(table.banks!.shown(owing)).toEqual({ leftMs: left });
    table.vote(1, { act: "open", kind: "resume" });
    table.vote(0, { act: "answer", yes: true });
    table.vote(2, { act: "answer", yes: true });
    await vi.waitFor(() => expect(table.status).toBe("playing"));
    expect(table.banks!.get(owing)).toMatchObject({ bankMs: left, owedSince: now() });
  });

  it("gives an away seat to a newcomer: its keys stop opening it, and it is open to the next to join", async () => {
    const { table } = await turnTable();
    const old = table.seats.get(2)!;
    const token = old.token!;
    table.seating.setBotControl(old, true);
    expect(table.vote(0, { act: "open", kind: "replace", seat: 2 })).toBeNull();
    expect(table.vote(1, { act: "answer", yes: true })).toBeNull();
    expect(table.seats.holds(token)).toBe(false);
    expect(table.seats.openSeat()?.seat).toBe(2);
  });
});
