// A standing answer for General draws (server/table/standing-answers.ts) over real sockets: a person says
// once "draw these types every round"; the answer is checked (zod: known types, at least one), travels to
// that person alone (no byte of it reaches another seat), the table then makes their General draws as
// their own command and tells them alone, and once withdrawn they are asked again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import type { Room as SDKRoom } from "@colyseus/sdk";
import { autoplay, bootServer, createTable, join, legalOf, recordWire, stateOf, until } from "./helpers.ts";
import { GENERAL_DRAW_PROMPT, type Command } from "../../shared/protocol.ts";
import type { ServerMessages } from "../../shared/room-protocol.ts";
import { decodeLogLine } from "../../shared/wire/log-codec.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer(); });
afterAll(async () => colyseus.shutdown());

const PREFERENCE = ["media", "labor", "biotech"];
const answersOf = (c: SDKRoom): string => stateOf(c).seats["0"].secret.answers;
const drawShown = (c: SDKRoom): boolean => legalOf(c).some((l) => l.type === "choose" && l.prompt === GENERAL_DRAW_PROMPT);

describe("General draws answered in advance", () => {
  it("are checked, seen by their owner alone, made by the table, and withdrawn", async () => {
    const { code, roomId, room } = await createTable({ seats: 4, seed: 31 });
    const wire = recordWire(() => room);
    const clients: SDKRoom[] = [];
    for (let n = 0; n < 4; n++) clients.push(await join(colyseus, roomId, { code, name: `G${n}` }));
    const [mine] = clients as [SDKRoom];
    const heard = clients.map(() => [] as string[]);
    const errors: string[] = [];
    // what the table did for each seat at a General draw (its other answers, abilities passed, aside)
    clients.forEach((c, n) => c.onMessage("event", (e: ServerMessages["event"]) => {
      const why = decodeLogLine(e.text);
      if (e.type === "answered-for-you" && /General draw/.test(why)) heard[n]!.push(why);
    }));
    mine.onMessage("error", (e: { code: string }) => errors.push(e.code));
    await until(() => stateOf(mine).status === "playing", 20_000, "the game to start");

    // refused unless well formed: known types, at least one, each once at most as many as there are types
    for (const bad of [["magic"], [], ["media", "media", "media", "media", "media", "media"], "media"]) mine.send("answers", { generalDraws: bad });
    await until(() => errors.length === 4, 5000, "four refusals");
    expect(errors).toEqual(["bad-answers", "bad-answers", "bad-answers", "bad-answers"]);
    expect(answersOf(mine)).not.toContain("generalDraws");

    mine.send("answers", { generalDraws: PREFERENCE });
    await until(() => answersOf(mine).includes("generalDraws"), 5000, "the answer");
    expect(JSON.parse(answersOf(mine)).generalDraws).toEqual(PREFERENCE);

    // the people play on; seat 0 is never shown a General draw while the answer stands
    let shownWhileSet = 0;
    let shownAfter = 0;
    let withdrawn = false;
    mine.onStateChange(() => { if (drawShown(mine)) withdrawn ? shownAfter++ : shownWhileSet++; });
    const players = clients.map((c, n) => autoplay(c, 40 + n));
    try {
      await until(() => heard[0]!.length >= 2 || stateOf(mine).status === "finished", 120_000, "two General draws made by the table");
      expect(heard[0]!.length).toBeGreaterThanOrEqual(2);
      for (const why of heard[0]!) expect(why).toMatch(/^The table drew .+ for you at your General draw/);
      for (const h of heard.slice(1)) expect(h).toEqual([]);
      expect(shownWhileSet).toBe(0);
      // the draws made are the seat's own commands: types of the answer, in its order
      const made = (await room.replayLog()).commands.filter((c) => c.seat === 0 && c.command.type === "choose").map((c) => c.command as Extract<Command, { type: "choose" }>);
      const answered = made.filter((c) => PREFERENCE.includes(String(c.option)));
      expect(answered.length).toBeGreaterThanOrEqual(2);
      for (const c of answered) {
        const picks = [c.option, ...(c.more ?? [])].map((t) => PREFERENCE.indexOf(String(t)));
        expect(picks.every((x, i) => x >= 0 && (i === 0 || x > picks[i - 1]!))).toBe(true);
      }

      // not a byte of it reaches another seat
      const others = wire.messages.filter((m) => m.sessionId !== mine.sessionId);
      expect(others.length).toBeGreaterThan(50);
      expect(others.filter((m) => m.bytes.includes("generalDraws")).length).toBe(0);
      expect(wire.messages.some((m) => m.sessionId === mine.sessionId && m.bytes.includes("generalDraws"))).toBe(true);
      for (const c of clients.slice(1)) expect(JSON.stringify(stateOf(c))).not.toContain("generalDraws");

      // withdrawn: the seat is asked again
      withdrawn = true;
      mine.send("answers", { generalDraws: null });
      await until(() => !answersOf(mine).includes("generalDraws"), 5000, "the answer withdrawn");
      const before = heard[0]!.length;
      await until(() => shownAfter > 0 || stateOf(mine).status === "finished", 120_000, "a General draw asked again");
      expect(shownAfter).toBeGreaterThan(0);
      expect(heard[0]!.length).toBe(before);
    } finally {
      for (const p of players) p.stop();
      wire.stop();
      for (const c of clients) await c.leave();
    }
  }, 300_000);
});
