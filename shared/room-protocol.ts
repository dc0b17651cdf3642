// The room's own messages and options (game commands themselves are in protocol.ts), as zod schemas
// used by the server to validate and by the client to build messages.
import { z } from "zod";

/** The Colyseus room that holds one table (the server defines it under this name; the matchmaker finds tables by it). */
export const ROOM_NAME = "new_angeles";

export const NAME_MAX = 24;
export const CHAT_MAX = 500;

/**
 * Characters no name or chat line may hold: controls (Cc), format characters (Cf: among them the
 * bidirectional overrides and isolates U+202A–U+202E, U+2066–U+2069, the marks U+200E, U+200F, U+061C,
 * which make "5\u202e01 rof" read "5for 10"), and the line and paragraph separators.
 * Chat lets the zero-width joiner (U+200D) through: emoji sequences need it, and it reorders nothing.
 */
const HIDDEN_IN_NAMES = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
const HIDDEN_IN_CHAT = /[\p{Cc}\u2028\u2029]|(?!\u200d)\p{Cf}/u;

/** Letters that pass for others in a name ("B0t", "Вот"), folded before looking for "bot". */
const LOOK_ALIKES: Record<string, string> = {
  "0": "o", "о": "o", "ο": "o", "ö": "o", "ø": "o", "8": "b", "в": "b", "ь": "b", "β": "b", "ß": "b",
  "т": "t", "τ": "t", "7": "t", "+": "t",
};

/**
 * Whether a name could be taken for a server bot's ("Bot Ada"): the word "bot", in any disguise. A
 * number standing alone is a number, not a disguise ("Table 807" is a name; "B0T" and "8o+" are not).
 */
export function looksLikeBot(name: string): boolean {
  const numbersApart = name.normalize("NFKC").toLowerCase().replace(/(?<![\p{L}\p{N}+])\p{N}+(?![\p{L}\p{N}+])/gu, "#");
  const folded = [...numbersApart].map((c) => LOOK_ALIKES[c] ?? c).join("");
  return /(^|[^\p{L}\p{N}])bot(?![\p{L}\p{N}])/u.test(folded);
}

/** A player's display name: trimmed, 1–24 characters, no control or direction characters, not a bot's. */
export const PlayerName = z
  .string()
  .transform((s) => s.trim().replace(/\s+/g, " "))
  .pipe(
    z.string()
      .min(1, "Choose a name to join the table.")
      .max(NAME_MAX, `A name can be at most ${NAME_MAX} characters.`)
      .refine((s) => !HIDDEN_IN_NAMES.test(s), "A name cannot contain control or text-direction characters.")
      .refine((s) => !looksLikeBot(s), "Names with \"bot\" are kept for the server's bots: choose another."),
  );

/** Options of a new table (POST /api/games, or the room's onCreate). The server alone seeds a game: no `seed` here. */
export const TableOptions = z.strictObject({
  seats: z.union([z.literal(4), z.literal(5), z.literal(6)]).default(4),
  private: z.boolean().default(true),
  bots: z.number().int().min(0).max(6).default(0),
  stepSeconds: z.number().min(0).max(3600).default(0),
  botDelayMs: z.number().int().min(0).max(60_000).default(800),
  /** Bots say what they want (public lines, and answers to a player's trade as private messages). */
  botChat: z.boolean().default(true),
  /** Seconds a disconnected player's seat waits before a bot plays it. */
  graceSeconds: z.number().min(0).max(3600).default(60),
  variant: z.record(z.string(), z.unknown()).default({}),
  /** Players see the spectators' channel (spectators always see the players' public chat). */
  watchersOpen: z.boolean().default(false),
  /** A tutorial table ("Learn to play"): the first-game setup, and the game pauses to explain each new kind of moment. */
  tutorial: z.boolean().default(false),
  /** Others read "X asked for a hint" (absent: off at tutorial tables, on at others). */
  announceHints: z.boolean().optional(),
}).refine((o) => o.bots <= o.seats, { message: "There cannot be more bots than seats.", path: ["bots"] });
export type TableOptions = z.output<typeof TableOptions>;

/** Options of `client.joinById(roomId, options)`. */
export const JoinOptions = z.object({
  code: z.string().max(40).optional(),
  name: z.string().max(200).optional(),
  spectator: z.boolean().optional(),
  seatToken: z.string().max(100).optional(),
});
export type JoinOptions = z.output<typeof JoinOptions>;

/** Chat: public when `to` is absent, else a private message to that seat. */
export const ChatMessage = z.strictObject({
  text: z.string().transform((s) => s.trim()).pipe(
    z.string()
      .min(1, "Say something.")
      .max(CHAT_MAX, `A message can be at most ${CHAT_MAX} characters.`)
      .refine((s) => !HIDDEN_IN_CHAT.test(s), "A message cannot contain control or text-direction characters."),
  ),
  to: z.number().int().min(0).max(5).optional(),
});

/** Host-only table settings (all but `watchers` before the game starts). */
export const HostMessage = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("start") }),
  z.strictObject({ action: z.literal("add-bot") }),
  z.strictObject({ action: z.literal("remove-bot"), seat: z.number().int().min(0).max(5) }),
  z.strictObject({
    action: z.literal("settings"),
    stepSeconds: z.number().min(0).max(3600).optional(),
    variant: z.record(z.string(), z.unknown()).optional(),
    botChat: z.boolean().optional(),
  }),
  /** Whether players see the spectators' channel: before or during the game. */
  z.strictObject({ action: z.literal("watchers"), open: z.boolean() }),
]);

/** Ask for a hint: what the bot would do for your seat now, and why (answered to you alone). */
export const HintMessage = z.strictObject({});

/**
 * The guide of a tutorial table: "Got it" (play on), or the guide off or on again. `moment` names the
 * explanation a "Got it" answers: one that is no longer shown (a double click) is ignored.
 */
export const GuideMessage = z.strictObject({ action: z.enum(["got-it", "off", "on"]), moment: z.string().max(40).optional() });

/**
 * One line of public chat. `seq` numbers the table's lines from 0, so a client never shows one twice.
 * `watchers`: a spectator's line, in the spectators' own channel (seat -1): players get it only when the
 * host lets them see that channel (the state's `watchersOpen`).
 */
export interface ChatLine { seq: number; from: string; seat: number; text: string; at: number; watchers?: true }

/** Messages the server sends to one client. */
export interface ServerMessages {
  error: { code: string; message: string };
  seat: { seat: number; seatToken: string };
  whisper: { from: number; to: number; fromName: string; text: string; at: number };
  whispers: { messages: ServerMessages["whisper"][] };
  /** A public chat line, to everyone at the table; a spectators' line (`watchers`) to spectators, and to players when the channel is open. */
  chat: ChatLine;
  /**
   * The last public chat lines (and the spectators' ones this client may see), oldest first, on every
   * join and reconnection, and to players when the host opens the spectators' channel: they replace what the client had.
   */
  "chat-history": { lines: ChatLine[] };
  /**
   * The game log: `lines` are the public lines numbered from `from`. With `history` (on every join and
   * reconnection) they replace what the client had, and `private` holds the seat's own lines.
   */
  log: { from: number; lines: string[]; history?: boolean; private?: string[] };
  /**
   * A private game event for this seat alone (what you drew, what you saw). Type `bot-chose`: the bot
   * decided for this seat (its deadline ran out, or its player is away); the text says what, in words
   * (it opens with bot-chose.ts's BOT_CHOSE or BOT_PLAYED_AWAY).
   */
  event: { type: string; text: string };
  /** The answer to your `hint`: the bot's command for your seat now (null: nothing to decide), what it is in words, and why. */
  hint: { command: unknown; action: string; why: string };
}
