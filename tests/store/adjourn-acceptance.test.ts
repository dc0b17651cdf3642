// Issue #28's acceptance, against a real server process (`node server/index.ts`, SQLite in its own
// DATA_DIR, and PostgreSQL when there is one): five scripted people on real sockets adjourn at
// command 120 and all leave; the server is killed with SIGKILL twice; they come back a day later (the
// third process's store clock is set a day ahead: CLOCK_OFFSET_MS) and each takes their seat back: three
// by their token, two on another device through the seat link they asked for before leaving (a client
// with no token spends the link and joins with the key it gets). No command was stored
// while adjourned, the store replays to the state they left, the pending deadline has what was left
// of it, and all five play on.
import { afterAll, describe, expect, it } from "vitest";
import { gameCommands, openStore, type GameStore } from "../../server/store/index.ts";
import { replay } from "../../server/engine/index.ts";
import { autoplay, legalOf, stateOf, tableOf, until } from "../room/helpers.ts";
import { startServer, storedGameDatabases, stopAll, waitFor, type ServerProcess } from "./services.ts";
import { createTable, join, lookUp, seen, type Joined } from "./players.ts";

afterAll(stopAll);

const { dataDir, databases } = await storedGameDatabases("na-adjourn-", "adjourned tables");

const DAY = 24 * 3600_000;
const NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"];
const STEP_SECONDS = 900;
const PLAYED_ON = 20;

function kill(server: ServerProcess, ...rooms: Joined[]): Promise<unknown> {
  for (const r of rooms) r.room.reconnection.enabled = false;
  server.child.kill("SIGKILL");
  return server.exited;
}

describe.each(databases)("an adjourned game outlives its evening, games in %s", (_db, dbEnv) => {
  let reader: GameStore;
  afterAll(async () => { await reader?.close(); });

  it("five people adjourn at command 120, the server dies twice, and a day later they play on from where they stopped", async () => {
    reader = await openStore({ dataDir, databaseUrl: dbEnv.DATABASE_URL, instance: "test-reader" });
    const env = { DATA_DIR: dataDir, LOG_LEVEL: "warn", ...dbEnv };
    let server = await startServer(env);
    const port = server.port;
    // They play to command 120 and stop there: each stops sending once the table shows 120 moves (they
    // played on past it before, and a game can end soon after: beside a CI run, one was over when the
    // host adjourned). Random play ends a five-seat game after 97 to 400 commands (300 seeds), so a game
    // over before 120 is played again at a new table, at most three times.
    let code = "";
    let roomId = "";
    let people: Joined[] = [];
    let players: ReturnType<typeof autoplay>[] = [];
    const at120 = (p: Joined) => (tableOf(p.room).game?.moves ?? 0) >= 120;
    const over = () => people.some((p) => tableOf(p.room).status === "finished");
    for (let table = 1; ; table++) {
      ({ code, roomId } = await createTable(server, { seats: 5, botDelayMs: 0, graceSeconds: 600, stepSeconds: STEP_SECONDS }));
      people = [];
      for (const name of NAMES) people.push(await join(server, roomId, { code, name }));
      await until(() => stateOf(people[0]!.room).status === "playing", 10_000, "the start");
      players = people.map((p, i) => autoplay(p.room, 10 + i, () => at120(p)));
      await until(() => over() || people.every(at120), 120_000, "command 120");
      for (const p of players) p.stop();
      if (!over()) break;
      console.log(`the game at table ${table} ended at command ${(await reader.commands(code)).length}, before 120: a new table`);
      expect(table, "three games in a row ended before command 120").toBeLessThan(3);
      for (const p of people) { p.room.reconnection.enabled = false; await p.room.leave(true).catch(() => {}); }
    }
    let quietCount = -1;
    await waitFor(async () => {
      const n = (await reader.commands(code)).length;
      const quiet = n === quietCount;
      quietCount = n;
      return quiet;
    }, 20_000, "the table to go quiet");

    // The host adjourns until tomorrow evening; everyone sees it, then they all leave.
    const meetAt = Date.now() + DAY;
    const host = people[stateOf(people[0]!.room).hostSeat]!;
    const refusals: unknown[] = [];
    host.room.onMessage("error", (m) => refusals.push(m));
    host.room.send("adjourn", { meetAt });
    // (once, beside a CI run, not every person saw it within 10 s: a timeout says what each saw)
    await until(() => people.every((p) => tableOf(p.room).status === "adjourned"), 20_000, "the adjournment").catch(async (e: Error) => {
      throw new Error(`${e.message}: the people saw ${JSON.stringify(people.map((p) => [tableOf(p.room).status, p.room.connection.isOpen]))} (status, connected); `
        + `the host was told ${JSON.stringify(refusals)}; the store has ${(await reader.getGame(code))?.status}; `
        + `the server ${server.child.exitCode === null ? "runs" : `exited (${server.child.exitCode})`}, its last words: ${server.output().slice(-3000)}`);
    });
    const pending = tableOf(people[0]!.room).game!.pending!.seat;
    const before = people.map((p) => seen(p.room));
    const commandsBefore = await reader.commands(code);
    expect(commandsBefore.length).toBeGreaterThanOrEqual(120);
    const saved = await reader.getGame(code);
    expect(saved!.status).toBe("adjourned");
    const left = saved!.adjourned!.deadlines[String(pending)]!;
    expect(left).toBeGreaterThan(STEP_SECONDS * 1000 - 60_000);
    // Before leaving, Ben and Dan ask for a link to their seat, for another device.
    const linked = [1, 3];
    const links = new Map<number, string>();
    for (const i of linked) {
      const res = await fetch(`http://127.0.0.1:${port}/api/games/${code}/seat-link`, {
        method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ seatToken: people[i]!.seat.seatToken }),
      });
      expect(res.status).toBe(200);
      links.set(i, ((await res.json()) as { link: string }).link.split("#seat-link=")[1]!);
    }
    for (const p of people) await p.room.leave();
    // The room leaves memory: the game is parked in the store (not looked up over HTTP, which would wake it).
    await waitFor(async () => (await reader.getGame(code))!.parked, 10_000, "the game to be parked");

    // Killed twice: neither start claims or replays the parked game (a restored game gets a new room id).
    await kill(server);
    server = await startServer({ ...env, LOG_LEVEL: "info" }, port);
    await waitFor(() => server.output().includes("listening"), 10_000, "the start's log");
    await new Promise((r) => setTimeout(r, 500));
    expect((await reader.getGame(code))!).toMatchObject({ parked: true, roomId });
    await kill(server);
    expect(server.output()).not.toContain(code);

    // A day later (the store's clock a day ahead): the link wakes the game, adjourned, as it was left.
    server = await startServer({ ...env, CLOCK_OFFSET_MS: String(DAY) }, port);
    const table = await lookUp(server, code);
    expect(table).toMatchObject({ code, status: "adjourned", meetAt });
    expect(table.roomId).not.toBe(roomId);
    const final = replay({ players: 5, seed: saved!.options.seed, variant: saved!.options.variant, commands: gameCommands(commandsBefore) });
    const back: Joined[] = [];
    for (const [i, p] of people.entries()) {
      let seatToken = p.seat.seatToken;
      if (links.has(i)) {
        // The other device: the link's Continue gives it a key of its own, which takes the seat.
        const res = await fetch(`http://127.0.0.1:${port}/api/seat-links/redeem`, {
          method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ secret: links.get(i) }),
        });
        expect(res.status).toBe(200);
        const got = (await res.json()) as { seat: number; seatToken: string };
        expect(got.seat).toBe(p.seat.seat);
        expect(got.seatToken).not.toBe(seatToken);
        seatToken = got.seatToken;
      }
      back.push(await join(server, table.roomId, { code, seatToken }));
    }
    expect(back.map((b) => b.seat.seat)).toEqual(people.map((p) => p.seat.seat));
    for (const [i, b] of back.entries()) expect(seen(b.room)).toEqual(before[i]);
    expect(tableOf(back[0]!.room).game!.round).toBe(final.round);
    expect(await reader.commands(code)).toEqual(commandsBefore); // nothing stored while adjourned, the links' keys aside
    for (const i of linked) expect(back[0]!.log()).toContain(`${NAMES[i]} signed in on another device.`);

    // The host resumes: every clock picks up where it stopped, all five seated, and they play on.
    back[stateOf(back[0]!.room).hostSeat]!.room.send("resume", { absent: "wait" });
    await until(() => back.every((b) => tableOf(b.room).status === "playing"), 10_000, "the resume");
    const deadline = tableOf(back[0]!.room).game!.deadline;
    expect(Math.abs(deadline - Date.now() - left)).toBeLessThan(10_000);
    expect(tableOf(back[0]!.room).seats.filter((s) => s.connected).map((s) => s.name)).toEqual(NAMES);
    expect(tableOf(back[0]!.room).log.some((l) => /The host resumes the game\./.test(l))).toBe(true);
    players = back.map((b, i) => autoplay(b.room, 20 + i));
    // Twenty more commands, or the game's end (random play ends a five-seat game after 129 or more
    // commands: 200 seeds). Play stopped here twice on PostgreSQL (in CI, and once in 30 runs here), cause
    // unknown: a timeout says what the table, the players and the server were doing.
    const ended = () => tableOf(back[0]!.room).status === "finished";
    await waitFor(async () => ended() || (await reader.commands(code)).length >= commandsBefore.length + PLAYED_ON, 60_000, "play going on")
      .catch(async (e: Error) => {
        const t = tableOf(back[0]!.room);
        throw new Error(`${e.message}: ${(await reader.commands(code)).length - commandsBefore.length} more commands; status ${t.status}, pending ${JSON.stringify(t.game?.pending)}; `
          + `sent ${players.map((p) => p.sent)}, refused ${JSON.stringify(players.flatMap((p) => p.errors))}; legal of the pending seat ${JSON.stringify(back.filter((b) => b.seat.seat === t.game?.pending?.seat).map((b) => legalOf(b.room)))}; `
          + `the server ${server.child.exitCode === null ? "runs" : `exited (${server.child.exitCode})`}, its last words: ${server.output().slice(-3000)}`);
      });
    for (const p of players) p.stop();
    expect((await reader.commands(code)).length).toBeGreaterThan(commandsBefore.length);
    expect((await reader.commands(code)).slice(0, commandsBefore.length)).toEqual(commandsBefore);
    await kill(server, ...back);
  }, 300_000);
});
