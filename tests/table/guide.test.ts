// The guide's pause (server/table/guide.ts) without sockets: a tutorial table pauses on each new kind
// of moment once, holds the bots' moves until "Got it", releases itself after GUIDE_PAUSE_MAX_MS; a
// table that is no tutorial never pauses; turning the guide off releases at once.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createGameWithEvents } from "../../server/engine/index.ts";
import { GUIDE_PAUSE_MAX_MS, TableGuide, announcesHints, tutorialOptions } from "../../server/table/guide.ts";
import type { Publisher } from "../../server/table/publisher.ts";
import { Seats, newSeat } from "../../server/table/seats.ts";
import { Talk } from "../../server/table/talk.ts";
import type { Timers } from "../../server/table/turns.ts";
import { TableOptions } from "../../shared/room-protocol.ts";
import { GUIDE_KEYS } from "../../shared/guide/texts.ts";
import { openTable, seat, tables } from "./helpers.ts";
import { legal, waitingFor } from "../../server/engine/index.ts";
import { makeRandom, randomCommand } from "../../server/bots/random.ts";

function setup(tutorial: boolean, people: string[] = ["Alice"]) {
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  const fakeTimers = { later: (fn: () => void, ms: number) => { const t = { fn, ms, cleared: false }; timers.push(t); return { clear: () => void (t.cleared = true) }; } } as unknown as Timers;
  const published: { tutorial: boolean; on: boolean; moment: string }[] = [];
  const publisher = { guideChanged: (g: (typeof published)[number]) => published.push(g), flush: () => {} } as unknown as Publisher;
  const seats = new Seats(4);
  people.forEach((name, n) => seats.add({ ...newSeat(n, name, false, `t${n}`), connected: true }));
  for (let n = people.length; n < 4; n++) seats.add(newSeat(n, `Bot ${n}`, true, null));
  const options = TableOptions.parse({ tutorial, bots: 4 - people.length });
  const guide = new TableGuide({ options, seats, talk: new Talk(), publisher, timers: fakeTimers });
  const { state, events } = createGameWithEvents({ players: 4, seed: 5, variant: tutorialOptions(options).variant });
  return { guide, timers, published, state, events, alice: seats.get(0)!, ben: seats.get(1)!, bot: seats.get(3)!, seats };
}

describe("the guide's pause", () => {
  it("pauses a tutorial table on each new moment, holds the bots until 'Got it', and each kind only once", () => {
    const { guide, state, events, alice, bot, published } = setup(true);
    guide.observe(state, events);
    expect(guide.moment).toBe("moment:start");
    expect(GUIDE_KEYS).toContain(guide.moment);
    let moved = 0;
    guide.hold(1, () => moved++);
    guide.hold(1, () => moved++); // one held move per seat
    expect(guide.gotIt(bot)?.code).toBe("not-a-player");
    expect(guide.gotIt(alice, "moment:start")).toBeNull();
    expect(guide.moment).toBe("decision:general-draw");
    // a second "Got it" for the welcome (a double click) does not skip the next explanation
    expect(guide.gotIt(alice, "moment:start")).toBeNull();
    expect(guide.moment).toBe("decision:general-draw");
    expect(moved).toBe(0);
    expect(guide.gotIt(alice)).toBeNull();
    expect(guide.paused()).toBe(false);
    expect(moved).toBe(1);
    expect(published.at(-1)).toEqual({ tutorial: true, on: true, moment: "" });
    // the same moments again (Alice still owes her draw): no pause
    guide.observe(state, events);
    expect(guide.paused()).toBe(false);
  });

  it("releases itself after GUIDE_PAUSE_MAX_MS, dropping what was queued", () => {
    const { guide, timers, state, events } = setup(true);
    guide.observe(state, events);
    expect(guide.paused()).toBe(true);
    let moved = 0;
    guide.hold(2, () => moved++);
    const timer = timers.find((t) => !t.cleared)!;
    expect(timer.ms).toBe(GUIDE_PAUSE_MAX_MS);
    timer.fn();
    expect(guide.paused()).toBe(false);
    expect(moved).toBe(1);
  });

  it("never pauses a table that is no tutorial, and refuses its guide messages", () => {
    const { guide, state, events, alice, published } = setup(false);
    guide.observe(state, events);
    expect(guide.paused()).toBe(false);
    expect(guide.gotIt(alice)?.code).toBe("not-tutorial");
    expect(guide.setOn(alice, true)?.code).toBe("not-tutorial");
    expect(published.every((g) => g.moment === "" && !g.tutorial)).toBe(true);
  });

  it("turned off, plays on at once; turned on again, pauses on kinds not yet seen", () => {
    const { guide, state, events, alice } = setup(true);
    guide.observe(state, events);
    let moved = 0;
    guide.hold(3, () => moved++);
    expect(guide.setOn(alice, false)).toBeNull();
    expect(guide.paused()).toBe(false);
    expect(moved).toBe(1);
    expect(guide.setOn(alice, true)).toBeNull();
    expect(guide.paused()).toBe(false);
  });

  it("teaching a table of friends: a moment waits for everyone following, a decision for its owner; each may leave and reopen", () => {
    const { guide, state, events, alice, ben, published } = setup(true, ["Alice", "Ben"]);
    guide.observe(state, events);
    expect(guide.moment).toBe("moment:start");
    let moved = 0;
    guide.hold(3, () => moved++);
    expect(guide.gotIt(alice, "moment:start")).toBeNull();
    expect(guide.moment).toBe("moment:start"); // Ben is still reading
    expect(guide.gotIt(ben, "moment:start")).toBeNull();
    // Alice owes the General draw: its explanation waits for her alone
    expect(guide.moment).toBe("decision:general-draw");
    expect(guide.gotIt(ben, "decision:general-draw")).toBeNull();
    expect(guide.moment).toBe("decision:general-draw");
    expect(guide.gotIt(alice, "decision:general-draw")).toBeNull();
    expect(guide.paused()).toBe(false);
    expect(moved).toBe(1);
    // Ben leaves the guide: the table is still taught (Alice follows it), and no longer waits for him
    expect(guide.setOn(ben, false)).toBeNull();
    expect(guide.on).toBe(true);
    expect(published.at(-1)).toMatchObject({ on: true });
    const later = { ...state, pending: { ...state.pending!, seat: 1 } };
    guide.observe(later, []);
    expect(guide.paused()).toBe(false); // Ben's own decision, and he left the guide
    // Alice leaves too: nobody follows, the guide is off; Ben reopens it
    expect(guide.setOn(alice, false)).toBeNull();
    expect(guide.on).toBe(false);
    expect(guide.setOn(ben, true)).toBeNull();
    expect(guide.on).toBe(true);
  });

  it("does not wait for a person who has gone", () => {
    const { guide, state, events, alice, seats } = setup(true, ["Alice", "Ben"]);
    guide.observe(state, events);
    expect(guide.moment).toBe("moment:start");
    seats.get(1)!.connected = false; // Ben's connection drops while the table reads
    expect(guide.gotIt(alice, "moment:start")).toBeNull();
    expect(guide.moment).toBe("decision:general-draw");
  });

  it("drops a decision's explanation once the game no longer waits for it (answered in advance), and keeps it for the next one", () => {
    const { guide, state, events, alice } = setup(true);
    guide.observe(state, events);
    expect(guide.moment).toBe("moment:start"); // Alice's General draw is queued behind the welcome
    // the table answers the draw for her while she reads: the game waits for a bot now
    const answered = { ...state, pending: { ...state.pending!, seat: 2 } };
    guide.observe(answered, []);
    expect(guide.gotIt(alice, "moment:start")).toBeNull();
    expect(guide.moment).toBeNull(); // no explanation of a decision that is gone
    // her next General draw is explained
    guide.observe(state, []);
    expect(guide.moment).toBe("decision:general-draw");
    // and one shown when the table answers it goes too
    guide.observe(answered, []);
    expect(guide.moment).toBeNull();
  });

  it("announces hints by the table's setting: off at tutorial tables, on at others", () => {
    expect(announcesHints({ tutorial: true })).toBe(false);
    expect(announcesHints({ tutorial: false })).toBe(true);
    expect(announcesHints({ tutorial: true, announceHints: true })).toBe(true);
    expect(announcesHints({ tutorial: false, announceHints: false })).toBe(false);
  });
});

describe("the guide at a table", () => {
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(tables.splice(0).map((t) => t.close()));
  });

  it("lets the bots play on once the only person it waits for is away (the grace period), not after five minutes", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const t = await openTable({ seats: 4, bots: 2, tutorial: true, stepSeconds: 0, botDelayMs: 0, graceSeconds: 5 });
    await seat(t.table, ["Ann", "Bo"]);
    const moment = () => (t.of("guideChanged").at(-1)![0] as { moment: string }).moment;
    expect(moment()).toBe("moment:start");
    const ann = t.table.seats.ofSession("session-Ann")!;
    expect(t.table.guideAction(ann, "got-it", "moment:start")).toBeNull();
    expect(moment()).toBe("moment:start"); // Bo has not read it yet
    t.table.left("session-Bo");
    await vi.advanceTimersByTimeAsync(4_000);
    expect(moment()).toBe("moment:start"); // a reload's few seconds: Bo may still read it
    await vi.advanceTimersByTimeAsync(2_000); // Bo is away: a bot plays the seat
    expect(moment()).not.toBe("moment:start");
  });

  it("holds a timed pass while it explains: the countdown starts once the newcomer has read", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const t = await openTable({ seats: 4, bots: 3, tutorial: true, stepSeconds: 0, botDelayMs: 0 });
    await seat(t.table, ["Ann"]);
    const ann = t.table.seats.ofSession("session-Ann")!;
    const moment = () => t.table.guide.moment ?? "";
    const random = makeRandom(7);
    // Ann reads every explanation and answers at random, until the table explains her first counteroffer chance
    for (let step = 0; step < 2000 && moment() !== "decision:counteroffer"; step++) {
      await vi.advanceTimersByTimeAsync(5);
      if (moment() === "decision:counteroffer") break;
      if (moment()) {
        t.table.guideAction(ann, "got-it", moment());
        continue;
      }
      const game = t.table.game!;
      // a bot's offer to her waits for her answer: she declines it
      const offered = game.trades.find((tr) => tr.to === ann.seat);
      if (offered) {
        t.table.command(ann.seat, { type: "trade-decline", id: offered.id }, Date.now(), () => {});
        continue;
      }
      if (!waitingFor(game).includes(ann.seat)) continue;
      const options = legal(game, ann.seat).filter((l) => !l.type.startsWith("trade-"));
      if (options.length) t.table.command(ann.seat, randomCommand(options, random)!, Date.now(), () => {});
    }
    expect(moment()).toBe("decision:counteroffer");
    const passAt = () => (JSON.parse(String(t.of("answersChanged").filter(([n]) => n === ann.seat).at(-1)![1])) as { passAt?: number }).passAt ?? 0;
    expect(passAt()).toBe(0); // no countdown runs under the explanation
    await vi.advanceTimersByTimeAsync(60_000); // a slow reader
    expect(moment()).toBe("decision:counteroffer");
    expect(legal(t.table.game!, ann.seat).some((l) => l.type === "pass")).toBe(true); // nobody passed for her
    t.table.guideAction(ann, "got-it", "decision:counteroffer");
    await vi.advanceTimersByTimeAsync(5);
    // read: her countdown runs now, in full
    expect(passAt()).toBeGreaterThan(Date.now() + 11_000);
  });
});
