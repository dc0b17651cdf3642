// A person's trade to a bot is answered at the bot's pace (not before its botDelayMs, soon after), over real sockets; the bot
// tells that person its answer privately unless the table turned bot chat off.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import type { ServerMessages } from "../../shared/room-protocol.ts";
import { bootServer, createTable, join, tableOf, until } from "./helpers.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer(); });
afterAll(async () => colyseus.shutdown());

const DELAY = 400;
/** Time for the answer to travel back on top of the bot's delay (a busy 2-core test machine). */
const SLACK = 4000;
/** A timer may fire a little early by the clock the test reads (millisecond rounding). */
const EARLY = 25;

async function giftToBot(botChat: boolean) {
  const { code, roomId } = await createTable({ seats: 4, bots: 3, botDelayMs: DELAY, botChat, seed: 4 });
  const alice = await join(colyseus, roomId, { code, name: "Alice" });
  await until(() => (alice.state as any).status === "playing", 5_000, "the game to start");
  const whispers: ServerMessages["whisper"][] = [];
  alice.onMessage("whisper", (w: ServerMessages["whisper"]) => whispers.push(w));
  const refusals: unknown[] = [];
  alice.onMessage("error", (e) => refusals.push(e));
  const me = tableOf(alice).mySeat!;
  const bot = (me + 1) % 4;
  const capitalOf = (n: number) => tableOf(alice).seats[n]!.capital;
  const before = capitalOf(bot) + capitalOf(me);
  // a gift: 2 capital for nothing, which any bot takes
  const sent = Date.now();
  alice.send("command", { type: "trade-propose", to: bot, give: { capital: 2, assets: [] }, get: { capital: 0, assets: [] } });
  await until(() => tableOf(alice).log.some((l) => l.includes("trade:")), DELAY + SLACK, "the bot's answer");
  const took = Date.now() - sent;
  expect(refusals).toEqual([]);
  expect(capitalOf(bot) + capitalOf(me)).toBe(before);
  await alice.leave();
  return { took, whispers, bot };
}

describe("bots answer people's trades", () => {
  it("a bot answers a person's trade at its pace (not before its delay, soon after it), and says so to that person alone", async () => {
    const { took, whispers, bot } = await giftToBot(true);
    expect(took, "the bot waits its delay").toBeGreaterThanOrEqual(DELAY - EARLY);
    expect(took).toBeLessThan(DELAY + SLACK);
    expect(whispers.some((w) => w.from === bot && w.text.length > 0)).toBe(true);
  });

  it("with bot chat off the bot still answers, silently", async () => {
    const { took, whispers } = await giftToBot(false);
    expect(took, "the bot waits its delay").toBeGreaterThanOrEqual(DELAY - EARLY);
    expect(took).toBeLessThan(DELAY + SLACK);
    await new Promise((r) => setTimeout(r, 200));
    expect(whispers).toEqual([]);
  });
});
