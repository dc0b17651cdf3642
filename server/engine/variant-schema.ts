// The one schema of the variant options a table is created with (POST /api/games, the room's onCreate)
// or the host sets (the `settings` message): nothing a client sends reaches the engine in a shape it
// cannot play. Options with a fixed set of choices (VARIANT_DOCS `choices`) are checked against it, so
// a new option documented in variant.ts is covered at once; the structured ones have their schema here.
// Beyond each option's own shape, the whole variant must be playable: the next-district graph (the
// catalog's, with districtOverrides) leads every district to The Root with no cycle, and the City Setup
// in effect fits in the unit and token pools.
import { z } from "zod";
import { ACTION_TYPES, CORP_IDS, RESOURCES } from "../../shared/catalog/types.ts";
import type { DistrictId, NextDistrict } from "../../shared/catalog/types.ts";
import { catalog } from "../../shared/catalog/index.ts";
import { unsafeKey } from "../../shared/unsafe-keys.ts";
import { ANDROIDS, UNIT_POOLS } from "./state.ts";
import { DEFAULT_VARIANT, VARIANT_DOCS, type Variant, type VariantDoc } from "./variant.ts";

const DISTRICT_IDS = catalog.districts.map((d) => d.id);
const districtId = z.number().int().refine((n) => DISTRICT_IDS.includes(n as DistrictId), "a district number of the city");
const districtKey = z.string().refine((k) => DISTRICT_IDS.some((id) => String(id) === k), "a district number of the city");
const drawSlot = z.enum([...ACTION_TYPES, "general"]);
const drawBox = z.array(drawSlot).min(1).max(6);
const smallInt = z.number().int().min(0).max(100);

const STRUCTURED: Partial<Record<keyof Variant, z.ZodType>> = {
  supplyMax: z.number().int().min(1).max(30),
  startingCapital: z.array(smallInt).length(6),
  // corp-sheet draws per seat at setup: 4 draws is already a 12-card hand
  startingHand: z.array(z.number().int().min(0).max(4)).length(6),
  corpOrder: z.array(z.enum(CORP_IDS)).length(6).refine((a) => new Set(a).size === 6, "each corporation once"),
  districtOverrides: z.record(districtKey, z.strictObject({
    name: z.string().max(40).optional(),
    tier: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
    primary: z.enum(RESOURCES).optional(),
    secondary: z.enum(RESOURCES).nullable().optional(),
    production: z.strictObject({ primary: z.number().int().min(0).max(5), secondary: z.number().int().min(0).max(5) }).optional(),
    next: z.union([districtId, z.literal("root")]).optional(),
  })),
  citySetup: z.array(z.strictObject({
    district: districtId,
    android: z.boolean().optional(),
    prisec: z.boolean().optional(),
    humanFirst: z.boolean().optional(),
    orgcrime: z.boolean().optional(),
    illness: z.boolean().optional(),
    unrest: z.enum(["protest", "strike"]).optional(),
  })).max(DISTRICT_IDS.length).nullable()
    .refine((setup) => !setup || new Set(setup.map((e) => e.district)).size === setup.length, "each district at most once")
    .refine((setup) => !setup || setup.filter((e) => e.android).length === ANDROIDS, `exactly ${ANDROIDS} androids`),
  corpDraws: z.partialRecord(z.enum(CORP_IDS), z.strictObject({ fourPlayers: drawBox.optional(), fiveSixPlayers: drawBox.optional() })),
  eventTurns: z.record(z.string(), z.number().int().min(1).max(5))
    .refine((r) => Object.keys(r).every((id) => catalog.events.some((e) => e.id === id)), "known event ids"),
  tokenPools: z.strictObject({
    illness: z.number().int().min(1).max(30).optional(),
    outage: z.number().int().min(1).max(30).optional(),
    development: z.number().int().min(1).max(30).optional(),
  }),
};

function schemaFor(doc: VariantDoc): z.ZodType {
  const structured = STRUCTURED[doc.key];
  if (structured) return structured;
  if (doc.choices) return z.enum(doc.choices as [string, ...string[]]);
  if (typeof doc.default === "boolean") return z.boolean();
  if (typeof doc.default === "number") return smallInt;
  // an option documented without a schema here cannot be set by a client until it gets one
  return z.never({ error: "this option has no schema yet, so it cannot be set" });
}

/** Where each district's arrow points once the overrides apply. */
function nextDistricts(overrides: Variant["districtOverrides"]): Map<DistrictId, NextDistrict> {
  return new Map(catalog.districts.map((d) => [d.id, overrides[d.id]?.next ?? d.next]));
}

/** The first district from which the arrows never reach The Root (they loop), or null. */
export function districtWithoutRoot(overrides: Variant["districtOverrides"]): DistrictId | null {
  const next = nextDistricts(overrides);
  for (const start of DISTRICT_IDS) {
    let at: NextDistrict | undefined = start;
    // a path to The Root visits each district at most once
    for (let steps = 0; at !== "root"; steps++) {
      if (at === undefined || steps >= DISTRICT_IDS.length) return start;
      at = next.get(at);
    }
  }
  return null;
}

function isPlainObject(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

const KNOWN = new Set<string>(VARIANT_DOCS.map((d) => d.key));

/** Every option optional, no other key allowed, and the whole playable. */
export const VariantSchema = z
  .strictObject(Object.fromEntries(VARIANT_DOCS.map((doc) => [doc.key, schemaFor(doc).optional()])))
  .superRefine((raw, ctx) => {
    const v = raw as Partial<Variant>;
    // only a variant whose options each passed their own schema gets here (zod runs no refinement on
    // a payload with issues), but stay safe if that ever changes
    if (!isPlainObject(v.districtOverrides ?? {}) || !Array.isArray(v.citySetup ?? [])) return;
    const lost = districtWithoutRoot(v.districtOverrides ?? {});
    if (lost !== null) {
      ctx.addIssue({
        code: "custom",
        path: ["districtOverrides"],
        message: `the next-district arrows from district ${lost} never reach The Root (every district must lead to The Root, with no loop)`,
      });
    }
    const layout = v.citySetup ?? catalog.citySetup;
    const pools = { ...UNIT_POOLS, ...DEFAULT_VARIANT.tokenPools, ...(v.tokenPools ?? {}) };
    for (const kind of ["humanFirst", "orgcrime", "prisec", "illness"] as const) {
      const placed = layout.filter((e) => e[kind]).length;
      if (placed > pools[kind]) {
        ctx.addIssue({
          code: "custom",
          path: [v.citySetup ? "citySetup" : "tokenPools"],
          message: `the City Setup places ${placed} ${kind} but only ${pools[kind]} exist`,
        });
      }
    }
  });

/** null when the variant is complete and playable, else a sentence saying what is wrong. */
export function variantProblem(variant: unknown): string | null {
  const unsafe = unsafeKey(variant);
  if (unsafe !== null) return `A variant cannot hold the key "${unsafe}".`;
  const parsed = VariantSchema.safeParse(variant);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  if (issue.code === "unrecognized_keys") {
    const key = issue.path.length === 0 ? issue.keys.find((k) => !KNOWN.has(k)) : undefined;
    if (key !== undefined) return `There is no variant option "${key.slice(0, 40)}".`;
  }
  if (issue.path.length === 0) return `The variant is not valid: ${issue.message}.`;
  const [key, ...rest] = issue.path.map(String);
  return `The variant option "${key}" is not valid${rest.length ? ` at ${rest.join(".")}` : ""}: ${issue.message}.`;
}
