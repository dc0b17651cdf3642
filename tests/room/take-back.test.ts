// Take-backs over real sockets (server/table/take-back.ts): a player takes back their last decision
// while nobody else has decided since and it revealed nothing; the log says so; it is refused once
// another seat has acted, and after a decision that drew cards. The take-back is a record in the store:
// the game rebuilt from the store (as after a restart) is the same game.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import type { Room as SDKRoom } from "@colyseus/sdk";
import { bootServer, createTable, join, legalOf, tableOf, until } from "./helpers.ts";
import { replay, type GameState } from "../../server/engine/index.ts";
import { makeRandom, randomCommand } from "../../server/bots/random.ts";
import { storedTable } from "../../server/table/start.ts";
import type { Command } from "../../shared/protocol.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer(); });
afterAll(async () => colyseus.shutdown());

describe("take-back", () => {
  it("takes back an offer (logged, stored, rebuilt the same), refuses once another seat acted and after a draw", async () => {
    const { code, roomId, room } = await createTable({ seats: 4, seed: 11 });
    const clients: SDKRoom[] = [];
    for (let n = 0; n < 4; n++) clients.push(await join(colyseus, roomId, { code, name: `P${n}` }));
    const refusals = clients.map(() => [] as string[]);
    clients.forEach((c, n) => c.onMessage("error", (e: { code: string }) => refusals[n]!.push(e.code)));
    for (const c of clients) c.send("answers", { abilities: "ask", forced: false, timedPass: false });
    const game = () => (room as unknown as { game: GameState | null }).game;
    await until(() => game() !== null);
    const moves = () => (room as unknown as { game: GameState }).game;
    const random = makeRandom(5);
    /** Every client holds the room's state as it is now (its moves counter, and its legal commands). */
    const synced = () => until(() => clients.every((c, n) => (c.state as any).game.moves === (room as any).state.game.moves
      && (c.state as any).seats.get(String(n)).secret.legal === (room as any).state.seats.get(String(n)).secret.legal), 5000, "the patch");
    /** Sends a command for the pending seat and waits until the game has changed. */
    const play = async (seat: number, command: Command) => {
      const before = moves();
      clients[seat]!.send("command", command);
      await until(() => moves() !== before, 5000, `${command.type} accepted`);
      await synced();
    };
    const refused = async (seat: number, code: string) => {
      const was = refusals[seat]!.length;
      clients[seat]!.send("take-back", {});
      await until(() => refusals[seat]!.length > was, 5000, "a refusal");
      expect(refusals[seat]!.at(-1)).toBe(code);
    };
    let drew = false;
    let tookBack = false;
    for (let step = 0; step < 400 && !(drew && tookBack); step++) {
      const s = game()!;
      const seat = s.pending!.seat;
      const legal = legalOf(clients[seat]!);
      const choose = legal.find((l) => l.type === "choose");
      if (!drew && s.pending!.kind === "general-draw" && choose?.type === "choose") {
        await play(seat, { type: "choose", option: choose.options[0]!.value });
        // a draw revealed cards to its drawer: nothing to take back
        expect(tableOf(clients[seat]!).secret!.takeBack).toBe("");
        await refused(seat, "cannot-take-back");
        drew = true;
        continue;
      }
      const offer = legal.find((l) => l.type === "offer");
      if (!tookBack && offer?.type === "offer" && offer.cards.length > 0) {
        const before = game()!;
        const logBefore = room.gameLog.length;
        await play(seat, { type: "offer", card: offer.cards[0]! });
        await until(() => tableOf(clients[seat]!).secret!.takeBack === "main offer", 5000, "the take-back offered");
        // nobody else sees it
        const others = clients.filter((_, n) => n !== seat);
        expect(others).toHaveLength(clients.length - 1);
        for (const c of others) expect(JSON.stringify((c.state as any).toJSON())).not.toContain("main offer");
        clients[seat]!.send("take-back", {});
        await until(() => game() === before || JSON.stringify(game()) === JSON.stringify(before), 5000, "the game as before the offer");
        await until(() => room.gameLog.length > logBefore && room.gameLog.some((l) => l.includes(`P${seat} took back their main offer.`)), 5000, "the log line");
        await until(() => legalOf(clients[seat]!).some((l) => l.type === "offer"), 5000, "the offer to make again");
        // offer again; the next seat decides: now it cannot be taken back
        await play(seat, { type: "offer", card: offer.cards[0]! });
        const next = game()!.pending!.seat;
        expect(next).not.toBe(seat);
        await play(next, randomCommand(legalOf(clients[next]!).filter((l) => !l.type.startsWith("trade-")), random)!);
        expect(tableOf(clients[seat]!).secret!.takeBack).toBe("");
        await refused(seat, "cannot-take-back");
        tookBack = true;
        continue;
      }
      await play(seat, randomCommand(legal.filter((l) => !l.type.startsWith("trade-")), random)!);
    }
    expect(drew && tookBack).toBe(true);
    // the engine's replay of the table's commands, and the game rebuilt from the store, are this game
    const log = await room.replayLog();
    expect(replay({ players: 4, seed: log.seed, variant: log.variant, commands: log.commands })).toEqual(game());
    const store = (room as any).table.deps.store;
    const stored = await storedTable(store, code);
    expect(stored.restored!.rebuilt!.game).toEqual(game());
    expect(stored.restored!.records).toBe(log.commands.length + 2); // the taken-back offer and its take-back
    expect(stored.restored!.rebuilt!.events.filter((e) => / took back their main offer\.$/.test(e.text))).toHaveLength(1);
    for (const c of clients) await c.leave();
  }, 60_000);

  it("answers in advance: held for their seat alone, checked, and never on another seat's wire", async () => {
    const { code, roomId } = await createTable({ seats: 4, seed: 12 });
    const clients: SDKRoom[] = [];
    for (let n = 0; n < 4; n++) clients.push(await join(colyseus, roomId, { code, name: `Q${n}` }));
    const errors: string[] = [];
    clients[0]!.onMessage("error", (e: { code: string }) => errors.push(e.code));
    clients[0]!.send("answers", { ability: { id: "eiko", answer: "round" } });
    await until(() => tableOf(clients[0]!).secret!.answers.includes("eiko"), 5000, "the answers kept");
    for (const c of clients.slice(1)) {
      await until(() => tableOf(c).secret!.answers !== "", 5000, "their own answers");
      expect(JSON.stringify((c.state as any).toJSON())).not.toContain("eiko");
    }
    clients[0]!.send("answers", { ability: { id: "no-such-asset", answer: "pass" } });
    clients[0]!.send("answers", { abilities: "sometimes" });
    await until(() => errors.length === 2, 5000, "two refusals");
    expect(errors).toEqual(["bad-answers", "bad-answers"]);
    for (const c of clients) await c.leave();
  }, 30_000);
});
