// The ten districts of New Angeles (rules B1, A10; tiers and production per Part E).
// Verified: names and numbers, Rutherford (tier 3, 2 credits + 1 entertainment), the resource icons of
// Manta, Rabotgorod and Nihongai. Everything else is a reconstruction chosen so that every resource is
// produced by at least two districts; the engine's variant options can override any of it.
import type { DistrictDef } from "./types.ts";

/** Part E: every district but Rutherford produces 2 of its primary and 1 of its secondary resource. */
const STANDARD_PRODUCTION = { primary: 2, secondary: 1 }; // [R]

export const districts: DistrictDef[] = [
  // primary/secondary of 1, 2, 3, 6, 8, 10 are [?] in every source: our reconstruction, marked [R].
  { id: 1, name: "Guayaquil", tier: 1, primary: "consumables", secondary: "energy", production: { ...STANDARD_PRODUCTION }, next: 2 }, // [R] tier, resources, next
  { id: 2, name: "Quinde", tier: 1, primary: "credits", secondary: "consumables", production: { ...STANDARD_PRODUCTION }, next: 5 }, // [R] tier, resources, next
  { id: 3, name: "La Costa", tier: 1, primary: "entertainment", secondary: "credits", production: { ...STANDARD_PRODUCTION }, next: 5 }, // [R] tier, resources, next
  // Manta and Rabotgorod: blue frame and icons read from fan tile crops [V-fan]; amounts [R].
  { id: 4, name: "Manta", tier: 1, primary: "entertainment", secondary: "tech", production: { ...STANDARD_PRODUCTION }, next: 7 }, // [R] amounts, next
  { id: 5, name: "Rabotgorod", tier: 1, primary: "energy", secondary: "tech", production: { ...STANDARD_PRODUCTION }, next: 6 }, // [R] amounts, next
  { id: 6, name: "Laguna Velasco", tier: 2, primary: "consumables", secondary: "entertainment", production: { ...STANDARD_PRODUCTION }, next: 9 }, // [R] tier, resources, next
  // Nihongai: yellow frame, tech primary [V-fan]; the droplet icon read as consumables [R].
  { id: 7, name: "Nihongai", tier: 2, primary: "tech", secondary: "consumables", production: { ...STANDARD_PRODUCTION }, next: 9 }, // [R] amounts, next
  { id: 8, name: "Esmeraldas", tier: 3, primary: "entertainment", secondary: "credits", production: { ...STANDARD_PRODUCTION }, next: 9 }, // [R] tier (Part E default 3), resources, next
  { id: 9, name: "Rutherford", tier: 3, primary: "credits", secondary: "entertainment", production: { primary: 2, secondary: 1 }, next: 10 }, // [V] except next [R]
  { id: 10, name: "Base de Cayambe", tier: 3, primary: "credits", secondary: "energy", production: { ...STANDARD_PRODUCTION }, next: "root" }, // [R] tier, resources; next to The Root
];
