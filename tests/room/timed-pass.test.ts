// The timed pass over real sockets (server/table/standing-answers.ts): a person who leaves a counteroffer
// chance unanswered sees when the table will pass for them (passAt, on their own seat's wire alone); the
// table passes then, as their own command, tells them alone, and the pass can be taken back, which opens
// a fresh countdown; with the timed pass turned off the chance waits for them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import type { Room as SDKRoom } from "@colyseus/sdk";
import { bootServer, createTable, join, legalOf, tableOf, until } from "./helpers.ts";
import type { GameState } from "../../server/engine/index.ts";
import { makeRandom, randomCommand } from "../../server/bots/random.ts";
import type { ServerMessages } from "../../shared/room-protocol.ts";
import { decodeLogLine } from "../../shared/wire/log-codec.ts";

/** The server's TIMED_PASS_SECONDS for this test: short, with room for a busy machine. */
const TIMED_PASS_SECONDS = 5;

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer({ timedPassSeconds: TIMED_PASS_SECONDS }); });
afterAll(async () => colyseus.shutdown());

const passAtOf = (c: SDKRoom): number => (JSON.parse(tableOf(c).secret!.answers || "{}") as { passAt?: number }).passAt ?? 0;

describe("timed pass", () => {
  it("passes for a person who leaves a counteroffer chance, says so to them alone, and can be taken back", async () => {
    const { code, roomId, room } = await createTable({ seats: 4, seed: 21 });
    const clients: SDKRoom[] = [];
    for (let n = 0; n < 4; n++) clients.push(await join(colyseus, roomId, { code, name: `T${n}` }));
    const heard = clients.map(() => [] as { type: string; text: string }[]);
    clients.forEach((c, n) => c.onMessage("event", (e: ServerMessages["event"]) => heard[n]!.push({ type: e.type, text: decodeLogLine(e.text) })));
    const game = () => (room as unknown as { game: GameState | null }).game;
    await until(() => game() !== null);
    const random = makeRandom(3);
    // the people answer at once until one of them has a counteroffer chance with a card to counter with
    let seat = -1;
    for (let step = 0; step < 400 && seat < 0; step++) {
      const s = game()!;
      if (s.result) break;
      const n = s.pending!.seat;
      // the seat's client holds the room's state as it is now
      await until(() => (clients[n]!.state as any).seats.get(String(n)).secret.legal === (room as any).state.seats.get(String(n)).secret.legal, 5000, "the patch");
      if (game() !== s) continue;
      const legal = legalOf(clients[n]!).filter((l) => !l.type.startsWith("trade-"));
      const counter = legal.find((l) => l.type === "counteroffer");
      if (counter?.type === "counteroffer" && counter.cards.length > 0 && legal.some((l) => l.type === "pass")) { seat = n; break; }
      clients[n]!.send("command", randomCommand(legal, random)!);
      await until(() => game() !== s, 5000, `step ${step} accepted`);
    }
    expect(seat).toBeGreaterThanOrEqual(0);
    const mine = clients[seat]!;
    const before = game()!;
    const records = room.replayLog().commands.length;

    // the countdown, on the seat's own wire
    await until(() => passAtOf(mine) > 0, 5000, "the countdown");
    const passAt = passAtOf(mine);
    expect(passAt).toBeGreaterThan(Date.now() + (TIMED_PASS_SECONDS - 3) * 1000);
    expect(passAt).toBeLessThanOrEqual(Date.now() + TIMED_PASS_SECONDS * 1000);
    const others = clients.filter((_, n) => n !== seat);
    expect(others).toHaveLength(clients.length - 1);
    for (const c of others) expect(JSON.stringify((c.state as any).toJSON())).not.toContain(String(passAt));

    // nothing happens before it; then the table passes for them, and tells them alone
    await until(() => game() !== before, (TIMED_PASS_SECONDS + 15) * 1000, "the timed pass");
    expect(Date.now()).toBeGreaterThanOrEqual(passAt - 50);
    expect(room.replayLog().commands.slice(records)).toEqual([{ seat, command: { type: "pass" } }]);
    await until(() => heard[seat]!.some((e) => e.type === "answered-for-you"), 5000, "why, to them");
    expect(heard[seat]!.find((e) => e.type === "answered-for-you")!.text).toMatch(/counteroffer chance/);
    const othersHeard = heard.filter((_, n) => n !== seat);
    expect(othersHeard).toHaveLength(heard.length - 1);
    for (const h of othersHeard) expect(h.some((e) => e.type === "answered-for-you")).toBe(false);

    // taken back: the chance again, with a fresh countdown
    await until(() => tableOf(mine).secret!.takeBack === "pass", 5000, "the take-back offered");
    mine.send("take-back", {});
    await until(() => JSON.stringify(game()) === JSON.stringify(before), 5000, "the chance again");
    await until(() => passAtOf(mine) > passAt, 5000, "a fresh countdown");

    // "wait for me": no countdown, and the chance stays open past it
    mine.send("answers", { timedPass: false });
    await until(() => passAtOf(mine) === 0, 5000, "the countdown gone");
    const open = game();
    await new Promise((r) => setTimeout(r, 1500));
    expect(game()).toBe(open);
    expect((room as any).table.timedPasses.at(seat)).toBe(0);
    for (const c of clients) await c.leave();
  }, 120_000);
});
