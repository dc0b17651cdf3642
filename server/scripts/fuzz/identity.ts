// Attacks on who is who, and on what the server keeps (issue #30):
// - names that pass for a seated player's or a bot's (other scripts, fullwidth and mathematical letters,
//   capital I for l, accents, invisible characters, small capitals, Cherokee), each of which must be refused;
// - a spectator flood from many addresses at a started table, held to the spectators' limits, after which
//   the seat's holder still gets back in with the seat token;
// - talk at the allowed pace from many addresses: the store keeps the last lines of each channel, and the
//   fuzzer prints the stored bytes per table and what each address made the server keep;
// - storage growth: one address's players talk at every new table, public lines and private messages at
//   the allowed pace, burst after burst, until the server refuses its day's talk: what the server wrote
//   from that address (every line heard was written first) may not pass the day's bytes, nor what the
//   server counted for it.
import { TALK_ROW_BYTES } from "../../access/throttle.ts";
import { CHAT_MAX } from "../../../shared/room-protocol.ts";
import { TALK_LINES_KEPT, TALK_PRUNE_EVERY } from "../../store/index.ts";
import { createTable, joinRoom, sleep, type SdkRoom } from "../lib/clients.ts";
import { breach, out, pick } from "./common.ts";
import { LIMITS, from, httpUrl, serverCall, wsUrl } from "./server.ts";

/** An address of this burst's identity attacks (fresh each burst, so each burst meets the limits anew). */
const idAddress = (burst: number, k: number) => `10.77.${burst % 250}.${k}`;

/** Each passes for "Alice" beside Alice, or hides something in a name. */
export const PASSES_FOR_ALICE = [
  "Аlice", "Αlice", "Ａｌｉｃｅ", "𝐀lice", "𝔸lice", "AIice", "ALICE", "Alicé", "A\u0301lice", "Al\u034fice", "Alice\ufe0f",
  "A\u3164lice", "A\u115flice", "Al\u2800ice", "Al\u{e0041}ice", "Al\u2060ice", "Ꭺlice",
];
/** Each passes for a bot's name. */
export const PASSES_FOR_A_BOT = ["Bᴏt Fen", "ʙot", "Ᏼot", "Bót", "B0T Ada", "Вот", "8o+ Eve", "Ｂｏｔ", "bot\u200b"];

/** The talk each address had accepted (bytes as the server counts them), over the run. */
const keptBy = new Map<string, number>();
/** Tables whose stored talk is measured after each burst. */
const talkTables = new Set<string>();

async function leave(rooms: (SdkRoom | null)[]): Promise<void> {
  await Promise.all(rooms.map((r) => r?.leave().catch(() => 0)));
}

/** A new table from this burst's address, with Alice seated (and bots in all but one seat). */
async function tableWithAlice(burst: number, bots: number): Promise<{ code: string; roomId: string; alice: SdkRoom } | null> {
  try {
    const t = await createTable(httpUrl, { seats: 4, bots, botDelayMs: 200, graceSeconds: 600, private: true }, from(idAddress(burst, 1)));
    const alice = await joinRoom(wsUrl, t.roomId, { code: t.code, name: "Alice" }, { headers: from(idAddress(burst, 2)) });
    return { ...t, alice };
  } catch {
    return null; // a limit of this address: the front door's own checks see to those
  }
}

/** Names that pass for Alice or for a bot: every one must be refused. */
export async function nameTricks(burst: number): Promise<void> {
  const t = await tableWithAlice(burst, 1);
  if (!t) return;
  const tries = [pick(PASSES_FOR_ALICE), pick(PASSES_FOR_ALICE), pick(PASSES_FOR_A_BOT)];
  for (const [k, name] of tries.entries()) {
    out.messages++;
    const room = await joinRoom(wsUrl, t.roomId, { code: t.code, name }, { headers: from(idAddress(burst, 10 + k)) }).catch(() => null);
    if (room) {
      breach(`the name ${JSON.stringify(name)} sat down beside Alice and a bot`);
      await leave([room]);
    }
  }
  await leave([t.alice]);
}

/**
 * Spectators from many addresses at a started table: no more than the table's limit, none over an
 * address's; then Alice, who reloaded meanwhile, takes her seat back with her token.
 */
export async function spectatorFlood(burst: number): Promise<void> {
  const t = await tableWithAlice(burst, 3);
  if (!t) return;
  const token = await waitForToken(t.alice);
  await leave([t.alice]);
  const addresses = Math.ceil((LIMITS.spectatorsPerTable + 10) / LIMITS.spectatorsPerAddress) + 1;
  const joined = (await Promise.all(Array.from({ length: addresses }, async (_, a) => {
    const mine: SdkRoom[] = [];
    for (let i = 0; i < LIMITS.spectatorsPerAddress + 1; i++) {
      out.messages++;
      const r = await joinRoom(wsUrl, t.roomId, { code: t.code, spectator: true }, { headers: from(idAddress(burst, 100 + a)) }).catch(() => null);
      if (r) mine.push(r);
    }
    if (mine.length > LIMITS.spectatorsPerAddress) breach(`one address watched one table ${mine.length} times (limit ${LIMITS.spectatorsPerAddress})`);
    return mine;
  }))).flat();
  const counted = await serverCall<number | null>("spectators", t.roomId);
  if (joined.length > LIMITS.spectatorsPerTable || (counted ?? 0) > LIMITS.spectatorsPerTable) {
    breach(`${joined.length} spectators joined one table (the room counts ${counted}; limit ${LIMITS.spectatorsPerTable})`);
  }
  if (token) {
    const back = await joinRoom(wsUrl, t.roomId, { code: t.code, seatToken: token }, { headers: from(idAddress(burst, 2)) }).catch((e) => String(e));
    if (typeof back === "string") breach(`a seat's holder was refused her seat during a spectator flood: ${back}`);
    else await leave([back]);
  }
  // The flood talks at the allowed pace: what the store keeps of it is measured after the burst.
  talkTables.add(t.code);
  for (const [i, w] of joined.entries()) {
    const address = idAddress(burst, 100 + Math.floor(i / LIMITS.spectatorsPerAddress));
    let refused = 0;
    w.onMessage("error", (e: { code: string }) => { if (e.code === "chat-rate" || e.code === "talk-quota") refused++; });
    const text = `watching ${i} ${"w".repeat(200 + (i % 300))}`;
    for (let k = 0; k < 4; k++) w.send("chat", { text });
    out.messages += 4;
    void sleep(1500).then(() => {
      keptBy.set(address, (keptBy.get(address) ?? 0) + (4 - refused) * (Buffer.byteLength(text) + "Spectator".length + TALK_ROW_BYTES));
    });
  }
  await sleep(1600);
  await leave(joined);
}

/** The one address whose talk grows burst after burst (storageGrowth), and what it was told. */
const GROWER = "10.78.255.1";
const growth = { heardBytes: 0, lines: 0, quotaRefusals: 0, rateRefusals: 0 };
const GROWERS = ["Grower Ann", "Grower Ben", "Grower Cy"];

/**
 * Storage growth: three players from one address at a new table talk as fast as allowed, the longest
 * lines, in public and privately to one another. Each line heard is counted once (public lines by the
 * first grower, a private one by its recipient) at the bytes the server counts, so that the run adds
 * up what the server wrote from that address.
 */
export async function storageGrowth(burst: number): Promise<void> {
  let t: { code: string; roomId: string };
  try {
    t = await createTable(httpUrl, { seats: 4, private: true }, from(`10.78.${burst % 250}.1`));
  } catch {
    return; // a limit of the creating address: the front door's own checks see to those
  }
  talkTables.add(t.code);
  const seats: (number | null)[] = GROWERS.map(() => null);
  const rooms = (await Promise.all(GROWERS.map((name, i) => joinRoom(wsUrl, t.roomId, { code: t.code, name }, {
    headers: from(GROWER),
    listen: (room) => {
      room.onMessage("seat", (m: { seat: number }) => { seats[i] = m.seat; });
      room.onMessage("error", (e: { code: string }) => {
        if (e.code === "talk-quota") growth.quotaRefusals++;
        if (e.code === "chat-rate") growth.rateRefusals++;
      });
      const cost = (text: string, name: string) => Buffer.byteLength(text) + Buffer.byteLength(name) + TALK_ROW_BYTES;
      room.onMessage("chat", (l: { from: string; text: string }) => {
        if (i === 0 && GROWERS.includes(l.from)) { growth.heardBytes += cost(l.text, l.from); growth.lines++; }
      });
      room.onMessage("whisper", (w: { to: number; fromName: string; text: string }) => {
        if (w.to === seats[i] && GROWERS.includes(w.fromName)) { growth.heardBytes += cost(w.text, w.fromName); growth.lines++; }
      });
    },
  }).catch(() => null))));
  for (let k = 0; k < 3; k++) {
    for (const [i, room] of rooms.entries()) {
      const to = seats[(i + 1) % GROWERS.length];
      const text = `${burst}.${k} ${"g".repeat(CHAT_MAX)}`.slice(0, CHAT_MAX);
      out.messages++;
      room?.send("chat", k === 1 && to !== null ? { text, to } : { text });
    }
    await sleep(300);
  }
  await sleep(1000); // the last lines heard
  await leave(rooms);
}

/** Alice's seat token, once the server has sent it. */
async function waitForToken(room: SdkRoom): Promise<string | null> {
  for (let i = 0; i < 100; i++) {
    for (const s of (room.state as any)?.seats?.values() ?? []) if (s.secret?.seatToken) return s.secret.seatToken as string;
    await sleep(20);
  }
  return null;
}

/**
 * After a burst: what the store keeps of each flooded table's talk (no channel past its kept lines and
 * the lines waiting for the next cut), printed per table and per address.
 */
export async function checkStoredTalk(print: boolean): Promise<void> {
  if (talkTables.size === 0) return;
  const stored = await serverCall<Record<string, { bytes: number; lines: number; mostInChannel: number }>>("talkStored", [...talkTables]);
  const most = TALK_LINES_KEPT + TALK_PRUNE_EVERY - 1;
  for (const [code, r] of Object.entries(stored)) {
    if (r.mostInChannel > most) breach(`table ${code} stores ${r.mostInChannel} lines of one chat channel (at most ${most})`);
  }
  for (const [address, bytes] of keptBy) {
    if (bytes > LIMITS.talkBytesPerAddressPerDay) breach(`address ${address} had ${bytes} bytes of talk kept in a day (limit ${LIMITS.talkBytesPerAddressPerDay})`);
  }
  const counted = await serverCall<Record<string, number>>("talkSpent");
  const grower = counted[GROWER] ?? 0;
  if (growth.heardBytes > LIMITS.talkBytesPerAddressPerDay) {
    breach(`one address had ${growth.heardBytes} bytes of talk written in a day (limit ${LIMITS.talkBytesPerAddressPerDay})`);
  }
  if (growth.heardBytes > grower) breach(`the server wrote ${growth.heardBytes} bytes of one address's talk but counted ${grower}`);
  if (!print) return;
  const tables = Object.entries(stored);
  const perTable = tables.map(([, r]) => r.bytes);
  const perAddress = [...keptBy.values()];
  console.log(`stored talk: ${tables.length} flooded tables, bytes per table max ${Math.max(0, ...perTable)} (${tables.map(([c, r]) => `${c} ${r.bytes} B/${r.lines} lines`).slice(0, 4).join(", ")}); `
    + `per address max ${Math.max(0, ...perAddress)} B of talk kept (${perAddress.length} addresses; day's limit ${LIMITS.talkBytesPerAddressPerDay} B)`);
  const spent = Object.values(counted);
  console.log(`talk per address as the server counts it: ${spent.length} addresses, max ${Math.max(0, ...spent)} B; `
    + `storage growth from one address: ${growth.heardBytes} B written in ${growth.lines} lines (server's count ${grower} B), `
    + `then refused ${growth.quotaRefusals} times for the day's bytes (and ${growth.rateRefusals} times for the pace)`);
}
