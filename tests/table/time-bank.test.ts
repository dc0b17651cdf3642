// A turn-based table's time banks, without a table: when banks run (playing hours in a time zone,
// weekends), when a bank runs out, and each seat's clock (docs/turn-based.md).
import { describe, expect, it } from "vitest";
import { BOT_DECISIONS_TO_AWAY, EXCUSED_DELAYS, TimeBanks, bankTimeBetween, runsOutAt, secondsLeft, turnSettings } from "../../server/table/time-bank.ts";

const H = 3600_000;
const at = (iso: string) => Date.parse(iso);

describe("when banks run", () => {
  it("always, by default; a day of 08:00-22:00 counts 14 hours", () => {
    const always = turnSettings({});
    expect(bankTimeBetween(always, at("2026-12-01T00:00Z"), at("2026-12-02T00:00Z"))).toBe(24 * H);
    const hours = turnSettings({ hours: { from: "08:00", to: "22:00" } });
    expect(bankTimeBetween(hours, at("2026-12-01T00:00Z"), at("2026-12-02T00:00Z"))).toBe(14 * H);
    expect(bankTimeBetween(hours, at("2026-12-01T21:30Z"), at("2026-12-02T08:30Z"))).toBe(H);
  });

  it("in the table's time zone: 08:00-22:00 in Paris is 07:00-21:00 UTC in winter", () => {
    const paris = turnSettings({ hours: { from: "08:00", to: "22:00" }, timeZone: "Europe/Paris" });
    expect(bankTimeBetween(paris, at("2026-12-01T06:00Z"), at("2026-12-01T07:00Z"))).toBe(0);
    expect(bankTimeBetween(paris, at("2026-12-01T20:00Z"), at("2026-12-01T22:00Z"))).toBe(H);
  });

  it("hours across midnight (22:00-06:00) and weekend pauses", () => {
    const night = turnSettings({ hours: { from: "22:00", to: "06:00" } });
    expect(bankTimeBetween(night, at("2026-12-01T00:00Z"), at("2026-12-02T00:00Z"))).toBe(8 * H);
    // Friday 4 December 2026, 20:00 to Monday 7 December, 09:00: Friday 20-22 and Monday 08-09.
    const weekdays = turnSettings({ hours: { from: "08:00", to: "22:00" }, weekendPause: true });
    expect(bankTimeBetween(weekdays, at("2026-12-04T20:00Z"), at("2026-12-07T09:00Z"))).toBe(3 * H);
    const paused = turnSettings({ weekendPause: true });
    expect(bankTimeBetween(paused, at("2026-12-05T00:00Z"), at("2026-12-07T00:00Z"))).toBe(0);
  });

  it("a bank runs out when exactly its time has run", () => {
    const weekdays = turnSettings({ hours: { from: "08:00", to: "22:00" }, weekendPause: true, timeZone: "America/New_York" });
    for (const [from, left] of [["2026-12-04T20:00Z", 5 * H], ["2026-12-05T12:00Z", 24 * H], ["2026-12-01T03:17Z", 90_000]] as const) {
      const out = runsOutAt(weekdays, at(from), left);
      expect(bankTimeBetween(weekdays, at(from), out)).toBe(left);
      expect(out).toBeGreaterThan(at(from) + left - 1); // never sooner than the plain time
    }
    expect(runsOutAt(turnSettings({}), 1000, 5 * H)).toBe(1000 + 5 * H);
  });
});

describe("a seat's clock", () => {
  const settings = turnSettings({ bankSeconds: 24 * 3600, perDecisionSeconds: 2 * 3600, capSeconds: 48 * 3600 });

  it("runs while the seat owes a decision; a decision handed on gives back the rest plus 2 hours, up to the cap", () => {
    const banks = new TimeBanks(settings);
    const t0 = at("2026-12-01T00:00Z");
    expect(banks.update([0, 1], new Set([0]), t0).map((c) => c.seat)).toEqual([0, 1]);
    expect(banks.get(0)).toMatchObject({ bankMs: 24 * H, owedSince: t0, dueAt: t0 + 24 * H });
    expect(banks.get(1)).toMatchObject({ bankMs: 24 * H, owedSince: null, dueAt: null });
    expect(secondsLeft(settings, banks.shown(0)!, t0 + 3 * H)).toBe(21 * 3600);
    // Seat 0 decides after 3 hours; seat 1 owes next.
    const changed = banks.update([0, 1], new Set([1]), t0 + 3 * H, 0);
    expect(changed.map((c) => c.seat)).toEqual([0, 1]);
    expect(banks.get(0)).toMatchObject({ bankMs: 23 * H, owedSince: null, dueAt: null });
    expect(banks.get(1)).toMatchObject({ owedSince: t0 + 3 * H, dueAt: t0 + 27 * H });
    // Decisions in a row (the seat owes again at once) each add 2 hours, never past the cap.
    for (let i = 1; i <= 20; i++) banks.update([0, 1], new Set([0]), t0 + 3 * H + i, 0);
    expect(banks.get(0)!.bankMs).toBe(48 * H);
  });

  it("a spent bank is excused three times, a quarter of the bank each; then the bot decides", () => {
    const banks = new TimeBanks(settings);
    const t0 = at("2026-12-01T00:00Z");
    banks.update([0], new Set([0]), t0);
    expect(banks.due(t0 + 24 * H - 1)).toEqual([]);
    let now = t0 + 24 * H;
    for (let delay = 1; delay <= EXCUSED_DELAYS; delay++) {
      expect(banks.due(now)).toEqual([0]);
      const out = banks.ranOut(0, now);
      expect(out).toMatchObject({ delay, excused: { delays: delay, dueAt: now + 6 * H } });
      expect(banks.due(now)).toEqual([]); // it runs once
      now += 6 * H;
    }
    expect(banks.ranOut(0, now)).toEqual({ bot: true });
  });

  it("counts the bot's decisions in a row until the player acts", () => {
    const banks = new TimeBanks(settings);
    banks.update([2], new Set(), 0);
    for (let i = 1; i < BOT_DECISIONS_TO_AWAY; i++) expect(banks.botDecided(2)).toBe(false);
    expect(banks.acted(2)).toMatchObject({ botStreak: 0 });
    expect(banks.acted(2)).toBeNull();
    for (let i = 1; i < BOT_DECISIONS_TO_AWAY; i++) banks.botDecided(2);
    expect(banks.botDecided(2)).toBe(true);
  });
});
