// The six corporations in Corporation Setup order (rules D4, B3, A14, Part E).
// Contracts are display text; the engine implements them. Draw boxes: 5-6 players = 2 of the corp's own
// type + 1 secondary type, 4 players = 2 own type + 1 General. Only Jinteki's secondary (labor) is known
// [V]; the others are reconstructions [R], picked so that no two corps share a secondary (variant corpDraws).
import type { CorpDef } from "./types.ts";

export const corps: CorpDef[] = [
  {
    id: "jinteki",
    name: "Jinteki",
    tagline: "Personal Evolution",
    contract: "Whenever an illness token is removed from a district, gain 2 capital.",
    topType: "biotech",
    draw: { fourPlayers: ["biotech", "biotech", "general"], fiveSixPlayers: ["biotech", "biotech", "labor"] }, // [V]
    emergencyAction: "mandatory-quarantine",
  },
  {
    id: "haas-bioroid",
    name: "Haas-Bioroid",
    tagline: "Engineering the Future",
    contract: "Whenever one or more android tokens are moved, gain 2 capital (once per move effect).", // once per effect [R]
    topType: "labor", // [R]
    draw: { fourPlayers: ["labor", "labor", "general"], fiveSixPlayers: ["labor", "labor", "construction"] }, // [R] secondary
    emergencyAction: "underpaid-overclocked",
  },
  {
    id: "nbn",
    name: "NBN",
    tagline: "Making News",
    contract: "Whenever unrest in a district decreases, gain 1 capital per stage decreased.",
    topType: "media", // [R]
    draw: { fourPlayers: ["media", "media", "general"], fiveSixPlayers: ["media", "media", "biotech"] }, // [R] secondary
    emergencyAction: "sweeps-week",
  },
  {
    id: "weyland",
    name: "Weyland Consortium",
    tagline: "Building a Better World",
    contract: "Whenever an outage token is removed from a district, gain 2 capital.",
    topType: "construction", // [R]
    draw: { fourPlayers: ["construction", "construction", "general"], fiveSixPlayers: ["construction", "construction", "security"] }, // [R] secondary
    emergencyAction: "massive-reconstruction",
  },
  {
    id: "globalsec",
    name: "Globalsec",
    tagline: "The Conflict Solution",
    contract: "Whenever an enemy unit is removed from a district, gain 1 capital.",
    topType: "security", // [R]
    draw: { fourPlayers: ["security", "security", "general"], fiveSixPlayers: ["security", "security", "media"] }, // [R] secondary
    emergencyAction: "ruthless-tactics",
  },
  {
    id: "melange",
    name: "Melange Mining",
    tagline: "Powering Change",
    // The fan tool's corp sheet [V-fan]; variant melangeContract has the action-card readings
    contract: "When an event card is completely resolved, if threat did not rise by 2 or more during it, gain 3 capital.",
    topType: null, // Melange Mining has no action type of its own
    draw: { fourPlayers: ["general", "general", "general"], fiveSixPlayers: ["general", "general", "general"] }, // [R] Part E
    emergencyAction: "energy-for-all",
  },
];
