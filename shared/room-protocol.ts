// The room's own messages and options (game commands themselves are in protocol.ts), as zod schemas
// used by the server to validate and by the client to build messages.
import { z } from "zod";
import { unsafeKey } from "./unsafe-keys.ts";
import { MAX_GENERAL_DRAWS } from "./prompts.ts";

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

/**
 * Characters that show nothing, or nothing of their own, in a name: every default-ignorable code point
 * (zero-width spaces and joiners, variation selectors, the combining grapheme joiner, Hangul fillers,
 * tags, soft hyphen...), the braille blank, private-use, unassigned and surrogate code points.
 */
const INVISIBLE_IN_NAMES = /[\p{Default_Ignorable_Code_Point}\u2800\p{Co}\p{Cn}\p{Cs}]/u;

/**
 * The scripts a name's letters may come from: Unicode's Recommended scripts for identifiers (UAX #31,
 * table 4), those in everyday use. Cherokee, Latin's small capitals aside, and historic scripts are
 * not among them: too many of their letters pass for Latin ones.
 */
export const NAME_SCRIPTS = [
  "Latin", "Greek", "Cyrillic", "Armenian", "Hebrew", "Arabic", "Thaana", "Devanagari", "Bengali", "Gurmukhi",
  "Gujarati", "Oriya", "Tamil", "Telugu", "Kannada", "Malayalam", "Sinhala", "Thai", "Lao", "Tibetan", "Myanmar",
  "Georgian", "Hangul", "Ethiopic", "Khmer", "Han", "Hiragana", "Katakana", "Bopomofo",
] as const;
const SCRIPT_TESTS = NAME_SCRIPTS.map((script) => [script, new RegExp(`\\p{Script=${script}}`, "u")] as const);
/** Scripts that are written together (UTS #39's "highly restrictive" level): Japanese, Chinese, Korean with Latin. */
const SCRIPTS_TOGETHER = [["Latin", "Han", "Hiragana", "Katakana"], ["Latin", "Han", "Bopomofo"], ["Latin", "Han", "Hangul"]];

/**
 * Why the letters of a name mix scripts as no one writes (UTS #39, "highly restrictive"): "Аlice" with a
 * Cyrillic А, "Αlice" with a Greek Α. Digits, punctuation, symbols and marks (Common and Inherited)
 * go with any script. Null when the name is written in one script, or in one of the usual mixtures.
 */
export function scriptProblem(name: string): string | null {
  const scripts = new Set<string>();
  for (const ch of name) {
    if (!/[\p{L}\p{M}\p{N}]/u.test(ch) || /[\p{Script=Common}\p{Script=Inherited}]/u.test(ch)) continue;
    const found = SCRIPT_TESTS.find(([, test]) => test.test(ch));
    if (!found) return `A name cannot use the letter "${ch}": choose letters in everyday use.`;
    scripts.add(found[0]);
  }
  if (scripts.size <= 1 || SCRIPTS_TOGETHER.some((set) => [...scripts].every((s) => set.includes(s)))) return null;
  return `A name cannot mix ${[...scripts].join(" and ")} letters: they pass for one another.`;
}

/**
 * A player's display name: in NFKC form ("Ａｌｉｃｅ" is "Alice", "𝐀" is "A"), spaces collapsed,
 * 1–24 characters, at least one letter or digit, nothing hidden (control, text-direction or invisible
 * characters), at most two accents on a letter, letters of one script (scriptProblem). Whether it
 * passes for a bot's or another seat's name is the server's check (server/access/names.ts).
 */
export const PlayerName = z
  .string()
  .transform((s) => s.normalize("NFKC").trim().replace(/\s+/g, " "))
  .pipe(
    z.string()
      .min(1, "Choose a name to join the table.")
      .max(NAME_MAX, `A name can be at most ${NAME_MAX} characters.`)
      .refine((s) => !HIDDEN_IN_NAMES.test(s), "A name cannot contain control or text-direction characters.")
      .refine((s) => !INVISIBLE_IN_NAMES.test(s), "A name cannot contain invisible characters.")
      .refine((s) => /[\p{L}\p{N}]/u.test(s), "A name needs a letter or a digit.")
      .refine((s) => !/\p{M}{3}/u.test(s), "A name can have at most two accents on a letter.")
      .superRefine((s, ctx) => {
        const problem = scriptProblem(s);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
  );

/** A variant as sent: a record of options (variant-schema.ts checks each), none of them named __proto__ and kin. */
const VariantRecord = z.unknown()
  .superRefine((v, ctx) => {
    const key = unsafeKey(v);
    if (key !== null) ctx.addIssue({ code: "custom", message: `A variant cannot hold the key "${key}".` });
  })
  .pipe(z.record(z.string(), z.unknown()));

/** Seconds in an hour and a day: the turn-based settings are in seconds. */
const HOUR = 3600;
const DAY = 24 * HOUR;
/** A time of day, "HH:MM" (24-hour clock), in the table's time zone. */
const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "A time of day is HH:MM, from 00:00 to 23:59.");

/**
 * A turn-based table's clocks (docs/turn-based.md): each seat's time bank (its start, what each decision
 * handed on adds, its cap), and when banks run: only within the playing hours (if set) in the table's
 * time zone, and not at weekends (if paused then).
 */
export const TurnSettings = z.strictObject({
  bankSeconds: z.number().int().min(HOUR).max(7 * DAY).default(DAY),
  perDecisionSeconds: z.number().int().min(0).max(7 * DAY).default(2 * HOUR),
  capSeconds: z.number().int().min(HOUR).max(7 * DAY).default(2 * DAY),
  hours: z.strictObject({ from: TimeOfDay, to: TimeOfDay })
    .refine((h) => h.from !== h.to, { message: "The playing hours cannot start and end at the same time." })
    .optional(),
  weekendPause: z.boolean().default(false),
  /** A player on vacation (server/table/vacations.ts): a bot plays for them, or the game pauses (at most 72 hours). */
  vacation: z.enum(["bot", "pause"]).default("bot"),
  timeZone: z.string().max(64).default("UTC")
    .refine((tz) => { try { new Intl.DateTimeFormat("en-US", { timeZone: tz }); return true; } catch { return false; } }, "Unknown time zone."),
}).refine((t) => t.capSeconds >= t.bankSeconds, { message: "The bank's cap cannot be under its start.", path: ["capSeconds"] });
export type TurnSettings = z.output<typeof TurnSettings>;

/** A table's pace: "live" (one sitting, deadlines per decision) or "turn-based" (over days, time banks). */
export const Pace = z.enum(["live", "turn-based"]);
export type Pace = z.output<typeof Pace>;

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
  variant: VariantRecord.default({}),
  /** Players see the spectators' channel (spectators always see the players' public chat). */
  watchersOpen: z.boolean().default(false),
  /** Seconds between the last seat being taken and the start (0: at once); the host may start sooner. */
  startCountdown: z.number().int().min(0).max(60).default(0),
  /** A tutorial table ("Learn to play"): the first-game setup, and the game pauses to explain each new kind of moment. */
  tutorial: z.boolean().default(false),
  /** Others read "X asked for a hint" (absent: off at tutorial tables, on at others). */
  announceHints: z.boolean().optional(),
  /** "live" (today's tables) or "turn-based": a game over days, with a time bank per seat. */
  pace: Pace.default("live"),
  /** A turn-based table's banks and playing hours (absent: the defaults); refused at a live table. */
  turn: TurnSettings.optional(),
}).refine((o) => o.bots <= o.seats, { message: "There cannot be more bots than seats.", path: ["bots"] })
  .refine((o) => o.pace === "turn-based" || o.turn === undefined, { message: "Time banks are for turn-based tables (pace: \"turn-based\").", path: ["turn"] });
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
    variant: VariantRecord.optional(),
    botChat: z.boolean().optional(),
  }),
  /** Whether players see the spectators' channel: before or during the game. */
  z.strictObject({ action: z.literal("watchers"), open: z.boolean() }),
]);
export type HostMessage = z.input<typeof HostMessage>;

/** Ask for a hint: what the bot would do for your seat now, and why (answered to you alone). */
export const HintMessage = z.strictObject({});

/**
 * The guide of a tutorial table: "Got it" (play on), or the guide off or on again. `moment` names the
 * explanation a "Got it" answers: one that is no longer shown (a double click) is ignored.
 */
export const GuideMessage = z.strictObject({ action: z.enum(["got-it", "off", "on"]), moment: z.string().max(40).optional() });
export type GuideMessage = z.output<typeof GuideMessage>;

/**
 * One line of public chat. `seq` numbers the table's lines from 0, so a client never shows one twice.
 * `watchers`: a spectator's line, in the spectators' own channel (seat -1): players get it only when the
 * host lets them see that channel (the state's `watchersOpen`).
 */
export interface ChatLine { seq: number; from: string; seat: number; text: string; at: number; watchers?: true }

/** Messages the server sends to one client. */
/** A game log line on the wire: its text, or numbers of phrases (shared/wire/log-phrases.ts) and literal texts, in order. */
export type WireLogLine = string | (number | string)[];

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
   * The game log. A history (on every join and reconnection): `lines` are the last public lines,
   * numbered from `from`, replacing what the client had, and `private` the seat's own lines. After a
   * change, the lines it wrote, as a list: the number of the first, then the lines (no keys: it is most
   * of what a command sends). Each line travels in its wire form (shared/wire/log-codec.ts: phrase
   * numbers and text); read the message with shared/wire's decodeLogMessage or GameLogReader.
   */
  log: { from: number; lines: WireLogLine[]; history: true; private?: WireLogLine[] } | [from: number, ...lines: WireLogLine[]];
  /**
   * A private game event for this seat alone (what you drew, what you saw). Type `bot-chose`: the bot
   * decided for this seat (its deadline ran out, or its player is away); the text says what, in words
   * (it opens with bot-chose.ts's BOT_CHOSE or BOT_PLAYED_AWAY). The text travels as a log line does
   * (WireLogLine: read it with shared/wire's decodeLogLine or GameLogReader).
   */
  event: { type: string; text: WireLogLine };
  /** The answer to your `hint`: the bot's command for your seat now (null: nothing to decide), what it is in words, and why. */
  hint: { command: unknown; action: string; why: string };
}

/**
 * A seat's answers in advance (server/table/standing-answers.ts): what the table answers for you when a
 * decision opens, as an ordinary command of yours. `abilities`: your assets' optional abilities ("Use
 * X now? / Pass"): "ask" every time, or "pass" for you; `byAbility` overrides it per asset ("round":
 * pass for the rest of this round, kept as the round it was set in). `forced`: a decision with only
 * one possible answer is answered for you. `counteroffers`: your counteroffer chances, asked by default.
 */
export const AbilityAnswer = z.union([z.enum(["ask", "pass"]), z.strictObject({ round: z.number().int().min(0).max(100) })]);
export const StandingAnswers = z.strictObject({
  abilities: z.enum(["ask", "pass"]),
  byAbility: z.record(z.string().max(64), AbilityAnswer),
  forced: z.boolean(),
  /** Your counteroffer chances: "ask", "pass" for you, or pass for the rest of the round it was set in. */
  counteroffers: AbilityAnswer.default("ask"),
  /** The table passes for you on a counteroffer chance or an asked ability, and abstains on a support, you leave unanswered a few seconds while connected. */
  timedPass: z.boolean().default(true),
  /** Your General draws, the same every time: these action types, in this order of preference (none: asked). */
  generalDraws: z.array(z.string().max(16)).min(1).max(MAX_GENERAL_DRAWS).optional(),
});
export type StandingAnswers = z.output<typeof StandingAnswers>;

/** The `answers` message: one change to your answers in advance (an asset's `answer` "round": not again this round). */
export const AnswersMessage = z.strictObject({
  abilities: z.enum(["ask", "pass"]).optional(),
  forced: z.boolean().optional(),
  ability: z.strictObject({ id: z.string().max(64), answer: z.enum(["ask", "pass", "round"]) }).optional(),
  counteroffers: z.enum(["ask", "pass", "round"]).optional(),
  timedPass: z.boolean().optional(),
  /** Draw these action types (the catalog's: checked by the table) at every General draw from now on; null: ask me again. */
  generalDraws: z.array(z.string().max(16)).min(1).max(MAX_GENERAL_DRAWS).nullable().optional(),
});
export type AnswersMessage = z.output<typeof AnswersMessage>;
