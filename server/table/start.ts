// Where a table starts from: new options (a table made by the lobby) or the store (a game restored after
// a restart). Both give a TableStart, and the table opens from either the same way (Table.open).
import { randomBytes } from "node:crypto";
import { apply, createGameWithEvents, isSeed, type GameState, type Seed } from "../engine/index.ts";
import { variantProblem } from "../engine/variant-schema.ts";
import { TableOptions } from "../../shared/room-protocol.ts";
import type { GameEvent } from "../../shared/view.ts";
import type { Command } from "../../shared/protocol.ts";
import { gameCommands, type GameStore, type StoredChatLine, type StoredClock, type StoredGame, type StoredSeat, type StoredWhisper } from "../store/index.ts";
import { takeBackLine } from "./take-back.ts";
import { CHAT_LINES } from "./talk.ts";
import { DEFAULT_ROOM_LIMITS, deadlineProblem, type RoomLimits } from "./limits.ts";
import { tutorialOptions } from "./guide.ts";

/**
 * The server-side switch for a fixed seed (tests and tools only): given to createServer, it reaches the
 * room through its defineRoom options, which no client request can set. Undefined: a random seed.
 */
export type SeedSource = (code: string) => Seed | undefined;

/** A new table's seed: 128 bits from the operating system's CSPRNG, unless the server fixes it. */
function tableSeed(source: unknown, code: string): Seed {
  const fixed = typeof source === "function" ? (source as SeedSource)(code) : undefined;
  if (fixed === undefined) return randomBytes(16).toString("hex");
  if (!isSeed(fixed)) throw new Error("A fixed seed is a whole number or 32 hex digits.");
  return fixed;
}

/** The bots' own randomness: seeded apart from the game, so the game's seed cannot be derived from their play. */
export function botSeed(): number {
  return randomBytes(4).readUInt32LE(0);
}

/** What the store had of a game being restored. */
export interface Restored {
  status: StoredGame["status"];
  createdAt: number;
  seats: StoredSeat[];
  chat: { lines: StoredChatLine[]; total: number };
  whispers: StoredWhisper[];
  /** The game's commands, take-backs applied (what the engine replays). */
  commands: { seat: number; command: Command }[];
  /** How many records the store holds (commands and take-backs): the next one's number. */
  records: number;
  /** The next private message's number (the store keeps only the last ones). */
  whisperTotal: number;
  /** Woken by its link (not restored at a start): it waits for that join before it can park again. */
  woken?: boolean;
  /** While adjourned: its meeting time and stopped clocks. */
  adjourned?: StoredGame["adjourned"];
  /** A turn-based game's seat clocks (time-bank.ts). */
  clocks?: StoredClock[];
  /** The players' open vote (votes.ts), kept with its answers and expiry. */
  vote?: StoredGame["vote"];
  /** The votes each seat opened lately (the hourly limit). */
  voteOpenings?: StoredGame["voteOpenings"];
  /** A turn-based game's vacations (vacations.ts). */
  vacations?: StoredGame["vacations"];
  /** The game replayed from its commands (null for a table still in the lobby). */
  rebuilt: { game: GameState; events: GameEvent[] } | null;
}

export interface TableStart {
  code: string;
  options: TableOptions;
  /** The game's seed: kept in the store for the replay, sent to no client before the game is over. */
  seed: Seed;
  /** Null for a new table. */
  restored: Restored | null;
}

/**
 * A new table: its options checked (a sentence for the client when they are wrong), its seed drawn,
 * and the game written to the store.
 */
export async function newTable(
  store: GameStore, roomId: string, code: string, input: unknown, seeds: unknown, limits: Pick<RoomLimits, "stepSecondsMin"> = DEFAULT_ROOM_LIMITS,
): Promise<TableStart | { problem: string }> {
  const parsed = TableOptions.safeParse(input ?? {});
  if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? "Bad table options." };
  const problem = variantProblem(parsed.data.variant) ?? deadlineProblem(parsed.data.stepSeconds, limits);
  if (problem) return { problem };
  const options = parsed.data.tutorial ? tutorialOptions(parsed.data) : parsed.data;
  const start: TableStart = { code, options, seed: tableSeed(seeds, code), restored: null };
  await store.createGame({ code, roomId, options: { ...start.options, seed: start.seed }, createdAt: Date.now() });
  return start;
}

/**
 * A game rebuilt from the store after a restart: options, seats, chat, private messages, and every
 * accepted command replayed in order. A game that cannot be rebuilt (a variant the engine cannot play,
 * a command that no longer applies) throws before anything starts: the caller marks it broken.
 */
export async function storedTable(store: GameStore, code: string, woken = false): Promise<TableStart> {
  const saved = await store.getGame(code);
  if (!saved || saved.status === "finished") throw new Error(`There is no unfinished game ${code} to restore.`);
  const [records, chat, whispers, whisperTotal] = await Promise.all([
    store.commands(code), store.chat(code, CHAT_LINES), store.whispers(code), store.whisperTotal(code),
  ]);
  // Options added since the game was stored take their defaults.
  const { seed, ...stored } = saved.options;
  const options = { ...TableOptions.parse({}), ...stored };
  const problem = variantProblem(options.variant);
  if (problem) throw new Error(`The stored variant of game ${code} cannot be played: ${problem}`);
  let rebuilt: Restored["rebuilt"] = null;
  if (saved.status !== "lobby") {
    const created = createGameWithEvents({ players: options.seats as 4 | 5 | 6, seed, variant: options.variant });
    let game = created.state;
    const events = [...created.events];
    // each game command with the state before it, for a take-back record to put back (and log)
    const played: { seat: number; command: Command; before: GameState }[] = [];
    for (const [i, { seat, command }] of records.entries()) {
      if (command.type === "take-back") {
        const last = played.pop();
        if (!last || last.seat !== seat) throw new Error(`Record ${i} of game ${code} takes back no decision of seat ${seat}.`);
        game = last.before;
        events.push({ type: "take-back", text: takeBackLine(saved.seats.find((s) => s.seat === seat)?.name ?? `Seat ${seat + 1}`, last.command) });
        continue;
      }
      const result = apply(game, seat, command);
      if (!result.ok) throw new Error(`Command ${i} of game ${code} no longer applies: ${result.message}`);
      played.push({ seat, command, before: game });
      game = result.state;
      events.push(...result.events);
    }
    rebuilt = { game, events };
  }
  const commands = gameCommands(records);
  const clocks = options.pace === "turn-based" ? await store.clocks(code) : [];
  return { code, options, seed, restored: { status: saved.status, createdAt: saved.createdAt, seats: saved.seats, chat, whispers, whisperTotal, commands, records: records.length, rebuilt, adjourned: saved.adjourned, vote: saved.vote, voteOpenings: saved.voteOpenings, vacations: saved.vacations, woken, clocks } };
}
