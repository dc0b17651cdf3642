// pino: JSON lines by default (for log collectors), readable when a person watches a terminal.
import pino, { type Logger } from "pino";

export function createLogger(level: string, pretty = Boolean(process.stdout.isTTY)): Logger {
  return pino({
    level,
    ...(pretty ? { transport: { target: "pino-pretty", options: { colorize: true, translateTime: "SYS:HH:MM:ss" } } } : {}),
  });
}
