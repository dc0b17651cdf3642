// Validates the variant options a table is created with (or the host sets), so that nothing a client
// sends can reach the engine in a shape it cannot play. Options the engine documents with a fixed set
// of choices (VARIANT_DOCS) are checked against it; the structured ones have their own schema here.
import { z } from "zod";
import { VARIANT_DOCS } from "../engine/variant.ts";
import { ACTION_TYPES, CORP_IDS, RESOURCES } from "../../shared/catalog/types.ts";
import { catalog } from "../../shared/catalog/index.ts";

const districtId = z.number().int().min(1).max(10);
const districtKey = z.string().regex(/^(10|[1-9])$/, "a district number 1-10");
const drawSlot = z.enum([...ACTION_TYPES, "general"]);
const drawBox = z.array(drawSlot).min(1).max(6);
const smallInt = z.number().int().min(0).max(100);

const STRUCTURED: Record<string, z.ZodType> = {
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
  })).max(10).nullable()
    .refine((setup) => !setup || new Set(setup.map((e) => e.district)).size === setup.length, "each district at most once")
    .refine((setup) => !setup || setup.filter((e) => e.android).length === 3, "exactly 3 androids"),
  corpDraws: z.partialRecord(z.enum(CORP_IDS), z.strictObject({ fourPlayers: drawBox.optional(), fiveSixPlayers: drawBox.optional() })),
  eventTurns: z.record(z.string(), z.number().int().min(1).max(5))
    .refine((r) => Object.keys(r).every((id) => catalog.events.some((e) => e.id === id)), "known event ids"),
  tokenPools: z.strictObject({
    illness: z.number().int().min(1).max(30).optional(),
    outage: z.number().int().min(1).max(30).optional(),
    development: z.number().int().min(1).max(30).optional(),
  }),
};

function schemaFor(doc: (typeof VARIANT_DOCS)[number]): z.ZodType {
  const structured = STRUCTURED[doc.key];
  if (structured) return structured;
  const choices = (doc as { choices?: string[] }).choices;
  if (choices) return z.enum(choices as [string, ...string[]]);
  if (typeof doc.default === "boolean") return z.boolean();
  if (typeof doc.default === "number") return smallInt;
  return z.never();
}

/** null when every option is known and well formed, else a sentence saying what is wrong. */
export function checkVariant(variant: Record<string, unknown>): string | null {
  for (const [key, value] of Object.entries(variant)) {
    const doc = VARIANT_DOCS.find((d) => d.key === key);
    if (!doc) return `There is no variant option "${key}".`;
    const parsed = schemaFor(doc).safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return `The variant option "${key}" is not valid${issue?.path.length ? ` at ${issue.path.join(".")}` : ""}: ${issue?.message ?? "bad value"}.`;
    }
  }
  return null;
}
