// A seat that follows its player: the seat-key routes (server/lobby/seat-links.ts). Keys and link
// secrets travel only in request bodies, to this browser's own server; a seat link carries its secret
// in the URL's fragment (#seat-link=…), which no browser sends to a server.
import { call } from "./api.ts";

export interface SeatLink { link: string; expiresAt: number; qr: string; mail: boolean }
export interface SeatDevice { id: string; at: number | null; current: boolean }
export interface MyGame { code: string; seat: number; name: string; status: "lobby" | "playing" | "adjourned" | "finished"; yourMove: boolean; meetAt?: number }

const post = <T>(path: string, body: unknown) => call<T>(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const game = (code: string) => `/api/games/${encodeURIComponent(code)}`;

export function askSeatLink(code: string, seatToken: string): Promise<SeatLink> {
  return post(`${game(code)}/seat-link`, { seatToken });
}

export function mailSeatLink(code: string, seatToken: string, email: string): Promise<{ mailed: true; expiresAt: number }> {
  return post(`${game(code)}/seat-link`, { seatToken, email });
}

export function seatDevices(code: string, seatToken: string): Promise<{ devices: SeatDevice[] }> {
  return post(`${game(code)}/devices`, { seatToken });
}

export function signOutOthers(code: string, seatToken: string): Promise<{ signedOut: number }> {
  return post(`${game(code)}/devices/sign-out`, { seatToken });
}

export function redeemSeatLink(secret: string): Promise<{ code: string; seat: number; name: string; seatToken: string }> {
  return post("/api/seat-links/redeem", { secret });
}

export function myGames(seats: { code: string; seatToken: string }[]): Promise<{ games: MyGame[] }> {
  return post("/api/my-games", { seats });
}

/** The seat link's secret in this page's address (#seat-link=…), or null. */
export function seatLinkInUrl(): string | null {
  const m = /^#seat-link=([A-Za-z0-9_-]{16,64})$/.exec(location.hash);
  return m ? m[1]! : null;
}
