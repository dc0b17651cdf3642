// Every command a seat can send to the game, defined once as a zod schema. The room validates
// incoming messages with parseCommand; the engine's legal() lists them with their options.
import { z } from "zod";
import type { ActionType, Resource } from "./catalog/types.ts";

const id = z.string().min(1).max(64);
const ids = z.array(id).max(120);
/** At most this many picks of one step sent at once with `choose`'s `more`. */
export const MORE_PICKS = 5;
export { GENERAL_DRAW_PROMPT } from "./prompts.ts";
const offerName = z.enum(["main", "counter"]);
const seat = z.number().int().min(0).max(5);
const capital = z.number().int().min(0).max(10_000);
const bundle = z.strictObject({ capital: capital.default(0), assets: ids.default([]) });

export const CommandSchema = z.discriminatedUnion("type", [
  /** Main offer: an action card from hand, or an emergency action (true = your own faceup one). */
  z.strictObject({ type: z.literal("offer"), card: id.optional(), emergency: z.union([z.literal(true), id]).optional() }),
  /** Counteroffer: a card or emergency action, plus the cards discarded to pay for it. */
  z.strictObject({
    type: z.literal("counteroffer"),
    card: id.optional(),
    emergency: z.union([z.literal(true), id]).optional(),
    discard: ids.default([]),
  }),
  /** Decline a counteroffer chance. */
  z.strictObject({ type: z.literal("pass") }),
  /** Support one offer with cards from hand (facedown until Resolution). */
  z.strictObject({ type: z.literal("support"), offer: offerName, cards: ids }),
  z.strictObject({ type: z.literal("abstain") }),
  /** Answer the pending choice (a district, player, type, amount or "done"). */
  z.strictObject({
    type: z.literal("choose"),
    option: z.union([z.string().max(64), z.number().int()]),
    /** Answers to the next picks of the same step, made at once (a corp sheet's General draws); at most MORE_PICKS. */
    more: z.array(z.union([z.string().max(64), z.number().int()])).min(1).max(MORE_PICKS).optional(),
  }),
  /** Hand-limit discard. */
  z.strictObject({ type: z.literal("discard"), cards: ids }),
  /** Keep one of the investments you drew. */
  z.strictObject({ type: z.literal("investment"), keep: id }),
  /** Propose a binding trade; `support` (only in your own support turn) adds your support with `supportCards`. */
  z.strictObject({
    type: z.literal("trade-propose"),
    to: seat,
    give: bundle.default({ capital: 0, assets: [] }),
    get: bundle.default({ capital: 0, assets: [] }),
    support: offerName.optional(),
    supportCards: ids.optional(),
  }),
  z.strictObject({ type: z.literal("trade-accept"), id }),
  z.strictObject({ type: z.literal("trade-decline"), id }),
  z.strictObject({ type: z.literal("trade-cancel"), id }),
]);

/** A command as sent (defaults not yet applied); parseCommand returns the same shape with defaults filled. */
export type Command = z.input<typeof CommandSchema>;
export type CommandType = Command["type"];

export function parseCommand(x: unknown): { ok: true; command: Command } | { ok: false; message: string } {
  const r = CommandSchema.safeParse(x);
  if (r.success) return { ok: true, command: r.data };
  return { ok: false, message: "That command is not well formed: " + r.error.issues.map((i) => i.message).join("; ") };
}

/** What picking an option does (the verb). */
export type ChoiceAct =
  | "remove"
  | "place"
  | "raise"
  | "lower"
  | "move-from"
  | "move-to"
  | "develop"
  | "strike"
  | "target"
  | "gain"
  | "draw"
  | "discard"
  | "give"
  | "take"
  | "keep"
  | "top"
  | "bottom"
  | "use"
  | "pass"
  | "pay"
  | "swap"
  | "support"
  | "done"
  | "choose";

/**
 * What an option does and to what, for the bots and the client to read instead of the label's words.
 * Only what the chooser may see: a card is named by its title (or event, asset, investment id).
 */
export interface ChoiceIntent {
  act: ChoiceAct;
  district?: number;
  seat?: number;
  /** The unit, token or condition acted on. */
  kind?: "humanFirst" | "orgcrime" | "prisec" | "illness" | "outage" | "development" | "android" | "unrest";
  resource?: Resource;
  type?: ActionType;
  amount?: number;
  /** A card or asset the pick names: an action card title id, emergency action, event, asset or investment id. */
  card?: string;
  /** An emergency action that is faceup (can be offered at once). */
  faceup?: boolean;
}

export interface ChoiceOption {
  value: string | number;
  label: string;
  /** What the pick does; every option legal() lists carries one. */
  intent?: ChoiceIntent;
}
/** A pick of between min and max ids out of `from`. */
export interface CardPick {
  from: string[];
  min: number;
  max: number;
}

/** What a seat may send now, with its options (the bots and the client build their moves from it). */
export type LegalCommand =
  | { type: "offer"; cards: string[]; emergency: string[] }
  | { type: "counteroffer"; cards: string[]; emergency: string[]; discard: CardPick }
  | { type: "pass" }
  | { type: "support"; offers: ("main" | "counter")[]; cards: CardPick }
  | { type: "abstain" }
  | {
      type: "choose";
      prompt: string;
      options: ChoiceOption[];
      /** A pick asked several times in a row: this is pick `at` of `of`. */
      progress?: { at: number; of: number };
      /** How many more picks of this step may be sent with this one (`more`); each a different option. */
      more?: number;
      /** With `more`: the picks differ by their place (the first gains 3, the second 2…), taken in the order sent. */
      ordered?: true;
    }
  | { type: "discard"; prompt: string; cards: CardPick }
  | { type: "investment"; options: ChoiceOption[] }
  | {
      type: "trade-propose";
      /** Each seat you may trade with, with what they hold now. */
      to: { seat: number; capital: number; assets: string[] }[];
      give: { capital: number; assets: string[] };
      /** Present only in your own support turn: support an offer as part of the trade. */
      support?: { offers: ("main" | "counter")[]; cards: CardPick };
    }
  | { type: "trade-accept"; ids: string[] }
  | { type: "trade-decline"; ids: string[] }
  | { type: "trade-cancel"; ids: string[] };
