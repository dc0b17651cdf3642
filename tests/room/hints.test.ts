// Hints and the guide over the wire (server/table/guide.ts): a hint goes to the asking seat alone
// (its words never reach another player or a spectator), is rate-limited and validated; others read
// "X asked for a hint" as the table's setting says; a tutorial table starts with the first-game setup
// and pauses its bots on each new kind of moment until the people following the guide say "Got it", and a table
// that is no tutorial refuses the guide.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import type { Room as SDKRoom } from "@colyseus/sdk";
import type { ServerMessages } from "../../shared/room-protocol.ts";
import type { Command, LegalCommand } from "../../shared/protocol.ts";
import { bootServer, createTable, join, legalOf, recordWire, stateOf, until } from "./helpers.ts";
import type { NewAngelesRoom } from "../../server/rooms/NewAngelesRoom.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer(); });
afterAll(async () => colyseus.shutdown());

type Hint = ServerMessages["hint"];
function listen(client: SDKRoom) {
  const hints: Hint[] = [];
  const errors: { code: string; message: string }[] = [];
  client.onMessage("hint", (h: Hint) => hints.push(h));
  client.onMessage("error", (e: { code: string; message: string }) => errors.push(e));
  return { hints, errors };
}
/** The first option of the first decision the seat owes (trades left alone). */
function firstLegal(legal: LegalCommand[]): Command {
  const l = legal.find((x) => !x.type.startsWith("trade-"))!;
  switch (l.type) {
    case "choose": return { type: "choose", option: l.options[0]!.value };
    case "investment": return { type: "investment", keep: String(l.options[0]!.value) };
    case "offer": return l.cards.length ? { type: "offer", card: l.cards[0]! } : { type: "offer", emergency: l.emergency[0]! };
    case "counteroffer": return { type: "pass" };
    case "support": return { type: "abstain" };
    case "discard": return { type: "discard", cards: l.cards.from.slice(0, l.cards.min) };
    default: return { type: l.type } as Command;
  }
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("hints over the wire", () => {
  it("answer the asking seat alone, at most one a second, and others read only that a hint was asked", async () => {
    // two people and two bots; the bots wait long enough for the humans to ask at a decision
    const { code, roomId, room } = await createTable({ seats: 4, bots: 2, seed: 33, botDelayMs: 60_000 });
    const wire = recordWire(() => room as NewAngelesRoom);
    try {
      const alice = await join(colyseus, roomId, { code, name: "Alice" });
      const bob = await join(colyseus, roomId, { code, name: "Bob" });
      const spectator = await join(colyseus, roomId, { code, spectator: true });
      const a = listen(alice);
      const b = listen(bob);
      const s = listen(spectator);
      await until(() => stateOf(alice).status === "playing", 10_000, "the start");
      alice.send("hint", {});
      await until(() => a.hints.length === 1, 10_000, "Alice's hint");
      const hint = a.hints[0]!;
      expect(hint.action.length).toBeGreaterThan(3);
      // a second one at once is refused; a malformed one too; a spectator gets none
      alice.send("hint", {});
      alice.send("hint", { seat: 1 });
      spectator.send("hint", {});
      await until(() => a.errors.length === 2 && s.errors.length === 1, 5000, "the refusals");
      expect(a.errors.map((e) => e.code).sort()).toEqual(["bad-message", "too-many-hints"]);
      expect(s.errors[0]!.code).toBe("not-a-player");
      // the table is no tutorial: others read that Alice asked (and nothing of what she was told)
      await until(() => stateOf(bob).log.includes("Alice asked for a hint."), 5000, "the log line");
      expect(stateOf(spectator).log).toContain("Alice asked for a hint.");
      await sleep(300);
      expect(b.hints).toEqual([]);
      expect(s.hints).toEqual([]);
      // the guide is a tutorial table's only
      bob.send("guide", { action: "got-it" });
      await until(() => b.errors.length === 1, 5000, "the guide refusal");
      expect(b.errors[0]!.code).toBe("not-tutorial");
      // bytes: the hint's words reached Alice's connection and nobody else's
      const why = Buffer.from(hint.why.slice(0, 60));
      const to = (id: string) => wire.messages.filter((m) => m.sessionId === id).some((m) => m.bytes.includes(why));
      expect(to(alice.sessionId)).toBe(true);
      expect(to(bob.sessionId)).toBe(false);
      expect(to(spectator.sessionId)).toBe(false);
      // after the interval, another hint is answered
      await sleep(1100);
      alice.send("hint", {});
      await until(() => a.hints.length === 2, 10_000, "the next hint");
      for (const c of [alice, bob, spectator]) await c.leave();
    } finally {
      wire.stop();
    }
  }, 60_000);
});

describe("a tutorial table", () => {
  it("plays the first-game setup, pauses its bots on each new moment until 'Got it', and keeps hints quiet", async () => {
    const { code, roomId, room } = await createTable({ seats: 4, bots: 3, tutorial: true, seed: 5, stepSeconds: 30 });
    const r = room as NewAngelesRoom;
    expect(r.options.variant).toMatchObject({ corpAssignment: "order", setupInvestments: "draw-1" });
    expect(r.options.stepSeconds).toBe(0);
    const alice = await join(colyseus, roomId, { code, name: "Alice" });
    const a = listen(alice);
    await until(() => stateOf(alice).status === "playing", 10_000, "the start");
    expect(stateOf(alice).tutorial).toBe(true);
    expect(stateOf(alice).guideOn).toBe(true);
    await until(() => stateOf(alice).guideMoment === "moment:start", 5000, "the welcome");
    // Alice reads each explanation ("Got it") and plays her own decisions, until a bot owes one while the table is paused
    const seen: string[] = [];
    const botOwes = () => { const g = stateOf(alice).game; return g.pendingSeat > 0; };
    // Alice's view caught up with the table (on a busy machine a patch may take longer than a pause of the
    // loop: acting on the view before it would send a decision already made, refused "not-now")
    const caughtUp = () => (alice.state as any).seats.get("0")?.secret?.legal === (r as any).state.seats.get("0")?.secret?.legal
      && (alice.state as any).game?.moves === (r as any).state.game?.moves && (alice.state as any).guideMoment === (r as any).state.guideMoment;
    for (let i = 0; i < 200 && !(stateOf(alice).guideMoment && botOwes()); i++) {
      await until(caughtUp, 5000, "Alice's view of the table");
      const m = stateOf(alice).guideMoment;
      if (m && !seen.includes(m)) seen.push(m);
      if (m) alice.send("guide", { action: "got-it" });
      else if (stateOf(alice).game.pendingSeat === 0) alice.send("command", firstLegal(legalOf(alice)));
      await sleep(60);
    }
    expect(seen.slice(0, 2)).toEqual(["moment:start", "decision:general-draw"]);
    const paused = stateOf(alice).guideMoment;
    expect(paused).not.toBe("");
    expect(botOwes()).toBe(true);
    // the bots (no delay at all here) do not move while the explanation is open
    const moves = stateOf(alice).game.moves;
    await sleep(600);
    expect(stateOf(alice).game.moves).toBe(moves);
    expect(stateOf(alice).guideMoment).toBe(paused);
    for (let i = 0; i < 20 && stateOf(alice).game.moves === moves; i++) {
      if (stateOf(alice).guideMoment) alice.send("guide", { action: "got-it" });
      await sleep(100);
    }
    expect(stateOf(alice).game.moves).toBeGreaterThan(moves);
    // a hint at a tutorial table is nobody else's business: no log line
    alice.send("hint", {});
    await until(() => a.hints.length === 1, 10_000, "the hint");
    await sleep(200);
    expect(stateOf(alice).log).not.toContain("Alice asked for a hint.");
    // the guide off: no more pauses, and the game plays on to the end
    alice.send("guide", { action: "off" });
    await until(() => stateOf(alice).guideOn === false && stateOf(alice).guideMoment === "", 5000, "the guide off");
    expect(a.errors).toEqual([]);
    await alice.leave();
  }, 60_000);
  it("taught to friends: a moment waits for each person following the guide; one who leaves is no longer waited for", async () => {
    const { code, roomId } = await createTable({ seats: 4, bots: 2, tutorial: true, seed: 5 });
    const alice = await join(colyseus, roomId, { code, name: "Alice" });
    const ben = await join(colyseus, roomId, { code, name: "Ben" });
    const a = listen(alice);
    const b = listen(ben);
    await until(() => stateOf(alice).status === "playing", 20_000, "the start");
    await until(() => stateOf(alice).guideMoment === "moment:start", 5000, "the welcome");
    alice.send("guide", { action: "got-it", moment: "moment:start" });
    await sleep(400);
    expect(stateOf(alice).guideMoment).toBe("moment:start"); // Ben is still reading
    ben.send("guide", { action: "got-it", moment: "moment:start" });
    await until(() => stateOf(alice).guideMoment !== "moment:start", 5000, "the next moment once both have read");
    // Ben leaves the guide: the table still follows it for Alice, and no longer waits for Ben
    ben.send("guide", { action: "off" });
    await sleep(300);
    expect(stateOf(ben).guideOn).toBe(true);
    for (let i = 0; i < 5 && stateOf(alice).guideMoment; i++) {
      const m = stateOf(alice).guideMoment;
      alice.send("guide", { action: "got-it", moment: m });
      await until(() => stateOf(alice).guideMoment !== m, 5000, `${m} read by Alice alone`);
    }
    expect(stateOf(alice).guideMoment).toBe("");
    // Alice leaves too: nobody follows it, the guide is off; Ben reopens it
    alice.send("guide", { action: "off" });
    await until(() => stateOf(ben).guideOn === false, 5000, "the guide off for everyone");
    ben.send("guide", { action: "on" });
    await until(() => stateOf(ben).guideOn === true, 5000, "the guide on again");
    expect([...a.errors, ...b.errors]).toEqual([]);
    await alice.leave();
    await ben.leave();
  }, 60_000);
});
