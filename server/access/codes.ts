// Invite codes: 10 characters from an alphabet without look-alikes (no 0/O, 1/I/L, U/V), from a
// cryptographic source: 10 × log2(29) ≈ 48.6 bits. Shown as two groups of five ("K7Q2Z-PMX4H"),
// read back case-insensitively with or without the dash or spaces.
import { randomInt } from "node:crypto";

export const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTWXYZ";
export const CODE_LENGTH = 10;

export function newInviteCode(): string {
  let raw = "";
  for (let i = 0; i < CODE_LENGTH; i++) raw += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return formatCode(raw);
}

/** The canonical form of a code as typed by a person, or null if it cannot be a code. */
export function normalizeCode(input: unknown): string | null {
  if (typeof input !== "string" || input.length > 40) return null;
  const raw = input.toUpperCase().replace(/[\s-]/g, "");
  if (raw.length !== CODE_LENGTH) return null;
  for (const ch of raw) if (!CODE_ALPHABET.includes(ch)) return null;
  return formatCode(raw);
}

function formatCode(raw: string): string {
  return raw.slice(0, 5) + "-" + raw.slice(5);
}

/** Bits of entropy of a generated code. */
export const CODE_BITS = CODE_LENGTH * Math.log2(CODE_ALPHABET.length);
