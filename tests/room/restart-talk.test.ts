// Issue 17 across a restart, over real sockets: a server process (its own DATA_DIR) is killed with
// SIGKILL and started again on the same store. Players get the players' channel back and spectators
// the spectators' channel, each exactly as before, however much one channel outtalked the other; the
// spectators' channel stays closed to players (and open, once opened); private messages still reach
// their two players alone.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { Client, type Room as SDKRoom } from "@colyseus/sdk";
import { CHAT_LINES, CHAT_PER_10S } from "../../server/table/talk.ts";
import type { ChatLine } from "../../shared/room-protocol.ts";
import { startServer, stopAll, waitFor, type ServerProcess } from "../store/services.ts";
import { chatOf, tableOf, until } from "./helpers.ts";

afterAll(stopAll);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "na-restart-talk-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** A connection, with everything it received (every message, and the state) as text to search. */
interface Conn { room: SDKRoom; seat: { seat: number; seatToken: string } | null; heard: () => string }

const MESSAGES = ["chat", "chat-history", "whisper", "whispers", "log", "event", "error", "seat"];

async function connect(server: ServerProcess, roomId: string, options: Record<string, unknown>): Promise<Conn> {
  const room = await new Client(`http://127.0.0.1:${server.port}`).joinById(roomId, options);
  const heard: string[] = [];
  const conn: Conn = { room, seat: null, heard: () => heard.join("\n") + JSON.stringify((room.state as any)?.toJSON?.() ?? {}) };
  for (const type of MESSAGES) room.onMessage(type, (m: unknown) => heard.push(`${type} ${JSON.stringify(m)}`));
  room.onMessage("seat", (m: { seat: number; seatToken: string }) => { conn.seat = m; });
  room.onMessage("*", (type: unknown, m: unknown) => heard.push(`${String(type)} ${JSON.stringify(m)}`));
  await until(() => (room.state as any)?.status !== undefined && (options.spectator === true || conn.seat !== null), 10_000, "the join");
  return conn;
}

const lines = (c: Conn) => chatOf(c.room).map((l: ChatLine) => ({ ...l }));

describe("the two channels across a restart", () => {
  it("come back each to its own audience, exactly as before, and the spectators' channel stays closed", async () => {
    // Every connection comes from 127.0.0.1: its spectators are more than one address may have.
    const env = { DATA_DIR: dataDir, LOG_LEVEL: "warn", SPECTATORS_PER_ADDRESS: "50" };
    let server = await startServer(env);
    const port = server.port;
    const res = await fetch(`http://127.0.0.1:${port}/api/games`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ seats: 4, bots: 2, botDelayMs: 0, graceSeconds: 600, botChat: false }),
    });
    expect(res.status).toBe(201);
    const { code, roomId } = (await res.json()) as { code: string; roomId: string };
    const ann = await connect(server, roomId, { code, name: "Ann" });
    const ben = await connect(server, roomId, { code, name: "Ben" });
    await until(() => (ann.room.state as any).status === "playing", 10_000, "the game to start");

    // The host opens the spectators' channel and closes it again: it is closed when the server dies.
    ann.room.send("host", { action: "watchers", open: true });
    await until(() => tableOf(ben.room).watchersOpen, 5_000, "the channel open");
    ann.room.send("host", { action: "watchers", open: false });
    await until(() => !tableOf(ben.room).watchersOpen, 5_000, "the channel closed");

    // The players talk first, and whisper; then the spectators outtalk them, past what a channel keeps.
    const whisper = `whisper-${randomBytes(6).toString("hex")}`;
    const say = async (from: Conn, text: string, to: Conn) => {
      from.room.send("chat", { text });
      await until(() => chatOf(to.room).some((l) => l.text === text), 5_000, `"${text}"`);
    };
    await say(ann, "good luck all", ben);
    await say(ben, "you too", ann);
    ann.room.send("chat", { text: whisper, to: ben.seat!.seat });
    await say(ann, "my move", ben);
    await until(() => ben.heard().includes(whisper), 5_000, "the whisper");
    const marker = `spec-${randomBytes(6).toString("hex")}`;
    const spectators: Conn[] = [];
    const spoken = CHAT_LINES + CHAT_PER_10S; // each connection may say CHAT_PER_10S lines in ten seconds
    for (let i = 0; i * CHAT_PER_10S < spoken; i++) {
      const sam = await connect(server, roomId, { code, spectator: true });
      spectators.push(sam);
      for (let j = 0; j < CHAT_PER_10S; j++) sam.room.send("chat", { text: `${marker} ${i}.${j}` });
    }
    const said = spectators.length * CHAT_PER_10S;
    expect(said).toBeGreaterThan(CHAT_LINES);
    const fromSpectators = (c: Conn) => chatOf(c.room).filter((l) => l.watchers).length;
    await until(() => fromSpectators(spectators[0]!) === said, 20_000, "every spectator's line");

    // What a newcomer would be given now: the players' lines and the spectators' channel's last lines.
    const late = await connect(server, roomId, { code, spectator: true });
    await until(() => chatOf(late.room).length > 0, 5_000, "the spectator's history");
    const spectatorsBefore = lines(late);
    expect(spectatorsBefore.filter((l) => l.watchers)).toHaveLength(CHAT_LINES);
    expect(spectatorsBefore.filter((l) => !l.watchers).map((l) => l.text)).toEqual(["good luck all", "you too", "my move"]);
    const playersBefore = lines(ann);
    expect(playersBefore).toEqual(spectatorsBefore.filter((l) => !l.watchers));
    expect(lines(ben)).toEqual(playersBefore);
    for (const p of [ann, ben]) expect(p.heard()).not.toContain(marker);

    const logBefore = tableOf(ann.room).log;
    for (const c of [ann, ben, late, ...spectators]) c.room.reconnection.enabled = false;
    server.child.kill("SIGKILL");
    await server.exited;
    server = await startServer(env, port);
    let table: { roomId: string; status: string } | null = null;
    await waitFor(async () => {
      const r = await fetch(`http://127.0.0.1:${port}/api/games/${code}`);
      table = r.ok ? await r.json() : null;
      return table?.status === "playing";
    }, 20_000, "the game to be restored");

    const ann2 = await connect(server, table!.roomId, { code, seatToken: ann.seat!.seatToken });
    const ben2 = await connect(server, table!.roomId, { code, seatToken: ben.seat!.seatToken });
    const sam2 = await connect(server, table!.roomId, { code, spectator: true });
    await until(() => [ann2, ben2, sam2].every((c) => c.heard().includes("chat-history ")), 5_000, "the chat histories");
    // The log comes back as it was, "sits down" lines included, and goes on from there.
    expect(tableOf(ann2.room).log.slice(0, logBefore.length)).toEqual(logBefore);
    // Each audience gets its channel back, line for line, with the same numbers.
    expect(lines(ann2)).toEqual(playersBefore);
    expect(lines(ben2)).toEqual(playersBefore);
    expect(lines(sam2)).toEqual(spectatorsBefore);
    // Still closed: the players hear none of the spectators' lines; the whisper is theirs alone.
    expect(tableOf(ann2.room).watchersOpen).toBe(false);
    for (const p of [ann2, ben2]) {
      expect(p.heard()).not.toContain(marker);
      expect(p.heard()).toContain(whisper);
    }
    for (const s of [late, sam2, ...spectators]) expect(s.heard()).not.toContain(whisper);

    // Opened by the host, the players get the spectators' channel as it was; new lines number on.
    ann2.room.send("host", { action: "watchers", open: true });
    await until(() => chatOf(ben2.room).some((l) => l.watchers), 5_000, "the channel opened");
    expect(lines(ben2)).toEqual(spectatorsBefore);
    ann2.room.send("chat", { text: "we are back" });
    await until(() => chatOf(sam2.room).some((l) => l.text === "we are back"), 5_000, "a new line");
    expect(chatOf(sam2.room).at(-1)!.seq).toBe(Math.max(...spectatorsBefore.map((l) => l.seq)) + 1);

    await until(() => chatOf(ben2.room).some((l) => l.text === "we are back"), 5_000, "the new line at Ben's");
    const openBefore = lines(ben2);
    const previous = table!.roomId;

    // Left open, it is open after the next restart too, with the same lines.
    for (const c of [ann2, ben2, sam2]) c.room.reconnection.enabled = false;
    server.child.kill("SIGKILL");
    await server.exited;
    server = await startServer(env, port);
    await waitFor(async () => {
      const r = await fetch(`http://127.0.0.1:${port}/api/games/${code}`);
      table = r.ok ? await r.json() : null;
      return table?.status === "playing" && table.roomId !== previous;
    }, 20_000, "the game to be restored again");
    const ben3 = await connect(server, table!.roomId, { code, seatToken: ben.seat!.seatToken });
    await until(() => ben3.heard().includes("chat-history "), 5_000, "Ben's history");
    expect(tableOf(ben3.room).watchersOpen).toBe(true);
    expect(lines(ben3)).toEqual(openBefore);
    await ben3.room.leave();
    server.child.kill("SIGKILL");
    await server.exited;
  }, 120_000);
});
