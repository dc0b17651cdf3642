// The timed pass over real sockets (server/table/standing-answers.ts): a person who leaves a counteroffer
// chance unanswered sees when the table will pass for them (passAt, on their own seat's wire alone); the
// table passes then, as their own command, tells them alone, and the pass can be taken back, which opens
// a fresh countdown; with the timed pass turned off the chance waits for them. A support left unanswered
// is an abstention, the same way.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import type { Room as SDKRoom } from "@colyseus/sdk";
import { bootServer, createTable, join, legalOf, tableOf, until } from "./helpers.ts";
import type { GameState } from "../../server/engine/index.ts";
import { makeRandom, randomCommand } from "../../server/bots/random.ts";
import type { ServerMessages } from "../../shared/room-protocol.ts";
import type { LegalCommand } from "../../shared/protocol.ts";
import { decodeLogLine } from "../../shared/wire/log-codec.ts";
import { SUPPORT_WAIT_FACTOR } from "../../server/table/standing-answers.ts";

/** The server's TIMED_PASS_SECONDS for this test: short, with room for a busy machine. */
const TIMED_PASS_SECONDS = 5;

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer({ timedPassSeconds: TIMED_PASS_SECONDS }); });
afterAll(async () => colyseus.shutdown());

const passAtOf = (c: SDKRoom): number => (JSON.parse(tableOf(c).secret!.answers || "{}") as { passAt?: number }).passAt ?? 0;

/**
 * A 4-seat table of people who answer at once (random legal commands) until one of them faces a decision
 * `wanted` picks out: that seat, with every client and what each was told.
 */
async function tableUntil(seed: number, playSeed: number, wanted: (legal: LegalCommand[]) => boolean) {
  const { code, roomId, room } = await createTable({ seats: 4, seed });
  const clients: SDKRoom[] = [];
  for (let n = 0; n < 4; n++) clients.push(await join(colyseus, roomId, { code, name: `T${n}` }));
  const heard = clients.map(() => [] as { type: string; text: string }[]);
  clients.forEach((c, n) => c.onMessage("event", (e: ServerMessages["event"]) => heard[n]!.push({ type: e.type, text: decodeLogLine(e.text) })));
  const game = () => (room as unknown as { game: GameState | null }).game;
  await until(() => game() !== null);
  const random = makeRandom(playSeed);
  let seat = -1;
  for (let step = 0; step < 400 && seat < 0; step++) {
    const s = game()!;
    if (s.result) break;
    const n = s.pending!.seat;
    // the seat's client holds the room's state as it is now
    await until(() => (clients[n]!.state as any).seats.get(String(n)).secret.legal === (room as any).state.seats.get(String(n)).secret.legal, 5000, "the patch");
    if (game() !== s) continue;
    const legal = legalOf(clients[n]!).filter((l) => !l.type.startsWith("trade-"));
    if (wanted(legal)) { seat = n; break; }
    clients[n]!.send("command", randomCommand(legal, random)!);
    await until(() => game() !== s, 5000, `step ${step} accepted`);
  }
  return { room, clients, heard, game, seat };
}

/** The two timed answers: a pass on a counteroffer chance, an abstention on a support (never a support). */
const CASES = [
  {
    name: "passes for a person who leaves a counteroffer chance, says so to them alone, and can be taken back",
    seed: 21, playSeed: 3, command: { type: "pass" }, why: /counteroffer chance/, takeBack: "pass", seconds: TIMED_PASS_SECONDS,
    // a counteroffer chance with a card to counter with
    wanted: (legal: LegalCommand[]) => legal.some((l) => l.type === "counteroffer" && l.cards.length > 0) && legal.some((l) => l.type === "pass"),
  },
  {
    name: "abstains for a person who leaves a support unanswered, says so to them alone, and can be taken back",
    seed: 22, playSeed: 4, command: { type: "abstain" }, why: /abstained for you/, takeBack: "abstention",
    // a support waits longer: people talk it over
    seconds: TIMED_PASS_SECONDS * SUPPORT_WAIT_FACTOR,
    // a support with cards in hand
    wanted: (legal: LegalCommand[]) => legal.some((l) => l.type === "support" && l.cards.from.length > 0 && l.offers.length > 0),
  },
];

describe("timed pass", () => {
  it.each(CASES)("$name", async ({ seed, playSeed, command, why, takeBack, wanted, seconds }) => {
    const { room, clients, heard, game, seat } = await tableUntil(seed, playSeed, wanted);
    expect(seat).toBeGreaterThanOrEqual(0);
    const mine = clients[seat]!;
    const before = game()!;
    const records = room.commandCount();

    // the countdown, on the seat's own wire
    await until(() => passAtOf(mine) > 0, 5000, "the countdown");
    const passAt = passAtOf(mine);
    expect(passAt).toBeGreaterThan(Date.now() + (seconds - 3) * 1000);
    expect(passAt).toBeLessThanOrEqual(Date.now() + seconds * 1000);
    const others = clients.filter((_, n) => n !== seat);
    expect(others).toHaveLength(clients.length - 1);
    for (const c of others) expect(JSON.stringify((c.state as any).toJSON())).not.toContain(String(passAt));

    // nothing happens before it; then the table answers for them, and tells them alone
    await until(() => game() !== before, (seconds + 15) * 1000, "the timed answer");
    expect(Date.now()).toBeGreaterThanOrEqual(passAt - 50);
    expect((await room.replayLog()).commands.slice(records)).toEqual([{ seat, command }]);
    await until(() => heard[seat]!.some((e) => e.type === "answered-for-you"), 5000, "why, to them");
    expect(heard[seat]!.find((e) => e.type === "answered-for-you")!.text).toMatch(why);
    const othersHeard = heard.filter((_, n) => n !== seat);
    expect(othersHeard).toHaveLength(heard.length - 1);
    for (const h of othersHeard) expect(h.some((e) => e.type === "answered-for-you")).toBe(false);

    // taken back: the decision again, with a fresh countdown
    await until(() => tableOf(mine).secret!.takeBack === takeBack, 5000, "the take-back offered");
    mine.send("take-back", {});
    await until(() => JSON.stringify(game()) === JSON.stringify(before), 5000, "the decision again");
    await until(() => passAtOf(mine) > passAt, 5000, "a fresh countdown");

    // "wait for me": no countdown, and the decision stays open past it
    mine.send("answers", { timedPass: false });
    await until(() => passAtOf(mine) === 0, 5000, "the countdown gone");
    const open = game();
    await new Promise((r) => setTimeout(r, 1500));
    expect(game()).toBe(open);
    expect((room as any).table.timedPasses.at(seat)).toBe(0);
    for (const c of clients) await c.leave();
  }, 120_000);
});
