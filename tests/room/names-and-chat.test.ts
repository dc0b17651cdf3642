// Names and chat lines over real sockets: no control or text-direction characters (they can make a
// line read other than it is written), and no name that passes for one of the server's bots.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import { bootServer, chatOf, createTable, join, tableOf, until } from "./helpers.ts";

/** The name the table holds for this client's seat, as every client reads it. */
const seatName = (c: Parameters<typeof tableOf>[0]) => tableOf(c).seats[tableOf(c).mySeat!]!.name;

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer(); });
afterAll(async () => colyseus.shutdown());

// U+202E made "price: 5\u202e01 rof" read "price: 5for 10".
// (U+FEFF and U+2028 count as white space in a name, which becomes one plain space.)
const HIDDEN = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u061c", "\u0007", "\u200b", "\u00ad"];

describe("names", () => {
  it("refuses a name with a control or text-direction character", async () => {
    const { roomId, code } = await createTable();
    for (const ch of HIDDEN) {
      await expect(join(colyseus, roomId, { code, name: `Eve${ch}1` }), JSON.stringify(ch)).rejects.toThrow(/control or text-direction/);
    }
    const ok = await join(colyseus, roomId, { code, name: "Zoë Ñandú 李" });
    expect(seatName(ok)).toBe("Zoë Ñandú 李");
    await ok.leave();
  });

  it("refuses a name that passes for a bot's, and keeps names that merely contain the letters", async () => {
    const { roomId, code } = await createTable({ seats: 6, bots: 1 });
    for (const name of ["Bot Ada", "bot", "B0T", "Ada Bot", "eve (bot)", "Ｂｏｔ Fen", "Вот", "8o+ Eve", "Eve 80T"]) {
      await expect(join(colyseus, roomId, { code, name }), name).rejects.toThrow(/kept for the server's bots/);
    }
    // a number standing alone is no disguise ("807" is not "bot")
    for (const name of ["Botticelli", "Abbot", "Load 807.5", "Eve 807"]) {
      const c = await join(colyseus, roomId, { code, name });
      expect(seatName(c), name).toBe(name);
    }
  });
});

describe("names that pass for another's (UTS #39 skeletons)", () => {
  // Each of these reads as "Alice" beside Alice, or hides something in the name.
  const PASSES_FOR_ALICE = ["Аlice", "Αlice", "Ａｌｉｃｅ", "𝐀lice", "AIice", "ALICE", "alice", "Alicé", "Álice"];
  const INVISIBLE = ["Al\ufe0fice", "Al\u034fice", "A\u3164lice", "A\u115flice", "Al\u2800ice", "Al\u{e0041}ice", "Al\u200dice", "Al\u2060ice"];

  it("refuses a second Alice in any disguise, and a name with an invisible character", async () => {
    const { roomId, code } = await createTable({ seats: 6 });
    const alice = await join(colyseus, roomId, { code, name: "Alice" });
    for (const name of PASSES_FOR_ALICE) {
      await expect(join(colyseus, roomId, { code, name }), name).rejects.toThrow(/already taken|cannot mix/);
    }
    for (const name of INVISIBLE) {
      await expect(join(colyseus, roomId, { code, name }), JSON.stringify(name)).rejects.toThrow(/invisible|control or text-direction/);
    }
    // Names in one script, or in the mixtures people write (Japanese with Latin), sit down.
    for (const name of ["Алиса", "Αλίκη", "山田 Taro", "Alicia"]) {
      const c = await join(colyseus, roomId, { code, name });
      expect(c.sessionId, name).toBeTruthy();
    }
    await alice.leave();
  });

  it("refuses the bot disguises of the first attack suite, and letters in no everyday script", async () => {
    const { roomId, code } = await createTable({ seats: 6, bots: 1 });
    for (const name of ["Bᴏt Fen", "ʙot", "Bót", "Ɓot"]) {
      await expect(join(colyseus, roomId, { code, name }), name).rejects.toThrow(/kept for the server's bots/);
    }
    await expect(join(colyseus, roomId, { code, name: "Ᏼot Fen" })).rejects.toThrow(/everyday use/); // Cherokee
    await expect(join(colyseus, roomId, { code, name: "Spectator" })).rejects.toThrow(/spectators' lines/);
  });
});

describe("chat", () => {
  it("refuses a line with a control or text-direction character, and keeps emoji joined", async () => {
    const { roomId, code } = await createTable();
    const alice = await join(colyseus, roomId, { code, name: "Alice" });
    const errors: { code: string; message: string }[] = [];
    alice.onMessage("error", (e) => errors.push(e));
    for (const ch of [...HIDDEN, "\ufeff", "\u2028"]) alice.send("chat", { text: `price: 5${ch}01 rof` });
    await until(() => errors.length === HIDDEN.length + 2, 5_000, "the refusals");
    expect(errors.every((e) => e.code === "bad-chat" && /control or text-direction/.test(e.message))).toBe(true);
    alice.send("chat", { text: "👩‍💻 ready" });
    await until(() => chatOf(alice).length === 1, 5_000, "the emoji line");
    expect(chatOf(alice)[0]!.text).toBe("👩‍💻 ready");
  });
});
