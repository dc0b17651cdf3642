// The legal commands' wire form (shared/wire/legal-codec.ts): packed with the phrase book, read back to
// the same commands, shorter, and every catalog id in them still travels quoted as it is, so that the
// wire-secrecy tests' byte search (secrecy.test.ts) finds a seat's own ids in its frames and would find
// another seat's.
import { describe, expect, it } from "vitest";
import { ACTION_CARD_IDS, ASSET_IDS, EMERGENCY_ACTION_IDS, INVESTMENT_IDS } from "../../shared/catalog/index.ts";
import { engine } from "../../server/engine/index.ts";
import { playGame } from "../../server/sim/play.ts";
import { makeRandom, randomCommand } from "../../server/bots/random.ts";
import { decodeLegal, encodeLegal, packLegal, unpackLegal } from "../../shared/wire/index.ts";
import { LEGAL_PHRASES } from "../../shared/wire/legal-phrases.ts";

const IDS = [...ACTION_CARD_IDS, ...ASSET_IDS, ...EMERGENCY_ACTION_IDS, ...INVESTMENT_IDS];

/** Each seat's legal commands, with its hand, every time they change in a seeded game of random players. */
function legalsOfAGame(seed: number) {
  const random = makeRandom(seed);
  const out: { legal: ReturnType<typeof engine.legal>; hand: string[] }[] = [];
  const last = new Map<number, string>();
  playGame(5, seed, undefined, (_v, legal) => randomCommand(legal, random), {
    check: null,
    observe: (state) => state.seats.forEach((s, seat) => {
      const legal = engine.legal(state, seat);
      const key = JSON.stringify(legal);
      if (last.get(seat) !== key) { last.set(seat, key); out.push({ legal, hand: [...s.hand] }); }
    }),
  });
  return out;
}

describe("the legal commands' wire form", () => {
  const legals = legalsOfAGame(41);

  it("reads back the same commands, in a third or less of the bytes, with every id quoted as it is", () => {
    let json = 0;
    let packed = 0;
    let ids = 0;
    for (const { legal, hand } of legals) {
      const w = encodeLegal(legal, hand);
      const wire = { legal: packLegal(w.legal), legalTrades: packLegal(w.legalTrades) };
      expect(JSON.parse(unpackLegal(wire.legal))).toEqual(JSON.parse(w.legal));
      expect(decodeLegal(wire.legal, [], null, hand, wire.legalTrades).filter((l) => !l.type.startsWith("trade-")))
        .toEqual(legal.filter((l) => !l.type.startsWith("trade-")));
      for (const id of IDS) {
        if (!w.legal.includes(`"${id}"`)) continue;
        expect(wire.legal, `${id} in ${w.legal}`).toContain(`"${id}"`);
        ids++;
      }
      json += Buffer.byteLength(w.legal) + Buffer.byteLength(w.legalTrades);
      packed += Buffer.byteLength(wire.legal) + Buffer.byteLength(wire.legalTrades);
    }
    expect(legals.length).toBeGreaterThan(200);
    expect(ids, "ids were searched").toBeGreaterThan(50);
    expect(packed).toBeLessThan(json / 3);
  });

  it("holds no phrase that begins or ends with a quote, or holds an id", () => {
    expect(LEGAL_PHRASES.length).toBeGreaterThan(50);
    for (const p of LEGAL_PHRASES) {
      expect(p.startsWith('"') || p.endsWith('"'), p).toBe(false);
      for (const id of IDS) expect(p.split('"'), p).not.toContain(id);
    }
  });

  it("keeps a pick's order mattering (High-Risk Investments: the first gains 3, the second 2…)", () => {
    const legal = [{ type: "choose" as const, prompt: "High-Risk Investments: Pick the player who gains 3 capital", options: [0, 1, 2, 3].map((v) => ({ value: v, label: `P${v}`, intent: { act: "gain" as const, amount: 3, seat: v } })),
      progress: { at: 1, of: 3 }, more: 2, ordered: true as const }];
    const w = encodeLegal(legal, []);
    expect(decodeLegal(packLegal(w.legal), [], null, [], packLegal(w.legalTrades))).toEqual(legal);
  });

  it("reads plain JSON (an older server's) as it is", () => {
    const json = '[{"type":"pass"}]';
    expect(unpackLegal(json)).toBe(json);
  });
});
