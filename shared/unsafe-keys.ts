// Keys that a variant record sent by a client may never hold: the room's options schema and the engine's
// variant check both refuse them, at any depth.

/** Keys that name an object's machinery, not an option: refused anywhere in a variant. */
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);
/** How deep a variant's records may nest (the deepest option needs 3). */
const VARIANT_DEPTH = 8;

/** The first key of `value`, at any depth, that is __proto__, constructor or prototype (or too deep), or null. */
export function unsafeKey(value: unknown, depth = 0): string | null {
  if (value === null || typeof value !== "object") return null;
  if (depth > VARIANT_DEPTH) return `(nested over ${VARIANT_DEPTH} levels)`;
  for (const key of Object.keys(value)) {
    if (UNSAFE_KEYS.has(key)) return key;
    const inner = unsafeKey((value as Record<string, unknown>)[key], depth + 1);
    if (inner !== null) return inner;
  }
  return null;
}
