// The 16 event cards (rules B7, A5.3; turn values per Part E). Category = the card back, which is public.
// Top half = `threat`; bottom half = `place` (one copy in each listed district); `nextTurns` = turns in the
// next Action Phase. "Moves" = every unit of that type moves once toward The Root, highest district first.
import type { EventDef } from "./types.ts";

export const events: EventDef[] = [
  {
    id: "activist-cells-awaken", name: "Activist Cells Awaken", category: "human-first",
    text: "Every Human First unit moves twice.",
    threat: { kind: "move-all", unit: "humanFirst", times: 2 },
    place: { humanFirst: [3], orgcrime: [7], outage: [], illness: [2] },
    nextTurns: 4,
  },
  {
    id: "beanstalk-beset-by-protesters", name: "Beanstalk Beset by Protesters", category: "human-first",
    text: "If a Human First unit is in a tier 3 district, threat +4; otherwise every Human First unit moves.",
    threat: { kind: "if-in-tier", what: "humanFirst", tiers: [{ tier: 3, amount: 4 }], otherwise: "move-all" },
    place: { humanFirst: [7], orgcrime: [], outage: [], illness: [9, 10] },
    nextTurns: 3,
  },
  {
    id: "human-first-starts-riot", name: "Human First Starts Riot", category: "human-first",
    text: "If a Human First unit is in a tier 2 district, threat +2; otherwise every Human First unit moves.",
    threat: { kind: "if-in-tier", what: "humanFirst", tiers: [{ tier: 2, amount: 2 }], otherwise: "move-all" },
    place: { humanFirst: [2], orgcrime: [], outage: [5], illness: [1] },
    nextTurns: 4,
  },
  {
    id: "humanity-labor-hosts-union-heads", name: "Humanity Labor Hosts Union Heads", category: "human-first",
    text: "Threat +1 for each Human First unit in the city.",
    threat: { kind: "per-unit", unit: "humanFirst", amount: 1 },
    place: { humanFirst: [4], orgcrime: [], outage: [], illness: [1] },
    nextTurns: 3,
  },
  {
    id: "beanstalk-owned-by-mob", name: "Beanstalk Owned by Mob?", category: "orgcrime",
    text: "If an orgcrime unit is in a tier 3 district, threat +4; otherwise every orgcrime unit moves.",
    threat: { kind: "if-in-tier", what: "orgcrime", tiers: [{ tier: 3, amount: 4 }], otherwise: "move-all" },
    place: { humanFirst: [3], orgcrime: [6], outage: [], illness: [4] },
    nextTurns: 4, // [R] missing in the fan data; Part E default
  },
  {
    id: "gang-wars-at-all-time-high", name: "Gang Wars at All-Time High!", category: "orgcrime",
    text: "Threat +1 for each orgcrime unit in the city.",
    threat: { kind: "per-unit", unit: "orgcrime", amount: 1 },
    place: { humanFirst: [], orgcrime: [10], outage: [1], illness: [3] },
    nextTurns: 3,
  },
  {
    id: "pistoleros-hit-squads-strike", name: "Pistoleros Hit Squads Strike!", category: "orgcrime",
    text: "If an orgcrime unit is in a tier 2 district, threat +3; otherwise every orgcrime unit moves.",
    threat: { kind: "if-in-tier", what: "orgcrime", tiers: [{ tier: 2, amount: 3 }], otherwise: "move-all" },
    place: { humanFirst: [8], orgcrime: [3], outage: [], illness: [2] },
    nextTurns: 3, // [R] fan data typo "w"; Part E default
  },
  {
    id: "tri-maf-leaders-unite", name: "Tri-Maf Leaders Unite!", category: "orgcrime",
    text: "Threat +1 for each orgcrime unit in the city.",
    threat: { kind: "per-unit", unit: "orgcrime", amount: 1 },
    place: { humanFirst: [1, 2], orgcrime: [], outage: [7], illness: [3] },
    nextTurns: 5,
  },
  {
    id: "crumbling-infrastructure", name: "Crumbling Infrastructure", category: "outage",
    text: "Threat +1 for each district in outage.",
    threat: { kind: "per-district", condition: "outage", amount: 1 },
    place: { humanFirst: [7], orgcrime: [2], outage: [], illness: [5, 10] },
    nextTurns: 5,
  },
  {
    id: "earthquake-rocks-city", name: "Earthquake Rocks City", category: "outage",
    text: "If at least 3 districts are in outage, threat +5.",
    threat: { kind: "if-at-least", condition: "outage", count: 3, amount: 5 },
    place: { humanFirst: [8], orgcrime: [], outage: [2], illness: [7, 9] },
    nextTurns: 4,
  },
  {
    id: "helium-3-transport-threatened", name: "Helium-3 Transport Threatened", category: "outage",
    text: "If a tier 3 district is in outage, threat +5; otherwise, if a tier 2 district is, threat +3.",
    threat: { kind: "if-in-tier", what: "outage", tiers: [{ tier: 3, amount: 5 }, { tier: 2, amount: 3 }], otherwise: "nothing" },
    place: { humanFirst: [5], orgcrime: [], outage: [], illness: [8] },
    nextTurns: 3, // [R] fan data typo "33"; Part E default
  },
  {
    id: "rolling-outages-increase", name: "Rolling Outages Increase", category: "outage",
    text: "Threat +1 for each district in outage.",
    threat: { kind: "per-district", condition: "outage", amount: 1 },
    place: { humanFirst: [], orgcrime: [4], outage: [8], illness: [5] },
    nextTurns: 3,
  },
  {
    id: "average-wage-falls-again", name: "Average Wage Falls Again", category: "protest-strike",
    text: "If at least 3 districts are in strike, threat +4.",
    threat: { kind: "if-at-least", condition: "strike", count: 3, amount: 4 },
    place: { humanFirst: [9], orgcrime: [8], outage: [], illness: [8] },
    nextTurns: 4,
  },
  {
    id: "report-record-unemployment", name: "Report: Record Unemployment", category: "protest-strike",
    text: "If at least 6 districts are in protest or strike, threat +4.",
    threat: { kind: "if-at-least", condition: "protest-or-strike", count: 6, amount: 4 },
    place: { humanFirst: [1], orgcrime: [9], outage: [], illness: [6] },
    nextTurns: 4,
  },
  {
    id: "social-apps-spark-revolution", name: "Social Apps Spark Revolution", category: "protest-strike",
    text: "Threat +1 for each district in protest or strike.",
    threat: { kind: "per-district", condition: "protest-or-strike", amount: 1 },
    place: { humanFirst: [6], orgcrime: [], outage: [], illness: [4, 6] },
    nextTurns: 5,
  },
  {
    id: "welfare-programs-slashed", name: "Welfare Programs Slashed", category: "protest-strike",
    text: "Threat +1 for each district in strike.",
    threat: { kind: "per-district", condition: "strike", amount: 1 },
    place: { humanFirst: [], orgcrime: [1, 2], outage: [], illness: [10, 1] },
    nextTurns: 3,
  },
];
