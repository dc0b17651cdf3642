// Where a patch's bytes go, field by field, as the clients decode them (the bench's clients' thread).
// Every field operation a decoder reads is timed in bytes (the iterator's offset before and after it)
// and counted under its path from the root ("seats.*.secret.legal", "game.districts[]": a map's keys
// and an array's indexes folded); the bytes that switch the decoder to another structure count under
// that structure's path with " (switch)". A client's first decode (its full state) is not counted.
import { $decoder, ArraySchema, Decoder, MapSchema, Schema, type DataChange } from "@colyseus/schema";

type Op = (decoder: Decoder, bytes: Uint8Array, it: { offset: number }, ref: any, changes: DataChange[] | null) => unknown;

/** Bytes by path, from the clients' patches since installWireFieldTally(). */
const tally = new Map<string, number>();
/** The paths of the structures each decoder holds (rebuilt when one is not found). */
const pathsOf = new WeakMap<Decoder, WeakMap<object, string>>();
const seen = new WeakSet<Decoder>();
/** The decode under way: whether it counts, where the last operation ended and on which structure. */
let current: { decoder: Decoder; counts: boolean; end: number; ref: unknown } | null = null;

function isCollection(v: unknown): v is ArraySchema | MapSchema {
  return v instanceof ArraySchema || v instanceof MapSchema;
}

/** Every structure under root, by its path. */
function walk(ref: unknown, path: string, into: WeakMap<object, string>): void {
  if (!ref || typeof ref !== "object") return;
  into.set(ref, path);
  if (isCollection(ref)) {
    const item = ref instanceof ArraySchema ? `${path}[]` : `${path}.*`;
    (ref as any).forEach((v: unknown) => walk(v, item, into));
    return;
  }
  if (!(ref instanceof Schema)) return;
  const md = (ref.constructor as any)[Symbol.metadata] as Record<number, { name: string }> | undefined;
  if (!md) return;
  for (const key of Object.keys(md)) {
    if (!/^\d+$/.test(key)) continue;
    const name = md[Number(key)]!.name;
    walk((ref as any)[name], path ? `${path}.${name}` : name, into);
  }
}

function pathOf(decoder: Decoder, ref: object): string {
  let paths = pathsOf.get(decoder);
  let p = paths?.get(ref);
  if (p === undefined) {
    paths = new WeakMap();
    walk(decoder.state, "", paths);
    pathsOf.set(decoder, paths);
    p = paths.get(ref) ?? "(new)";
  }
  return p || "(root)";
}

function add(label: string, bytes: number): void {
  tally.set(label, (tally.get(label) ?? 0) + bytes);
}

function wrap(owner: any): void {
  const op = owner[$decoder] as Op;
  owner[$decoder] = function (decoder: Decoder, bytes: Uint8Array, it: { offset: number }, ref: any, changes: DataChange[] | null) {
    if (!current?.counts) return op(decoder, bytes, it, ref, changes);
    const list = changes ?? [];
    const n = list.length;
    const start = it.offset;
    const result = op(decoder, bytes, it, ref, list);
    const path = pathOf(decoder, ref);
    if (ref !== current.ref && start > current.end) add(`${path} (switch)`, start - current.end);
    const change = list[n];
    const field = isCollection(ref) ? (ref instanceof ArraySchema ? "[]" : ".*") : change ? `.${String(change.field)}` : ".?";
    add(path === "(root)" ? field.replace(/^\./, "") : `${path}${field}`, it.offset - start);
    current.end = it.offset;
    current.ref = ref;
    return result;
  };
}

/** Starts counting (in this thread: every decoder here is a client's). */
export function installWireFieldTally(): void {
  for (const owner of [Schema, ArraySchema, MapSchema]) wrap(owner);
  const decode = Decoder.prototype.decode;
  Decoder.prototype.decode = function (this: Decoder, bytes: Uint8Array, it: { offset: number } = { offset: 0 }, ref?: any) {
    const counts = seen.has(this);
    seen.add(this);
    const was = current;
    current = { decoder: this, counts, end: it.offset, ref: this.state };
    try {
      return decode.call(this, bytes, it, ref ?? this.state);
    } finally {
      if (counts) add("(frame header)", 1);
      current = was;
    }
  };
}

/** The bytes counted so far, by path. */
export function wireFieldTally(): Record<string, number> {
  return Object.fromEntries(tally);
}
