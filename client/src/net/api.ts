// The HTTP lobby API (POST/GET /api/games). Refusals come back as { error: { code, message } }.

export interface NewTable {
  seats: 4 | 5 | 6;
  private: boolean;
  bots: number;
  stepSeconds: number;
  /** How long a bot waits before it acts, so people can follow. */
  botDelayMs?: number;
  /** Seconds a disconnected player's seat waits before a bot plays it. */
  graceSeconds?: number;
  /** Rule options that differ from the defaults. */
  variant?: Record<string, unknown>;
  /** Seconds between the last seat being taken and the start (0: at once). */
  startCountdown?: number;
  /** A tutorial table: the first-game setup, and the game stops to explain (docs/guide.md). */
  tutorial?: boolean;
  /** "live" (one sitting) or "turn-based" (over days, a time bank per seat: docs/turn-based.md). */
  pace?: "live" | "turn-based";
  /** A turn-based table's banks (seconds) and playing hours; the server's defaults when absent. */
  turn?: { bankSeconds?: number; perDecisionSeconds?: number; capSeconds?: number; hours?: { from: string; to: string }; weekendPause?: boolean; timeZone?: string; vacation?: "bot" | "pause" };
}

export interface TableInfo {
  code: string;
  roomId: string;
  status: "lobby" | "playing" | "adjourned" | "finished";
  /** While adjourned: when the players mean to meet again (epoch ms), if they set a time. */
  meetAt?: number;
  seats: number;
  players: { seat: number; name: string; corp: string; bot: boolean; connected: boolean }[];
  spectators: number;
}

export class ApiError extends Error {
  code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/** A JSON request to the server's HTTP API; a refusal or a failure becomes an ApiError with a sentence. */
export async function call<T>(path: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch {
    throw new ApiError("offline", "The server cannot be reached. Check your connection and try again.");
  }
  const body = (await res.json().catch(() => null)) as ({ error?: { code: string; message: string } } & T) | null;
  if (!res.ok) {
    // The lobby's refusals are sentences; anything else (a proxy's error page) gets one.
    throw new ApiError(body?.error?.code ?? "http-" + res.status, body?.error?.message ??
      (res.status >= 500 ? "The server could not answer just now. Try again in a moment." : "The server turned this request down."));
  }
  return body as T;
}

export function createTable(options: NewTable): Promise<{ code: string; roomId: string }> {
  return call("/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(options) });
}

export function findTable(code: string): Promise<TableInfo> {
  return call(`/api/games/${encodeURIComponent(code)}`);
}

export function publicTables(): Promise<TableInfo[]> {
  return call("/api/games");
}

/** Invite codes are read aloud: accept any case and stray spaces. */
export function cleanCode(code: string): string {
  return code.trim().toUpperCase().replace(/\s+/g, "");
}

export function replayUrl(code: string): string {
  return `/api/games/${encodeURIComponent(code)}/replay`;
}

/** An adjourned game's meeting time as a calendar file (.ics). */
export function calendarUrl(code: string): string {
  return `/api/games/${encodeURIComponent(code)}/calendar.ics`;
}

/** A meeting time in the reader's own words and time zone ("Thu 3 Dec, 19:00"). */
export function meetingText(meetAt: number): string {
  return new Intl.DateTimeFormat(undefined, { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }).format(meetAt);
}

export function inviteLink(code: string): string {
  return `${location.origin}/?join=${encodeURIComponent(code)}`;
}

/** How long the server has been up (seconds), or null if it does not answer. */
export async function serverUptime(): Promise<number | null> {
  try {
    const res = await fetch("/healthz", { cache: "no-store" });
    const body = (await res.json()) as { uptimeSeconds?: unknown };
    return res.ok && typeof body.uptimeSeconds === "number" ? body.uptimeSeconds : null;
  } catch {
    return null;
  }
}
