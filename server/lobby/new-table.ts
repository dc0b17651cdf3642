// A new table, for the lobby's "create" and the rematch alike: within the address's and the server's
// limits (Access.createTable), under an invite code that no live table and no stored game holds.
import { matchMaker } from "@colyseus/core";
import { ROOM_NAME, type TableOptions } from "../../shared/room-protocol.ts";
import { newInviteCode } from "../access/codes.ts";
import type { Access } from "../access/throttle.ts";
import type { GameStore } from "../store/index.ts";
import { HttpError } from "./errors.ts";

/** The live tables, for the server's limit on them. */
async function liveTables(): Promise<{ roomId: string; status?: string }[]> {
  return (await matchMaker.query({ name: ROOM_NAME } as never)).map((r: any) => ({ roomId: r.roomId, status: r.metadata?.status }));
}

/** A code no live table and no stored game holds (a collision at 48 bits is all but impossible, but cheap to rule out). */
async function freeCode(store: GameStore): Promise<string> {
  for (;;) {
    const code = newInviteCode();
    if ((await matchMaker.query({ name: ROOM_NAME, code } as never)).length === 0 && !(await store.getGame(code))) return code;
  }
}

/** Makes a table's room; a room that refuses the options is a 400 (bad-options). */
export function newTable(access: Access, store: GameStore, ip: string | undefined, options: TableOptions): Promise<{ code: string; roomId: string }> {
  return access.createTable(ip, liveTables, async () => {
    const code = await freeCode(store);
    try {
      const room = await matchMaker.createRoom(ROOM_NAME, { code, options });
      return { code, roomId: room.roomId };
    } catch (e) {
      throw new HttpError(400, "bad-options", (e as Error).message);
    }
  });
}
