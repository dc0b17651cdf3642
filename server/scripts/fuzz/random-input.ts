// Random values for the attackers: strings, values of every shape, commands that look right but are not,
// and raw bytes. Every choice comes from the run's seeded stream.
import { int, pick, random } from "./common.ts";

const CARD_IDS = Array.from({ length: 110 }, (_, i) => `a${i}`);
const WORDS = ["main", "counter", "done", "pass", "construction", "labor", "media", "security", "biotech", "emergency", "the-fall-guy", "mandatory-quarantine", "__proto__", "constructor", "toString", "", " ", "\u0000", "😀", "‮", "a".repeat(70)];

export function randomString(max = 40): string {
  const kind = int(5);
  if (kind === 0) return pick(WORDS);
  if (kind === 1) return pick(CARD_IDS);
  if (kind === 2) return String.fromCharCode(...Array.from({ length: int(max) }, () => int(0x3000)));
  if (kind === 3) return "x".repeat(int(max * 100));
  return Math.random().toString(36).slice(2, 2 + int(max));
}

export function randomValue(depth = 0): unknown {
  switch (int(depth > 3 ? 6 : 9)) {
    case 0: return null;
    case 1: return pick([0, -1, 1, 2 ** 31, -(2 ** 53), 1e308, 0.5, NaN, Infinity, 5, 6, 255, 256]);
    case 2: return random() < 0.5;
    case 3: return randomString();
    case 4: return undefined;
    case 5: return pick(CARD_IDS);
    case 6: return Array.from({ length: int(random() < 0.1 ? 300 : 5) }, () => randomValue(depth + 1));
    case 7: {
      const o: Record<string, unknown> = {};
      for (let i = int(6); i > 0; i--) o[pick(["type", "card", "cards", "offer", "option", "id", "to", "give", "get", "discard", "keep", "emergency", "support", "supportCards", "text", "action", "seat", "variant", "stepSeconds", randomString(8)])] = randomValue(depth + 1);
      return o;
    }
    default: return plausibleCommand();
  }
}

/** Commands that look right but are out of turn, for the wrong seat, or subtly malformed. */
export function plausibleCommand(): unknown {
  const cards = () => Array.from({ length: int(4) }, () => pick(CARD_IDS));
  const bundle = () => ({ capital: pick([0, 1, 5, -3, 1e6, 0.5]), assets: random() < 0.5 ? [] : [randomString(12)] });
  return pick([
    () => ({ type: "offer", card: pick(CARD_IDS) }),
    () => ({ type: "offer", emergency: pick([true, "mandatory-quarantine", 7]) }),
    () => ({ type: "counteroffer", card: pick(CARD_IDS), discard: cards() }),
    () => ({ type: "pass" }),
    () => ({ type: "abstain" }),
    () => ({ type: "support", offer: pick(["main", "counter", "x"]), cards: cards() }),
    () => ({ type: "choose", option: pick(["done", 0, 3, 17, -1, "construction", randomString(10)]) }),
    () => ({ type: "discard", cards: cards() }),
    () => ({ type: "investment", keep: randomString(12) }),
    () => ({ type: "trade-propose", to: int(8) - 1, give: bundle(), get: bundle(), ...(random() < 0.3 ? { support: "main", supportCards: cards() } : {}) }),
    () => ({ type: pick(["trade-accept", "trade-decline", "trade-cancel"]), id: randomString(8) }),
  ])();
}

export function randomBytes(n: number): Uint8Array {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) b[i] = int(256);
  return b;
}
