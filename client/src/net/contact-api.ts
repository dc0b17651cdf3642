// A verified address that ties your games across devices (server/lobby/contact.ts). The address goes to
// the server once, to be mailed a sign-in link; the link's secret rides in the URL's fragment
// (#sign-in=…), which no browser sends, and only Continue spends it. The contact key it gives is kept
// in this browser and sent only in request bodies.
import { call } from "./api.ts";
import type { MyGame } from "./seat-keys-api.ts";

export interface ContactGame extends MyGame { here: boolean }

const post = <T>(path: string, body: unknown) => call<T>(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

export function mailSignIn(email: string): Promise<{ mailed: true; expiresAt: number }> {
  return post("/api/contact/sign-in", { email });
}

export function redeemSignIn(secret: string): Promise<{ contactKey: string }> {
  return post("/api/contact/redeem", { secret });
}

/** Ties this browser's seats to the address and lists every game it ties (`address`: masked). */
export function contactGames(contactKey: string, seats: { code: string; seatToken: string }[]): Promise<{ address: string; games: ContactGame[] }> {
  return post("/api/contact/games", { contactKey, seats });
}

export function takeSeat(contactKey: string, code: string): Promise<{ code: string; seat: number; name: string; seatToken: string }> {
  return post("/api/contact/take", { contactKey, code });
}

export function forgetAddress(contactKey: string): Promise<{ forgotten: true }> {
  return post("/api/contact/forget", { contactKey });
}

/** The sign-in link's secret in this page's address (#sign-in=…), or null. */
export function signInInUrl(): string | null {
  const m = /^#sign-in=([A-Za-z0-9_-]{16,64})$/.exec(location.hash);
  return m ? m[1]! : null;
}
