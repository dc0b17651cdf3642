// What the seat-key and contact routes share: a body checked against its schema (a
// refusal names the first problem), a per-address limit a minute, a seat key's shape, and a game as "My games" shows it.
import type { Request } from "express";
import { z } from "zod";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { LimitRefusal, addressKey } from "../access/throttle.ts";
import { requestAddress } from "../http-guard.ts";
import type { StoredGame } from "../store/index.ts";
import { HttpError } from "./errors.ts";

export const SeatToken = z.string().min(16).max(100).regex(/^[A-Za-z0-9_-]+$/, "Not a seat key.");

export function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HttpError(400, "bad-request", `${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`);
  }
  return parsed.data;
}

/** Refuses (429, with Retry-After) an address's request beyond `points` a minute. */
export function limiter(points: number, code: string, what: string) {
  const l = new RateLimiterMemory({ points, duration: 60 });
  return async (req: Request) => {
    try {
      await l.consume(addressKey(requestAddress(req)));
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      throw new LimitRefusal(code, `Your address has made ${points} ${what} this minute: try again in a minute.`, Math.max(1, Math.ceil(e.msBeforeNext / 1000)));
    }
  };
}

/** What a seat key's holder sees of a game in "My games". */
export interface MyGame {
  code: string;
  seat: number;
  name: string;
  status: StoredGame["status"];
  yourMove: boolean;
  meetAt?: number;
}
