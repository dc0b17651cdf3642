// Turn-based tables over real sockets (docs/turn-based.md): the pace is chosen at creation and shown by
// the lobby; the time banks and their deadlines are in tests/store/turn-based*.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import { BASE, bootServer } from "./helpers.ts";
import { clearWrongCodes } from "../../server/access/throttle.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer(); });
beforeEach(async () => { await colyseus.cleanup(); await clearWrongCodes(); });
afterAll(async () => colyseus.shutdown());

async function getJson(path: string, init?: RequestInit) {
  const res = await fetch(BASE + path, init);
  return { status: res.status, body: (await res.json()) as any };
}
const post = (body: unknown) => getJson("/api/games", {
  method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
});

describe("a table's pace", () => {
  it("is live unless asked, turn-based when asked, and GET /api/games/:code says which", async () => {
    const live = await post({ seats: 4 });
    expect(live.status).toBe(201);
    expect((await getJson(`/api/games/${live.body.code}`)).body.pace).toBe("live");
    const turn = await post({ seats: 4, pace: "turn-based", turn: { bankSeconds: 8 * 3600, hours: { from: "08:00", to: "22:00" }, timeZone: "Europe/Paris" } });
    expect(turn.status).toBe(201);
    expect((await getJson(`/api/games/${turn.body.code}`)).body.pace).toBe("turn-based");
  });

  it("refuses a pace or bank settings out of their bounds with a 400", async () => {
    const bad = [
      { pace: "slow" },
      { pace: "live", turn: {} }, // banks only at a turn-based table
      { pace: "turn-based", turn: { bankSeconds: 60 } }, // under an hour
      { pace: "turn-based", turn: { bankSeconds: 8 * 24 * 3600 } }, // over seven days
      { pace: "turn-based", turn: { bankSeconds: 7200, capSeconds: 3600 } },
      { pace: "turn-based", turn: { hours: { from: "25:00", to: "08:00" } } },
      { pace: "turn-based", turn: { hours: { from: "08:00", to: "08:00" } } },
      { pace: "turn-based", turn: { timeZone: "Mars/Olympus" } },
      { pace: "turn-based", turn: { extra: 1 } },
    ];
    for (const body of bad) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("bad-options");
    }
  });
});
