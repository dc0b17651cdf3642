// How the lobby's routes answer a refusal: our own errors become their status, limits 429, a malformed
// or oversized body 400/413; anything else is logged and answered 503. Nothing a client sends becomes a 5xx.
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import { LimitRefusal } from "../access/throttle.ts";

export class HttpError extends Error {
  status: number;
  code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** An express error handler for a group of routes; `what` names them in the log line. */
export function answerErrors(logger: Logger, what: string) {
  return (err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof HttpError) return res.status(err.status).json({ error: { code: err.code, message: err.message } });
    if (err instanceof LimitRefusal) {
      if (err.retryAfterSeconds > 0) res.set("Retry-After", String(err.retryAfterSeconds));
      return res.status(429).json({ error: { code: err.code, message: err.message } });
    }
    const status = (err as { status?: number }).status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      if (status === 413) return res.status(413).json({ error: { code: "too-large", message: "A request body can be at most 16 KB." } });
      return res.status(status).json({ error: { code: "bad-request", message: "The request body is not valid JSON." } });
    }
    logger.error({ err }, `${what} failed`);
    res.status(503).json({ error: { code: "unavailable", message: "The server could not answer; try again." } });
  };
}
