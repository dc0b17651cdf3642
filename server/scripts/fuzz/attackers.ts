// Attackers: seated players and a spectator at each honest table, who send random and malformed messages
// of every type, raw frames, frames over the size limit and floods, and come back when dropped.
import { joinRoom, myLegal, type SdkRoom } from "../lib/clients.ts";
import { randomCommand } from "../../bots/random.ts";
import { int, out, pick, random } from "./common.ts";
import { plausibleCommand, randomBytes, randomString, randomValue } from "./random-input.ts";
import { from, wsUrl } from "./server.ts";

/** What an attacker knows of its table. */
export interface AttackedTable { code: string; roomId: string; n: number }
/** Each honest table's attackers share an address (the honest players another: honest.ts). */
export const attackerAddress = (t: { n: number }) => `10.2.${t.n >> 8 & 255}.${t.n & 255}`;

export class Attacker {
  room: SdkRoom | null;
  table: AttackedTable;
  options: Record<string, unknown>;
  token: string | null = null;

  private constructor(room: SdkRoom, table: AttackedTable, options: Record<string, unknown>) {
    this.room = room;
    this.table = table;
    this.options = options;
    this.listen(room);
  }

  static async join(table: AttackedTable, options: Record<string, unknown>): Promise<Attacker> {
    return new Attacker(await joinRoom(wsUrl, table.roomId, options, { headers: from(attackerAddress(table)) }), table, options);
  }

  private listen(room: SdkRoom): void {
    room.onMessage("seat", (m: { seatToken: string }) => { this.token = m.seatToken; });
    room.onLeave(() => { if (this.room === room) this.room = null; });
  }

  /** Back in after the server dropped us (a flood or a frame over the size limit). */
  async rejoin(): Promise<void> {
    const options = this.token ? { code: this.table.code, seatToken: this.token } : { code: this.table.code, spectator: true };
    try {
      const room = await joinRoom(wsUrl, this.table.roomId, options, { headers: from(attackerAddress(this.table)) });
      this.room = room;
      this.listen(room);
    } catch { /* the table may be over */ }
  }

  attack(): void {
    const room = this.room;
    if (!room) return;
    out.messages++;
    try {
      this.send(room);
    } catch {
      // The SDK itself refuses some of these (a body over its buffer): nothing reached the server.
    }
  }

  private send(room: SdkRoom): void {
    if (random() < 0.1) return voteOrVacation(room);
    switch (int(10)) {
      case 0: // a message type nobody handles, or a weird one
        room.send(pick([randomString(30), int(1000), "", "__proto__", "x".repeat(3000)]) as any, randomValue());
        return;
      case 1:
      case 2:
        room.send("command", randomValue());
        return;
      case 3:
        room.send("command", plausibleCommand());
        return;
      case 4:
        if (random() < 0.25) { // a take-back, or answers in advance: well formed or not
          room.send(pick(["take-back", "answers"]), pick([randomValue(), {}, { abilities: "ask" }, { ability: { id: randomString(80), answer: "round" } }, { counteroffers: "pass", forced: randomValue() }]));
          return;
        }
        room.send("chat", pick([randomValue(), { text: randomString(700) }, { text: "hi", to: int(8) - 1 }, { text: " " }, { text: "hello there" }]));
        return;
      case 5:
        if (random() < 0.3) {
          // Adjourning and resuming, always malformed: a valid request would adjourn the honest tables.
          room.send(pick(["adjourn", "resume"]), pick([randomString(20), { meetAt: -1 }, { meetAt: randomString(8) }, { meetAt: 1e300 }, { withdraw: false }, { absent: randomString(6) }, { absent: "wait", extra: randomValue() }]));
          return;
        }
        room.send("host", pick([randomValue(), { action: "start" }, { action: "add-bot" }, { action: "remove-bot", seat: int(7) }, { action: "settings", variant: randomValue(), stepSeconds: randomValue() }]));
        return;
      case 6: // a raw frame: a random protocol code followed by garbage
        room.connection.send(randomBytes(1 + int(200)));
        return;
      case 7: // a ROOM_DATA frame with a valid type and a garbage body
        room.connection.send(new Uint8Array([13, 0xa7, ...Buffer.from("command"), ...randomBytes(int(60))]));
        return;
      case 8: // over the 4 KB frame limit: the server must close this connection, nothing else
        if (random() < 0.2) room.connection.send(new Uint8Array([13, 0xa7, ...Buffer.from("command"), ...randomBytes(5000 + int(20_000))]));
        else room.send("chat", { text: "z".repeat(400) });
        return;
      default: { // a flood: more than the room's 100 messages per second
        if (random() < 0.1) {
          for (let i = 0; i < 150; i++) room.send("command", { type: "pass" });
          out.messages += 149;
        } else {
          const legal = myLegal(room);
          const cmd = randomCommand(legal, random) ?? plausibleCommand();
          room.send("command", cmd); // possibly out of turn by the time it lands
        }
      }
    }
  }
}

/**
 * A vote or a vacation (shared/vote-protocol.ts), well formed or not. Well formed ones are refused or
 * never carry: the honest tables are live (no pause, no vacation), ending or cancelling needs everyone
 * (the honest players never answer), and a replacement names seat 5, a bot's or nobody's (not away);
 * an attacker's "no" turns down the open vote.
 */
function voteOrVacation(room: SdkRoom): void {
  const now = Date.now();
  if (random() < 0.5) {
    room.send("vote", pick([
      { act: "open", kind: pick(["end", "cancel", "resume"]) },
      { act: "open", kind: "pause", resumeAt: now + int(3) * 3600_000 },
      { act: "open", kind: "replace", seat: 5 },
      { act: "answer", yes: random() < 0.5 },
      randomValue(), {}, { act: "open" }, { act: "open", kind: randomString(8) }, { act: "open", kind: "pause", resumeAt: -1 },
      { act: "open", kind: "pause", resumeAt: 1e300 }, { act: "open", kind: "replace", seat: 99 }, { act: "answer", yes: "yes" },
      { act: "answer", yes: true, extra: randomValue() }, { act: "open", kind: "end", __proto__: { admin: true } },
    ]));
    return;
  }
  room.send("vacation", pick([
    { act: "mark", from: now, until: now + (1 + int(48)) * 3600_000 },
    { act: "mark", from: now + 3600_000, until: now + 2 * 3600_000 },
    { act: "end" },
    randomValue(), {}, { act: "mark" }, { act: "mark", from: randomString(6), until: now }, { act: "mark", from: -1, until: 1e300 },
    { act: "mark", from: now, until: now - 1 }, { act: randomString(5) }, { act: "end", extra: true },
  ]));
}
