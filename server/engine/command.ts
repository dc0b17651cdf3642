// A fast path for apply()'s check of its command: CommandSchema (zod) is the one definition of a
// well-formed command, and this accepts only commands it accepts, with the same result (defaults
// filled, fresh arrays and objects). Anything it is not sure of (an unknown key, a key set to
// undefined, a value out of range, an object that is not plain) it leaves to the schema, which also
// words the refusal. tests/engine/command.test.ts checks the agreement over many commands, good and bad.
import type { Command } from "../../shared/protocol.ts";

type Obj = Record<string, unknown>;

function plain(x: unknown): x is Obj {
  if (typeof x !== "object" || x === null) return false;
  const proto = Object.getPrototypeOf(x);
  return proto === Object.prototype || proto === null;
}

/** Only these keys, none of them set to undefined. */
function onlyKeys(x: Obj, allowed: readonly string[]): boolean {
  for (const k of Object.getOwnPropertyNames(x)) if (!allowed.includes(k) || x[k] === undefined) return false;
  return Object.getOwnPropertySymbols(x).length === 0;
}

const isId = (v: unknown): v is string => typeof v === "string" && v.length >= 1 && v.length <= 64;
const isInt = (v: unknown, min: number, max: number): v is number => Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max;
const isOffer = (v: unknown): v is "main" | "counter" => v === "main" || v === "counter";

/** A copy of a list of ids (at most 120), or null. */
function idList(v: unknown): string[] | null {
  if (!Array.isArray(v) || v.length > 120 || Object.getPrototypeOf(v) !== Array.prototype) return null;
  const out = new Array<string>(v.length);
  for (let i = 0; i < v.length; i++) {
    if (!Object.hasOwn(v, i) || !isId(v[i])) return null;
    out[i] = v[i] as string;
  }
  return out;
}

/** A trade's side: capital (default 0) and assets (default none), or null. */
function bundle(v: unknown): { capital: number; assets: string[] } | null {
  if (v === undefined) return { capital: 0, assets: [] };
  if (!plain(v) || !onlyKeys(v, ["capital", "assets"])) return null;
  if (v.capital !== undefined && !isInt(v.capital, 0, 10_000)) return null;
  const assets = v.assets === undefined ? [] : idList(v.assets);
  return assets && { capital: (v.capital as number | undefined) ?? 0, assets };
}

/** An offer's card or emergency action, copied; null when either is malformed. */
function offered(x: Obj): { card?: string; emergency?: true | string } | null {
  const out: { card?: string; emergency?: true | string } = {};
  if ("card" in x) {
    if (!isId(x.card)) return null;
    out.card = x.card;
  }
  if ("emergency" in x) {
    if (x.emergency !== true && !isId(x.emergency)) return null;
    out.emergency = x.emergency;
  }
  return out;
}

/** The command as CommandSchema.parse gives it, or null to let the schema decide. */
export function quickCommand(x: unknown): Command | null {
  if (!plain(x)) return null;
  switch (x.type) {
    case "offer": {
      if (!onlyKeys(x, ["type", "card", "emergency"])) return null;
      const o = offered(x);
      return o && { type: "offer", ...o };
    }
    case "counteroffer": {
      if (!onlyKeys(x, ["type", "card", "emergency", "discard"])) return null;
      const o = offered(x);
      const discard = "discard" in x ? idList(x.discard) : [];
      return o && discard && { type: "counteroffer", ...o, discard };
    }
    case "pass":
    case "abstain":
      return onlyKeys(x, ["type"]) ? { type: x.type } : null;
    case "support": {
      if (!onlyKeys(x, ["type", "offer", "cards"]) || !isOffer(x.offer)) return null;
      const cards = idList(x.cards);
      return cards && { type: "support", offer: x.offer, cards };
    }
    case "choose":
      if (!onlyKeys(x, ["type", "option"])) return null;
      if (!(typeof x.option === "string" && x.option.length <= 64) && !Number.isSafeInteger(x.option)) return null;
      return { type: "choose", option: x.option as string | number };
    case "discard": {
      if (!onlyKeys(x, ["type", "cards"])) return null;
      const cards = idList(x.cards);
      return cards && { type: "discard", cards };
    }
    case "investment":
      return onlyKeys(x, ["type", "keep"]) && isId(x.keep) ? { type: "investment", keep: x.keep } : null;
    case "trade-propose": {
      if (!onlyKeys(x, ["type", "to", "give", "get", "support", "supportCards"]) || !isInt(x.to, 0, 5)) return null;
      const give = bundle(x.give);
      const get = bundle(x.get);
      if (!give || !get) return null;
      const out: Command = { type: "trade-propose", to: x.to, give, get };
      if ("support" in x) {
        if (!isOffer(x.support)) return null;
        out.support = x.support;
      }
      if ("supportCards" in x) {
        const cards = idList(x.supportCards);
        if (!cards) return null;
        out.supportCards = cards;
      }
      return out;
    }
    case "trade-accept":
    case "trade-decline":
    case "trade-cancel":
      return onlyKeys(x, ["type", "id"]) && isId(x.id) ? { type: x.type, id: x.id } : null;
  }
  return null;
}
