// The room's socket plumbing: the shape of a validated message, empty patches kept off the wire, and
// corked sockets so that what one change sends leaves in one write per client.
import { Protocol, type Client } from "@colyseus/core";
import type { StateView } from "@colyseus/schema";
import type { z } from "zod";
import * as metrics from "../metrics.ts";
import { dropFrames, socketOf } from "./colyseus-internals.ts";
import type { Refusal } from "../table/table.ts";

/** A message type: checks before its payload is read, the payload's parser (refused as `bad`), the handler. */
export interface MessageRule<T> {
  guard?: (client: Client) => Refusal | null;
  parse: (payload: unknown) => { ok: true; value: T } | { ok: false; message: string };
  bad: string;
  handle: (client: Client, message: T, receivedAt: number) => Refusal | null | void;
}

export function zodParser<T extends z.ZodType>(schema: T, fallback: string): MessageRule<z.output<T>>["parse"] {
  return (payload) => {
    const r = schema.safeParse(payload);
    return r.success ? { ok: true, value: r.data } : { ok: false, message: r.error.issues[0]?.message ?? fallback };
  };
}

/**
 * Keeps patches with nothing in them off this client's wire. Colyseus sends every client a patch when
 * any field changed, and one whose changes are all in another seat's secret is empty: it would still
 * tell a spectator that something private happened, and when.
 */
export function withoutEmptyPatches(client: Client): void {
  dropFrames(client, (data) => data.length === 1 && data[0] === Protocol.ROOM_STATE_PATCH);
}

/** Runs fn with every client's socket corked: what it sends leaves in one write per socket (timed). */
export function corked<T>(clients: readonly Client[], fn: () => T): T {
  // indexed loops: this runs for every change of every table, and iterators here were allocated
  const sockets = new Array<ReturnType<typeof socketOf>>(clients.length);
  for (let i = 0; i < clients.length; i++) {
    sockets[i] = socketOf(clients[i]!);
    sockets[i]?.cork();
  }
  try {
    return fn();
  } finally {
    const start = metrics.now();
    for (let i = 0; i < sockets.length; i++) sockets[i]?.uncork();
    metrics.socketWrites(metrics.now() - start);
  }
}

/**
 * Called once a client's full state has been sent: it holds everything the client's view shows, so the
 * view's pending changes (made by `view.add` in onJoin, while the client was still joining and so left
 * out of the patches) must not be sent again. Sent again with the next patch, they re-added the items of
 * a list at the slots the server's array had, which after an item was removed from its middle were
 * other indexes than the client's: a player who came back (a reload) saw their hand with cards twice.
 */
export function fullStateSent(view: StateView | undefined): void {
  view?.changes.clear();
}
