// The ends of a game over HTTP: the replay viewer's public steps and outline, and the rematch.
// One real game is played to its end over real sockets (two people, two bots); the routes are then
// asked what a browser would ask.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import { autoplay, BASE, PORT, bootServer, createTable, join, stateOf, tableOf, until } from "./helpers.ts";
import { clearWrongCodes } from "../../server/access/throttle.ts";
import { STEPS_PER_REQUEST } from "../../shared/ends-api.ts";
import { apply, createGame, createGameWithEvents, viewFor, type GameState } from "../../server/engine/index.ts";
import type { GameEvent } from "../../shared/view.ts";
import { readTable, type WireTable } from "../../shared/wire/index.ts";

let colyseus: ColyseusTestServer;
let code = "";
let tokens: string[] = [];
/** The spectator's decoded table, by the public moves it showed (the last patch of each). */
const watched = new Map<number, WireTable>();
/** The finished game's replay (seed and commands), for the test's own engine run. */
let replay: { players: 4 | 5 | 6; seed: any; variant: any; commands: { seat: number; command: any }[] };

async function getJson(path: string, init?: RequestInit) {
  const res = await fetch(BASE + path, init);
  return { status: res.status, body: (await res.json()) as any };
}
const askRematch = (token: unknown, game = code) => getJson(`/api/games/${game}/rematch`, {
  method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token }),
});

beforeAll(async () => {
  colyseus = await bootServer();
  await clearWrongCodes();
  const table = await createTable({ seats: 4, bots: 2, seed: 11, graceSeconds: 600 });
  code = table.code;
  // Alice and Bob answer every decision themselves: a decision the table answers for a person is never
  // published (the next patch shows the game after the answer), and every step is compared below.
  const ownAnswers = { abilities: "ask", forced: false, counteroffers: "ask", timedPass: false };
  const alice = await join(colyseus, table.roomId, { code, name: "Alice" });
  alice.send("answers", ownAnswers);
  const bob = await join(colyseus, table.roomId, { code, name: "Bob" });
  bob.send("answers", ownAnswers);
  // A spectator from the start keeps the last table it decoded at each count of public moves.
  const watcher = await join(colyseus, table.roomId, { code, spectator: true });
  watcher.onStateChange((state: any) => {
    const json = state.toJSON() as WireTable;
    if (json.status !== "lobby" && json.game) watched.set(json.game.moves, json);
  });
  const players = [autoplay(alice, 1), autoplay(bob, 2)];
  await until(() => stateOf(alice).status === "playing", 20_000, "the start");
  // Before the end: every route of the ends is refused.
  tokens = [tableOf(alice).secret!.seatToken, tableOf(bob).secret!.seatToken];
  for (const path of ["replay/outline", "replay/steps?from=0&count=1", "rematch", "summary"]) {
    const early = await getJson(`/api/games/${code}/${path}`);
    expect(early.status, path).toBe(403);
    expect(JSON.stringify(early.body)).not.toContain('"steps"');
  }
  const early = await askRematch(tokens[0]);
  expect(early.status).toBe(403);
  // the code the end screen's Rematch button waits out (client/src/net/ends-api.ts, onceFiled)
  expect((early.body as { error: { code: string } }).error.code).toBe("not-finished");
  await until(() => stateOf(alice).status === "finished", 150_000, "the game to finish");
  for (const p of players) p.stop();
  await alice.leave();
  await bob.leave();
  await watcher.leave();
  replay = (await getJson(`/api/games/${code}/replay`)).body;
}, 180_000);
afterAll(async () => colyseus.shutdown());

/** The engine's state after each step of the game (step 0: the setup). */
function statesOfGame(): GameState[] {
  let s = createGame({ players: replay.players, seed: replay.seed, variant: replay.variant });
  const states = [s];
  for (const { seat, command } of replay.commands) {
    const r = apply(s, seat, command);
    if (!r.ok) throw new Error(r.message);
    states.push((s = r.state));
  }
  return states;
}

/** The public events of each step (step 0: the setup's). */
function publicEventsOfGame(): GameEvent[][] {
  const created = createGameWithEvents({ players: replay.players, seed: replay.seed, variant: replay.variant });
  let s = created.state;
  const out = [created.events.filter((e) => !e.to)];
  for (const { seat, command } of replay.commands) {
    const r = apply(s, seat, command);
    if (!r.ok) throw new Error(r.message);
    out.push(r.events.filter((e) => !e.to));
    s = r.state;
  }
  return out;
}

describe("the end screen's summary", () => {
  it("tells for each player the last time they and their rival's corporation changed places", async () => {
    const states = statesOfGame();
    const { body } = await getJson(`/api/games/${code}/summary`);
    const result = states.at(-1)!.result!;
    expect(body.rivalTurns).toHaveLength(replay.players);
    for (const r of result.seats) {
      const other = result.seats.find((o) => o.corp === r.rival && o.seat !== r.seat);
      if (!other) {
        expect(body.rivalTurns[r.seat], `seat ${r.seat}: no other corporation on its rival card`).toBeNull();
        continue;
      }
      const ahead = (k: number) => states[k]!.seats[r.seat]!.capital > states[k]!.seats[other.seat]!.capital;
      let last = 0;
      for (let k = 1; k < states.length; k++) if (ahead(k) !== ahead(k - 1)) last = k;
      if (!last) {
        expect(body.rivalTurns[r.seat]).toBeNull();
        continue;
      }
      expect(body.rivalTurns[r.seat], `seat ${r.seat}`).toMatchObject({ step: last, ahead: ahead(last) });
      // the round it fell in: the last round mark at or before that step
      const round = body.rounds.filter((m: any) => m.label !== "end" && m.step <= last).at(-1).label;
      expect(body.rivalTurns[r.seat].round).toBe(round);
      // after the last turn the order held: it is the result's own
      expect(ahead(last)).toBe(r.capital > other.capital);
    }
    // (tests/server/summary.test.ts checks the same on seeded games where players surely change places)
  });


  it("gives each corporation's capital by round, threat by source, deals, support and trades, from the public game", async () => {
    const states = statesOfGame();
    const { status, body } = await getJson(`/api/games/${code}/summary`);
    expect(status).toBe(200);
    const end = states.at(-1)!;
    expect(body.names).toHaveLength(4);
    expect(body.names).toContain("Alice");
    // the rounds start where the round changes, and the last mark is the end's own figures
    const starts = states.flatMap((s, i) => (i > 0 && s.round !== states[i - 1]!.round ? [i] : []));
    expect(body.rounds.slice(1, -1).map((r: any) => r.step)).toEqual(starts);
    expect(body.rounds.at(-1)).toMatchObject({ label: "end", capital: end.seats.map((p) => p.capital), threat: end.threat, threatFrom: end.threatFrom });
    for (const r of body.rounds.slice(1, -1)) expect(r.capital).toEqual(states[r.step]!.seats.map((p) => p.capital));
    // threat by source at each round's start: the tally then, less what the new round had raised already
    for (const r of body.rounds.slice(1, -1)) {
      const s = states[r.step]!;
      for (const k of ["demand", "event", "illness", "root", "card"] as const) {
        expect(r.threatFrom[k] ?? 0, `${k} at round ${r.label}`).toBe((s.threatFrom[k] ?? 0) - (s.threatRound?.[k] ?? 0));
      }
    }
    const raised = (m: any) => Object.values(m.threatFrom as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(raised(body.rounds.at(-1))).toBeGreaterThanOrEqual(raised(body.rounds[0]));
    // deals won: one per winner named in the public log
    let won = 0;
    let s = states[0]!;
    for (const { seat, command } of replay.commands) {
      const r = apply(s, seat, command);
      if (!r.ok) throw new Error(r.message);
      won += r.events.filter((e) => !e.to && / wins the deal /.test(e.text)).length;
      s = r.state;
    }
    expect(body.dealsWon.reduce((a: number, b: number) => a + b, 0)).toBe(won);
    expect(won).toBeGreaterThan(0);
    // every card of support given went to someone's offer
    const given = body.supportGiven.reduce((a: number, b: number) => a + b, 0);
    expect(given).toBeGreaterThan(0);
    expect(body.supportReceived.reduce((a: number, b: number) => a + b, 0)).toBe(given);
    expect(body.decided, JSON.stringify(end.result)).not.toBeNull();
    // nothing secret: no seed, no token
    const text = JSON.stringify(body);
    expect(body).not.toHaveProperty("seed");
    expect(text).not.toMatch(/seed|token/i);
    for (const t of tokens) expect(text).not.toContain(t);
  });
});

describe("the replay viewer's routes", () => {
  it("give the public table after each step, the same as the spectator's view of that step", async () => {
    const states = statesOfGame();
    const total = replay.commands.length;
    expect(total).toBeGreaterThan(STEPS_PER_REQUEST);
    const first = await getJson(`/api/games/${code}/replay/steps?from=0&count=${STEPS_PER_REQUEST}`);
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(total);
    expect(first.body.steps.map((s: any) => s.step)).toEqual([...Array(STEPS_PER_REQUEST).keys()]);
    // Somewhere in the middle (not on a checkpoint), and the last step with the result.
    const middle = (await getJson(`/api/games/${code}/replay/steps?from=${Math.floor(total / 2) + 3}&count=2`)).body.steps;
    const last = (await getJson(`/api/games/${code}/replay/steps?from=${total}&count=5`)).body.steps;
    expect(last).toHaveLength(1);
    for (const { step, table } of [...first.body.steps, ...middle, ...last] as { step: number; table: WireTable }[]) {
      const view = viewFor(states[step]!, "spectator");
      const read = readTable(table);
      expect(read.game!.round, `step ${step}`).toBe(view.round);
      expect(read.game!.threat).toBe(view.threat);
      expect(read.game!.districts.map((d) => d.id)).toEqual(view.districts.map((d) => d.id));
      expect(read.seats.map((s) => s.capital)).toEqual(view.seats.map((s) => s.capital));
      expect(read.seats.map((s) => s.name)).toEqual(["Alice", "Bob", expect.stringMatching(/^Bot /), expect.stringMatching(/^Bot /)]);
      expect(read.status).toBe(step === total ? "finished" : "playing");
    }
    const end = readTable(last[0].table);
    expect(end.game!.result!.seats.map((s) => s.rival)).toEqual(states[total]!.seats.map((s) => s.rival));
  });

  it("are each, whole, the table a spectator decoded at that step (less what only a live room knows)", async () => {
    const total = replay.commands.length;
    // What only the live room knows: its settings, who is connected or away, the deadline.
    const roomOnly = (t: WireTable) => {
      const { hostSeat, stepSeconds, spectators, watchersOpen, botChat, startsAt, meetAt, adjournVotes, tutorial, guideOn, guideMoment, ...rest } = t;
      const seats = Object.fromEntries(Object.entries(rest.seats ?? {}).map(([k, { connected, botControlled, awayUntil, ...seat }]) => [k, seat]));
      return { ...rest, seats, game: { ...rest.game, deadline: 0 } };
    };
    let compared = 0;
    let before = 0;
    for (let from = 0; from <= total; from += STEPS_PER_REQUEST) {
      const { body } = await getJson(`/api/games/${code}/replay/steps?from=${from}&count=${STEPS_PER_REQUEST}`);
      for (const { step, table } of body.steps as { step: number; table: WireTable }[]) {
        // (The setup may reach the spectator in one patch with the first move, bots playing at once.)
        if (table.game!.moves === 0 && ++before) continue;
        const live = watched.get(table.game!.moves);
        expect(live, `step ${step}: the spectator saw move ${table.game!.moves}`).toBeDefined();
        expect(roomOnly(table), `step ${step}`).toEqual(roomOnly(live!));
        compared++;
      }
    }
    expect(compared + before).toBe(total + 1);
    expect(compared).toBeGreaterThan(before);
  });

  it("never show a seat's hand, investment or trades, nor a rival before the end", async () => {
    const states = statesOfGame();
    const total = replay.commands.length;
    let investmentsSeen = 0;
    for (let from = 0; from <= total; from += STEPS_PER_REQUEST) {
      const { body } = await getJson(`/api/games/${code}/replay/steps?from=${from}&count=${STEPS_PER_REQUEST}`);
      for (const { step, table } of body.steps as { step: number; table: WireTable }[]) {
        const text = JSON.stringify(table);
        expect(text).not.toContain('"secret"');
        expect(text).not.toContain('"seatToken"');
        expect(text).not.toContain('"trades"');
        for (let seat = 0; seat < replay.players; seat++) {
          const own = viewFor(states[step]!, seat).you!;
          for (const card of own.hand) expect(text, `step ${step}: seat ${seat}'s card ${card.id}`).not.toContain(`"${card.id}"`);
          if (own.investment) {
            investmentsSeen++;
            expect(text, `step ${step}: seat ${seat}'s investment`).not.toContain(`"${own.investment.id}"`);
          }
        }
        if (step < total) expect(table.game!.result).toBe("");
      }
    }
    // The investment search above ran (once a seat keeps one, it holds it to the end).
    expect(investmentsSeen).toBeGreaterThan(total);
  });

  it("outline the public log by step and where each round begins", async () => {
    const { status, body } = await getJson(`/api/games/${code}/replay/outline`);
    expect(status).toBe(200);
    expect(body.total).toBe(replay.commands.length);
    expect(body.rounds[0]).toEqual({ round: expect.any(Number), step: 0 });
    expect(body.rounds.length).toBeGreaterThan(3);
    const steps = body.log.map((l: any) => l.step);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(body.log.some((l: any) => l.step === 0)).toBe(true);
    // No private line: the log has the public lines only (a seat's draws are told to it alone).
    expect(body.log.length).toBeGreaterThan(50);
    expect(JSON.stringify(body)).not.toMatch(/You (drew|keep|receive)/);
  });

  it("outline the guide's notes: each kind of moment once, at the step where it first came, and no seat's decision", async () => {
    const { body } = await getJson(`/api/games/${code}/replay/outline`);
    const states = statesOfGame();
    const events = publicEventsOfGame();
    const total = replay.commands.length;
    const notes = body.guide as { step: number; moment: string }[];
    expect(body.tutorial).toBe(false);
    expect(new Set(notes.map((n) => n.moment)).size).toBe(notes.length);
    expect(notes.map((n) => n.step)).toEqual([...notes.map((n) => n.step)].sort((a, b) => a - b));
    for (const n of notes) expect(n.moment).toMatch(/^moment:/); // the decisions a seat owed are its own
    const at = (moment: string) => notes.find((n) => n.moment === moment)?.step;
    const first = (test: (k: number) => boolean) => states.findIndex((_, k) => test(k));
    const view = (k: number) => viewFor(states[k]!, "spectator");
    const logged = (type: string) => (k: number) => events[k]!.some((e) => e.type === type);
    expect(at("moment:start")).toBe(0);
    expect(at("moment:end")).toBe(total);
    expect(at("moment:production")).toBe(first(logged("production")));
    expect(at("moment:demand-round")).toBe(first(logged("demand")));
    expect(at("moment:main-offer")).toBe(first((k) => !!view(k).deal?.main));
    expect(at("moment:asset-reveal")).toBe(first((k) => !!view(k).deal?.asset));
    expect(at("moment:support")).toBe(first((k) => view(k).stage === "support"));
    expect(at("moment:counteroffer")).toBe(first((k) => (view(k).deal?.counters.length ?? 0) > 0));
    expect(first(logged("demand"))).toBeGreaterThan(0);
  });

  it("cap how many steps one request may ask for, and refuse bad queries and codes", async () => {
    expect((await getJson(`/api/games/${code}/replay/steps?from=0&count=${STEPS_PER_REQUEST + 1}`)).status).toBe(400);
    expect((await getJson(`/api/games/${code}/replay/steps?from=-1`)).status).toBe(400);
    expect((await getJson(`/api/games/${code}/replay/steps?from=abc`)).status).toBe(400);
    expect((await getJson(`/api/games/${code}/replay/steps?from=${replay.commands.length + 1}`)).status).toBe(400);
    const unknown = await getJson(`/api/games/ZZZZZ-ZZZZZ/replay/steps`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("unknown-code");
  });
});

describe("the rematch", () => {
  it("refuses a wrong token and a body without one", async () => {
    const wrong = await askRematch("not-a-seat-token");
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.code).toBe("not-a-player");
    expect((await askRematch(undefined)).status).toBe(400);
    const broken = await getJson(`/api/games/${code}/rematch`, { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" });
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe("bad-request");
    expect((await getJson(`/api/games/${code}/rematch`)).body.rematch).toBeNull();
  });

  it("makes one new table with the same options, whoever asks and however often", async () => {
    const [a, b] = await Promise.all([askRematch(tokens[0]), askRematch(tokens[1])]);
    expect(a.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect(a.body.rematch.code).not.toBe(code);
    expect(["Alice", "Bob"]).toContain(a.body.rematch.by);
    const again = await askRematch(tokens[1]);
    expect(again.body.rematch).toEqual(a.body.rematch);
    // The finished table was private: anyone else with its code learns who asked, not the new code.
    const seen = await getJson(`/api/games/${code}/rematch`);
    expect(seen.body.rematch).toEqual({ by: a.body.rematch.by, private: true });
    expect(JSON.stringify(seen.body)).not.toContain(a.body.rematch.code);
    expect(a.body.rematch.private).toBe(true);
    const table = await getJson(`/api/games/${a.body.rematch.code}`);
    expect(table.body).toMatchObject({ code: a.body.rematch.code, roomId: a.body.rematch.roomId, status: "lobby", seats: 4 });
    expect(table.body.players.filter((p: any) => p.bot)).toHaveLength(2);
  });
});

/** A request from a loopback address of its own (127.0.0.2 and up), as another machine's would come. */
function fromAddress(address: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: PORT, path, localAddress: address, method: body === undefined ? "GET" : "POST",
      headers: body === undefined ? {} : { "content-type": "application/json" } }, (res) => {
      let text = "";
      res.on("data", (c) => { text += c; });
      res.on("end", () => resolve({ status: res.statusCode!, body: text.startsWith("{") ? JSON.parse(text) : text }));
    });
    req.on("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

describe("a right code is never refused on the finished game's pages", () => {
  it("answers the right code after everyone's wrong-code count and the player's own address's are spent", async () => {
    await clearWrongCodes();
    const WRONG = "AAAAA-AAAAA";
    // 60 addresses spend the minute's 600 wrong codes of everyone together (10 each, the address limit).
    for (let a = 0; a < 60; a++) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => fromAddress(`127.0.0.${a + 2}`, `/api/games/${WRONG}/replay/outline`)));
      expect(answers.every((r) => r.status === 404), `address ${a + 2}`).toBe(true);
    }
    expect((await fromAddress("127.0.0.100", `/api/games/${WRONG}/rematch`)).status).toBe(429);
    // The player's own address (127.0.0.2) has spent its own count too: the right code still opens every page.
    for (const path of ["replay/outline", "replay/steps?from=0&count=2", "rematch"]) {
      const r = await fromAddress("127.0.0.2", `/api/games/${code}/${path}`);
      expect(r.status, path).toBe(200);
    }
    expect((await fromAddress("127.0.0.2", `/api/games/${code}`)).status).toBe(200);
    expect((await fromAddress("127.0.0.2", `/api/games/${code}/rematch`, { token: tokens[0] })).status).toBe(201);
    await clearWrongCodes();
  }, 60_000);
});
