// The 9 demand cards (rules B8): supply targets per resource and the threat added when unmet.
// Retail Shortage's figures look odd in the fan data but both fan sources agree [?].
import type { DemandDef } from "./types.ts";

export const demands: DemandDef[] = [
  { id: "hosting-worlds-cup", name: "Hosting World's Cup", penalty: 5,
    targets: { energy: 0, consumables: 1, tech: 3, entertainment: 4, credits: 2 } },
  { id: "increased-martian-violence", name: "Increased Martian Violence", penalty: 6,
    targets: { energy: 1, consumables: 2, tech: 0, entertainment: 2, credits: 6 } },
  { id: "network-disruption", name: "Network Disruption", penalty: 7,
    targets: { energy: 0, consumables: 0, tech: 4, entertainment: 4, credits: 3 } },
  { id: "power-grid-overload", name: "Power Grid Overload", penalty: 6,
    targets: { energy: 2, consumables: 0, tech: 1, entertainment: 2, credits: 2 } },
  { id: "recreational-drug-ban", name: "Recreational Drug Ban", penalty: 7,
    targets: { energy: 0, consumables: 1, tech: 0, entertainment: 6, credits: 6 } },
  { id: "refugee-influx", name: "Refugee Influx", penalty: 5,
    targets: { energy: 0, consumables: 3, tech: 1, entertainment: 3, credits: 2 } },
  { id: "retail-shortage", name: "Retail Shortage", penalty: 7,
    targets: { energy: 1, consumables: 1, tech: 0, entertainment: 5, credits: 1 } },
  { id: "space-elevator-malfunction", name: "Space Elevator Malfunction", penalty: 6,
    targets: { energy: 1, consumables: 0, tech: 2, entertainment: 2, credits: 6 } },
  { id: "tourism-spike", name: "Tourism Spike", penalty: 5,
    targets: { energy: 2, consumables: 0, tech: 0, entertainment: 5, credits: 5 } },
];
