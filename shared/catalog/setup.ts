// The first-game City Setup (rules A3.1 step 4, D6): one copy of each listed component in each district.
// Only Nihongai (7): android + prisec is verified; the City Setup sidebar itself was never found, so the
// rest is a reconstruction: 3 androids in all, a few problems spread over tiers 1-2.
import type { Catalog } from "./types.ts";

export const citySetup: Catalog["citySetup"] = [
  { district: 7, android: true, prisec: true }, // [V]
  { district: 2, android: true }, // [R]
  { district: 4, android: true }, // [R]
  { district: 1, unrest: "protest" }, // [R]
  { district: 3, humanFirst: true }, // [R]
  { district: 5, orgcrime: true }, // [R]
  { district: 6, illness: true }, // [R]
];
