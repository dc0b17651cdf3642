// The lobby's "your games" line at a turn-based table says how long the seat's decision has waited,
// read from the `waited` seconds of GET /api/games/:code (tests/room/turn-based.test.ts checks those).
import { describe, expect, it } from "vitest";
import { waitedText } from "../../client/src/lobby/waited.ts";
import type { TableInfo } from "../../client/src/net/api.ts";

const table = (players: Record<string, unknown>[]) => ({ code: "AB", roomId: "r", status: "playing", seats: 4, spectators: 0, players }) as unknown as TableInfo;
const person = (seat: number, extra: Record<string, unknown> = {}) => ({ seat, name: `P${seat}`, corp: "", bot: false, connected: false, ...extra });

describe("waitedText", () => {
  it("names the wait of the seat's owed decision, in minutes, hours or days", () => {
    const t = table([person(0, { bank: 100, waited: 125 * 60 + 59 }), person(1, { bank: 100 }), person(2, { bank: 9, waited: 2 * 86400 + 3 * 3600 }), person(3, { waited: 59 })]);
    expect(waitedText(t, 0)).toBe(" · waiting 2 h 5 min");
    expect(waitedText(t, 1)).toBe("");
    expect(waitedText(t, 2)).toBe(" · waiting 2 d 3 h");
    expect(waitedText(t, 3)).toBe(" · waiting 0 min");
    expect(waitedText(t, 4)).toBe("");
  });
});
