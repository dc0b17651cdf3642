// Which of the server's error-level log lines are the known, harmless refusal of a garbled frame.
// Colyseus logs at error level every frame it cannot decode (RoomMessages' onData/onRequest catch what
// msgpackr throws and log its stack; Room._onMessage logs an empty frame; ws's receiver reports a frame
// over the size limit). Those are refusals working as they should. A line is one of them only when all of it says
// so: an error thrown inside msgpackr's unpack (or a built-in it called) while Colyseus unpacks a frame (the
// first stack frame outside msgpackr is RoomMessages' onData or onRequest). An error of the server's own code whose
// stack merely passes through msgpackr (packing a state, say), or that only mentions MessagePack, is a crash.

/** A pino log line, as JSON. */
export interface LogEntry { level: number; msg?: string; err?: { message?: string; stack?: string } }

/**
 * An error thrown by msgpackr's unpack on bytes it cannot read. Its messages are many (its own, such as
 * "Unexpected end of MessagePack data", and whatever a built-in it calls throws: a Set made of a number,
 * a pointer with nothing to point to, a bad RegExp), so the stack decides, not the message.
 */
const THROWN = /^\w*Error: /;
const IN_MSGPACKR = /[/\\]node_modules[/\\]msgpackr[/\\]/;
const IN_UNPACK = /[/\\]node_modules[/\\]msgpackr[/\\]unpack\.js:\d+:\d+\)$/;
/** A frame of one of the engine's built-ins, such as DataView.prototype.getFloat64 or new Set. */
const NATIVE = /^at (?:new )?[\w.$]+ \(<anonymous>\)$/;
const COLYSEUS_UNPACKS = /^at RoomMessages\.(?:onData|onRequest) \(.*[/\\]node_modules[/\\]@colyseus[/\\]core[/\\]build[/\\]RoomMessages\.[mc]?js:\d+:\d+\)$/;

export function harmlessRefusal(entry: LogEntry): boolean {
  // Colyseus logs a stack as the message itself; pino puts a logged Error in `err`, its message in `msg`.
  if (entry.err && entry.msg !== undefined && entry.msg !== entry.err.message) return false;
  const text = entry.err?.stack ?? entry.msg ?? "";
  const [message = "", ...rest] = text.trim().split("\n").map((l) => l.trim());
  // an empty frame: Colyseus drops it
  if (rest.length === 0) return /^\w+ \(roomId: [\w-]+\), couldn't decode message: (?:undefined|null)$/.test(message);
  // a frame over 4 KB: ws's receiver refuses it while reading its length, and closes that connection
  if (message === "Max payload size exceeded") {
    return rest[0] === "RangeError: Max payload size exceeded" && /^at Receiver\.\w+ \(.*[/\\]node_modules[/\\]ws[/\\]lib[/\\]receiver\.js:\d+:\d+\)$/.test(rest[1] ?? "");
  }
  if (!THROWN.test(message)) return false;
  // the built-in msgpackr was reading with when it ran off the end (DataView.prototype.getUint32) comes first
  const frames = rest.filter((f) => f.startsWith("at ")).filter((f, i, all) => !(NATIVE.test(f) && all.slice(0, i).every((g) => NATIVE.test(g))));
  const outside = frames.findIndex((f) => !IN_MSGPACKR.test(f));
  // a deeply nested garbled frame: the logged stack (10 frames) ends inside msgpackr's unpack before
  // reaching Colyseus; every frame is the decoder's own
  if (outside === -1) return frames.length > 0 && frames.every((f) => IN_UNPACK.test(f));
  return outside > 0 && COLYSEUS_UNPACKS.test(frames[outside]!);
}
