// apply()'s fast check of a command (command.ts) must agree with the schema: whatever it accepts, the
// schema accepts with the same result; and it does accept the commands games are made of.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CommandSchema } from "../../shared/protocol.ts";
import { quickCommand } from "../../server/engine/command.ts";
import { concretize, playRandomGame, testRng } from "./driver.ts";
import { legal } from "../../server/engine/index.ts";

const TYPES = ["offer", "counteroffer", "pass", "support", "abstain", "choose", "discard", "investment", "trade-propose", "trade-accept", "trade-decline", "trade-cancel", "other"];
const KEYS = ["card", "emergency", "discard", "offer", "cards", "option", "keep", "to", "give", "get", "support", "supportCards", "id", "capital", "assets", "extra"];

/** Values near every limit of the schema: string lengths 0/1/64/65, seats, capital, lists of 120/121. */
const edgeString = fc.constantFrom("", "a", "a1", "main", "counter", "x".repeat(64), "x".repeat(65), "t0-1-1");
const edgeNumber = fc.constantFrom(-1, 0, 1, 5, 6, 1.5, 10_000, 10_001, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, -0);
const idArray = fc.oneof(
  fc.array(edgeString, { maxLength: 3 }),
  fc.constantFrom(new Array(120).fill("a1"), new Array(121).fill("a1"), [1], [undefined], [null]),
);
const bundleValue = fc.oneof(
  fc.record({ capital: fc.oneof(edgeNumber, edgeString), assets: idArray }, { requiredKeys: [] }),
  fc.record({ capital: edgeNumber, assets: idArray, extra: fc.constant(1) }, { requiredKeys: [] }),
);
const value = fc.oneof(edgeString, edgeNumber, fc.boolean(), fc.constant(undefined), fc.constant(null), idArray, bundleValue);
/** Well-formed values of each key. */
const goodId = fc.constantFrom("a1", "a2", "x".repeat(64));
const goodIds = fc.array(goodId, { maxLength: 3 });
const goodBundle = fc.record({ capital: fc.integer({ min: 0, max: 10_000 }), assets: goodIds }, { requiredKeys: [] });
const GOOD: Record<string, fc.Arbitrary<unknown>> = {
  card: goodId,
  keep: goodId,
  id: goodId,
  emergency: fc.oneof(fc.constant(true), goodId),
  discard: goodIds,
  cards: goodIds,
  supportCards: goodIds,
  offer: fc.constantFrom("main", "counter"),
  support: fc.constantFrom("main", "counter"),
  option: fc.oneof(fc.string({ maxLength: 64 }), fc.integer()),
  more: fc.array(fc.oneof(fc.string({ maxLength: 64 }), fc.integer()), { minLength: 1, maxLength: 5 }),
  to: fc.integer({ min: 0, max: 5 }),
  give: goodBundle,
  get: goodBundle,
};
/** Each type's keys, the optional ones maybe missing. */
const OWN_KEYS: Record<string, { required: string[]; optional: string[] }> = {
  offer: { required: [], optional: ["card", "emergency"] },
  counteroffer: { required: [], optional: ["card", "emergency", "discard"] },
  support: { required: ["offer", "cards"], optional: [] },
  choose: { required: ["option"], optional: ["more"] },
  discard: { required: ["cards"], optional: [] },
  investment: { required: ["keep"], optional: [] },
  "trade-propose": { required: ["to"], optional: ["give", "get", "support", "supportCards"] },
  "trade-accept": { required: ["id"], optional: [] },
};
/** A well-formed command of a type, then (mostly) one key or one part of a bundle set to a value near a limit, or one key too many. */
const nearCommand = fc.constantFrom(...Object.keys(OWN_KEYS)).chain((type) => {
  const { required, optional } = OWN_KEYS[type]!;
  const keys = [...required, ...optional];
  return fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((k) => [k, GOOD[k]!])), { requiredKeys: required }),
      fc.oneof({ arbitrary: fc.constantFrom(...keys, "give.capital", "give.assets", "get.capital"), weight: 4 }, { arbitrary: fc.constantFrom(...KEYS), weight: 1 }),
      fc.oneof(value, edgeNumber, edgeString, idArray),
      fc.integer({ min: 0, max: 4 }),
    )
    .map(([own, key, v, how]) => {
      const x: Record<string, unknown> = { type, ...own };
      if (how === 0) return x;
      const [outer, inner] = key.split(".");
      if (inner) x[outer!] = { ...(x[outer!] as object | undefined), [inner]: v };
      else x[key] = v;
      return x;
    });
});
const command = fc.oneof(
  fc
    .tuple(fc.constantFrom(...TYPES), fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 4 }))
    .map(([type, rest]) => ({ type, ...rest }) as Record<string, unknown>),
  nearCommand,
);

describe("the fast command check", () => {
  it("accepts only what the schema accepts, with the same result", () => {
    let accepted = 0;
    fc.assert(
      fc.property(command, (x) => {
        const quick = quickCommand(x);
        const parsed = CommandSchema.safeParse(x);
        if (quick === null) return;
        accepted++;
        expect(parsed.success, `quick accepted ${JSON.stringify(x)}`).toBe(true);
        expect(quick).toStrictEqual(parsed.data);
      }),
      { numRuns: 20_000, seed: 42 },
    );
    expect(accepted).toBeGreaterThan(2000);
  });

  it("accepts every command of random games as the schema gives it, copying its lists", () => {
    let n = 0;
    for (const seed of [3, 4, 5]) {
      const rnd = testRng(seed);
      playRandomGame(6, seed, {
        tradeRate: 0.2,
        maxSteps: 300,
        onStep: (s) => {
          for (let seat = 0; seat < s.players; seat++) {
            for (const l of legal(s, seat)) {
              const cmd = concretize(rnd, l);
              if (!cmd) continue;
              const quick = quickCommand(cmd);
              expect(quick, JSON.stringify(cmd)).toStrictEqual(CommandSchema.parse(cmd));
              for (const k of ["cards", "discard", "supportCards"] as const) {
                const list = (cmd as Record<string, unknown>)[k];
                if (Array.isArray(list)) expect((quick as Record<string, unknown>)[k]).not.toBe(list);
              }
              n++;
            }
          }
        },
      });
    }
    expect(n).toBeGreaterThan(1000);
  });

  it("leaves odd objects to the schema", () => {
    expect(quickCommand(null)).toBeNull();
    expect(quickCommand([{ type: "pass" }])).toBeNull();
    expect(quickCommand(Object.assign(Object.create({ card: "a1" }), { type: "offer" }))).toBeNull();
    expect(quickCommand({ type: "offer", card: "a1", emergency: undefined })).toBeNull();
    expect(quickCommand({ type: "pass", [Symbol("x")]: 1 })).toBeNull();
    expect(quickCommand({ type: "pass" })).toEqual({ type: "pass" });
  });
});
