// The table core without sockets, for the table tests: a Table driven directly, publishing to a
// recording fake and storing in an in-memory store. What a room would send is what the fake recorded.
import { memoryStore, type GameStore } from "../../server/store/index.ts";
import type { Publisher } from "../../server/table/publisher.ts";
import { newTable } from "../../server/table/start.ts";
import { Table, type TableDeps } from "../../server/table/table.ts";
import { newInviteCode } from "../../server/access/codes.ts";

interface Call { name: keyof Publisher; args: unknown[] }

/** A Publisher that records every call in order (batch runs what it is given). */
export function recorder(): { publisher: Publisher; calls: Call[]; of(name: keyof Publisher): unknown[][] } {
  const calls: Call[] = [];
  const publisher = new Proxy({} as Publisher, {
    get: (_target, name) => (...args: unknown[]) => {
      calls.push({ name: name as keyof Publisher, args });
      if (name === "batch") (args[0] as () => void)();
    },
  });
  return { publisher, calls, of: (name) => calls.filter((c) => c.name === name).map((c) => c.args) };
}

export const quiet = { info() {}, warn() {}, error() {} };
export const tables: Table[] = [];

export async function openTable(options: Record<string, unknown>, deps: Partial<TableDeps> = {}, store: GameStore = memoryStore()) {
  const code = newInviteCode();
  const rec = recorder();
  const start = await newTable(store, "room-1", code, options, () => 11, { stepSecondsMin: 0 });
  if ("problem" in start) throw new Error(start.problem);
  const table = new Table(start, { store, publisher: rec.publisher, log: quiet, limits: { botDelayMinMs: 0 }, ...deps });
  tables.push(table);
  table.open();
  return { table, store, code, ...rec };
}

/** Seats humans with these names, one connection each; the game starts when the last seat is taken. */
export async function seat(table: Table, names: string[]): Promise<void> {
  for (const name of names) {
    const seated = table.sit(`session-${name}`, name, null, () => {});
    if ("code" in seated) throw new Error(seated.message);
    await table.seated(seated, false);
  }
}

/** A memory store whose writes, while held, stay pending until released (as a slow database's would). */
export function heldStore(): { store: GameStore; hold(): void; release(): void } {
  const inner = memoryStore();
  let gate: { promise: Promise<void>; open: () => void } | null = null;
  const store = new Proxy(inner, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== "function" || !/^(append|set|add|start|finish|park)/.test(String(name))) return value;
      return (...args: unknown[]) => {
        const result = value.apply(target, args);
        return gate ? gate.promise.then(() => result) : result;
      };
    },
  });
  return {
    store,
    hold() { let open!: () => void; gate = { promise: new Promise<void>((r) => { open = r; }), open }; },
    release() { const g = gate; gate = null; g?.open(); },
  };
}
