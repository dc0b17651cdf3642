// The fuzzer's filter of the server's error logs (server/scripts/fuzz/refusals.ts): only the known refusal
// of a garbled or oversized frame passes as harmless; a crash whose stack passes through msgpackr does not.
// The harmless lines are as a fuzz run logged them (paths shortened).
import { describe, expect, it } from "vitest";
import { harmlessRefusal } from "../../server/scripts/fuzz/refusals.ts";

const NM = "file:///srv/app/node_modules";
const garbled = [
  "Error: Unexpected end of MessagePack data",
  `    at endOfMessagePackError (${NM}/msgpackr/unpack.js:767:14)`,
  `    at readExt (${NM}/msgpackr/unpack.js:1012:41)`,
  `    at checkedRead (${NM}/msgpackr/unpack.js:221:13)`,
  `    at unpack (${NM}/msgpackr/unpack.js:116:10)`,
  `    at RoomMessages.onData (${NM}/@colyseus/core/build/RoomMessages.mjs:122:49)`,
  `    at NewAngelesRoom._onMessage (${NM}/@colyseus/core/build/Room.mjs:1409:23)`,
  "    at WebSocket.emit (node:events:519:28)",
].join("\n");
const trailing = [
  "Error: Data read, but end of buffer not reached 73",
  `    at checkedRead (${NM}/msgpackr/unpack.js:249:10)`,
  `    at unpack (${NM}/msgpackr/unpack.js:116:10)`,
  `    at RoomMessages.onRequest (${NM}/@colyseus/core/build/RoomMessages.mjs:147:49)`,
].join("\n");
// msgpackr reading past the end with one of the engine's built-ins: that built-in is the first frame
const pastTheEnd = [
  "RangeError: Offset is outside the bounds of the DataView",
  "    at DataView.prototype.getBigUint64 (<anonymous>)",
  `    at read (${NM}/msgpackr/unpack.js:426:23)`,
  `    at checkedRead (${NM}/msgpackr/unpack.js:221:13)`,
  `    at unpack (${NM}/msgpackr/unpack.js:116:10)`,
  `    at RoomMessages.onData (${NM}/@colyseus/core/build/RoomMessages.mjs:122:49)`,
].join("\n");
// msgpackr's Set extension given a number: the built-in Set constructor is the first frame
const notASet = [
  "TypeError: number 50 is not iterable (cannot read property Symbol(Symbol.iterator))",
  "    at new Set (<anonymous>)",
  `    at currentExtensions.<computed> (${NM}/msgpackr/unpack.js:1230:33)`,
  `    at readExt (${NM}/msgpackr/unpack.js:1016:33)`,
  `    at read (${NM}/msgpackr/unpack.js:483:13)`,
  `    at checkedRead (${NM}/msgpackr/unpack.js:221:13)`,
  `    at unpack (${NM}/msgpackr/unpack.js:116:10)`,
  `    at RoomMessages.onData (${NM}/@colyseus/core/build/RoomMessages.mjs:122:49)`,
].join("\n");
// a pointer (extension 0x70) with no object before it to point to
const pointer = [
  "TypeError: Cannot read properties of null (reading 'get')",
  `    at currentExtensions.<computed> (${NM}/msgpackr/unpack.js:1225:30)`,
  `    at readExt (${NM}/msgpackr/unpack.js:1016:33)`,
  `    at read (${NM}/msgpackr/unpack.js:483:13)`,
  `    at checkedRead (${NM}/msgpackr/unpack.js:221:13)`,
  `    at unpack (${NM}/msgpackr/unpack.js:116:10)`,
  `    at RoomMessages.onRequest (${NM}/@colyseus/core/build/RoomMessages.mjs:147:49)`,
].join("\n");
// a deeply nested garbled frame: the logged stack is cut (10 frames) before it leaves msgpackr's unpack
const nested = [
  "Error: Unknown extension type 85",
  ...[1026, 483, 1041, 309, 326, 1041, 309, 312, 221, 116].map((line) => `    at read (${NM}/msgpackr/unpack.js:${line}:9)`),
].join("\n");
const oversized = [
  "Max payload size exceeded",
  "RangeError: Max payload size exceeded",
  "    at Receiver.haveLength (/srv/app/node_modules/ws/lib/receiver.js:442:28)",
  "    at Receiver.getPayloadLength16 (/srv/app/node_modules/ws/lib/receiver.js:393:10)",
].join("\n");

describe("the fuzzer's error-log filter", () => {
  it("lets the known refusals pass: a frame msgpackr cannot read while Colyseus unpacks it, an oversized frame, an empty one", () => {
    for (const msg of [garbled, trailing, pastTheEnd, notASet, pointer, nested, oversized, "new_angeles (roomId: xYz12_-a), couldn't decode message: undefined"]) {
      expect(harmlessRefusal({ level: 50, msg }), msg.split("\n")[0]).toBe(true);
    }
    // the same, logged as an Error object by pino (its message in msg, its stack in err)
    expect(harmlessRefusal({ level: 50, msg: "Unexpected end of MessagePack data", err: { message: "Unexpected end of MessagePack data", stack: garbled } })).toBe(true);
  });

  it("counts as a crash an error of the server's own code whose stack passes through msgpackr", () => {
    // our code fails while msgpackr packs (a state or a message): msgpackr is in the stack, Colyseus did not unpack
    const ownCrash = [
      "TypeError: Cannot read properties of undefined (reading 'seat')",
      `    at Packr.pack (${NM}/msgpackr/pack.js:120:3)`,
      "    at NewAngelesRoom.sendSecret (file:///srv/app/server/rooms/NewAngelesRoom.ts:300:10)",
    ].join("\n");
    expect(harmlessRefusal({ level: 50, msg: ownCrash })).toBe(false);
    // a decode error msgpackr throws, but from the server's own unpacking, not Colyseus's
    const ownUnpack = garbled.replace(/at RoomMessages\.onData \([^)]*\)/, "at readSave (file:///srv/app/server/store/sqlite.ts:80:5)");
    expect(harmlessRefusal({ level: 50, msg: ownUnpack })).toBe(false);
    // a built-in first, then the server's own code: not the decoder's refusal
    expect(harmlessRefusal({ level: 50, msg: pastTheEnd.replace(/at read \([^)]*\)/, "at readSave (file:///srv/app/server/store/sqlite.ts:80:5)") })).toBe(false);
    // the same message from the server's own code iterating a number
    expect(harmlessRefusal({ level: 50, msg: notASet.replace(/at currentExtensions[^)]*\)/, "at Seats.all (file:///srv/app/server/table/seats.ts:40:5)") })).toBe(false);
    // a stack cut inside msgpackr's packing (the server's own sending), not its unpacking
    expect(harmlessRefusal({ level: 50, msg: nested.replaceAll("unpack.js", "pack.js") })).toBe(false);
    // a crash inside the room's message handler: Colyseus's frames are there, msgpackr's message is not
    const handler = [
      "Error: engine invariant broken",
      "    at NewAngelesRoom.onCommand (file:///srv/app/server/rooms/NewAngelesRoom.ts:200:11)",
      `    at RoomMessages.onData (${NM}/@colyseus/core/build/RoomMessages.mjs:130:21)`,
      `    at unpack (${NM}/msgpackr/unpack.js:116:10)`,
    ].join("\n");
    expect(harmlessRefusal({ level: 50, msg: handler })).toBe(false);
    // a line that only mentions MessagePack, or our own message logged with a refusal's error
    expect(harmlessRefusal({ level: 50, msg: "could not restore game AB: MessagePack data was cut" })).toBe(false);
    expect(harmlessRefusal({ level: 50, msg: "restore failed", err: { message: "Unexpected end of MessagePack data", stack: garbled } })).toBe(false);
    // "Max payload size exceeded" from anywhere but ws's receiver
    expect(harmlessRefusal({ level: 50, msg: oversized.replace(/ws\/lib\/receiver\.js/g, "app/server/table/talk.ts") })).toBe(false);
  });
});
