// The room's write queue: what follows a write waits for it, writes keep their order, a failed write
// is tried again before anything after it, and a taken command number stops the queue.
import { describe, expect, it } from "vitest";
import { WriteQueue } from "../../server/store/write-queue.ts";
import { StoreConflict } from "../../server/store/types.ts";

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

function queue(events: string[]) {
  return new WriteQueue({
    onError: (err, attempt) => events.push(`error ${attempt}: ${(err as Error).message}`),
    onLost: () => events.push("lost"),
  });
}

describe("the write queue", () => {
  it("runs what follows a synchronous write at once", () => {
    const events: string[] = [];
    const q = queue(events);
    q.write(() => { events.push("write"); }, () => events.push("send"));
    q.whenIdle(() => events.push("next"));
    expect(events).toEqual(["write", "send", "next"]);
  });

  it("holds back the send and everything after it until a pending write is done, in order", async () => {
    const events: string[] = [];
    const q = queue(events);
    const first = deferred();
    q.write(() => { events.push("write 1"); return first.promise; }, () => events.push("send 1"));
    q.whenIdle(() => events.push("command 2 checked"));
    q.write(() => { events.push("write 2"); }, () => events.push("send 2"));
    expect(q.pending).toBe(true);
    await tick();
    expect(events).toEqual(["write 1"]);
    first.resolve();
    await q.idle();
    expect(events).toEqual(["write 1", "send 1", "command 2 checked", "write 2", "send 2"]);
    expect(q.pending).toBe(false);
  });

  it("tries a failed write again before anything after it", async () => {
    const events: string[] = [];
    const q = queue(events);
    let calls = 0;
    q.write(() => {
      calls++;
      if (calls < 3) return Promise.reject(new Error("database away"));
    }, () => events.push("send"));
    q.whenIdle(() => events.push("next"));
    await q.idle();
    expect(calls).toBe(3);
    expect(events).toEqual(["error 0: database away", "error 1: database away", "send", "next"]);
  });

  it("runs everything that waited on a write even when one of them throws, and reports what it threw", async () => {
    const events: string[] = [];
    const q = queue(events);
    const first = deferred();
    q.write(() => first.promise);
    q.whenIdle(() => { throw new Error("a command's bug"); });
    q.whenIdle(() => events.push("the next command"));
    first.resolve();
    await q.idle();
    expect(events).toEqual(["error -1: a command's bug", "the next command"]);
  });

  it("stops for good when another process has written the same command number", async () => {
    const events: string[] = [];
    const q = queue(events);
    q.write(() => Promise.reject(new StoreConflict("duplicate key")), () => events.push("send"));
    q.whenIdle(() => events.push("next"));
    await q.idle();
    q.write(() => { events.push("write after"); });
    expect(events).toEqual(["lost"]);
  });
});
