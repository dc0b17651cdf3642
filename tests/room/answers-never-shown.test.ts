// A decision the table answers for a seat (its answers in advance, server/table/standing-answers.ts) is
// never shown to that seat: no patch offers it, so no click can race the table's own answer and be
// refused (a timed pass is another matter: shown with its countdown, the person may still act). Four
// people who keep the table's default answers play at once on every patch (as a fast player, the bench
// and the load tool do); every state each decodes is checked, and no command of theirs is refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import type { Room as SDKRoom } from "@colyseus/sdk";
import { autoplay, bootServer, createTable, join, legalOf, stateOf, until } from "./helpers.ts";
import { answerInAdvance, DEFAULT_ANSWERS } from "../../server/table/standing-answers.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer(); });
afterAll(async () => colyseus.shutdown());

/** Decisions answered for the seats before the check stops: enough kinds of them (forced, optional abilities). */
const ANSWERED_WANTED = 12;

describe("answers in advance", () => {
  it("never shows a seat the decision the table answers for it, and refuses none of its clicks", async () => {
    const { code, roomId } = await createTable({ seats: 4, seed: 23 });
    const clients: SDKRoom[] = [];
    for (let n = 0; n < 4; n++) clients.push(await join(colyseus, roomId, { code, name: `P${n}` }));
    const shown: string[] = [];
    let answered = 0;
    let states = 0;
    for (const [n, c] of clients.entries()) {
      c.onMessage("event", (e: { type: string }) => { if (e.type === "answered-for-you") answered++; });
      c.onStateChange(() => {
        const s = stateOf(c);
        if (s.status !== "playing") return;
        states++;
        const ahead = answerInAdvance(legalOf(c), DEFAULT_ANSWERS, s.game.round);
        // a timed pass is shown on purpose, with its countdown: the person may still act
        if (ahead && !ahead.afterSeconds) shown.push(`seat ${n}, round ${s.game.round}: ${JSON.stringify(ahead.command)}`);
      });
    }
    await until(() => stateOf(clients[0]!).status === "playing", 20_000, "the game to start");
    const players = clients.map((c, n) => autoplay(c, 100 + n));
    try {
      await until(() => answered >= ANSWERED_WANTED || stateOf(clients[0]!).status === "finished", 240_000, `${ANSWERED_WANTED} decisions answered in advance`);
    } finally {
      for (const p of players) p.stop();
    }
    // the check ran over many states and answers: it could have seen a decision shown
    expect(answered).toBeGreaterThanOrEqual(ANSWERED_WANTED);
    expect(states).toBeGreaterThan(answered);
    expect(shown).toEqual([]);
    expect(players.flatMap((p) => p.errors)).toEqual([]);
  }, 300_000);
});
