// The six emergency actions, one per corporation (rules B5, A7). Texts are our condensed wording.
// "Place ... in the city" with no district named: the resolving player picks the districts [R].
import type { EmergencyActionDef } from "./types.ts";

export const emergencyActions: EmergencyActionDef[] = [
  {
    id: "mandatory-quarantine", title: "Mandatory Quarantine", corp: "jinteki", illnessFree: true,
    text: "Remove up to 4 illness tokens. Then place 2 outages in the city.",
  },
  {
    // Spelled "Unpaid, Overclocked" in one fan file [?]
    id: "underpaid-overclocked", title: "Underpaid, Overclocked", corp: "haas-bioroid", illnessFree: false,
    text: "Raise the supply of up to 2 resources by 1 each. Then gain 4 capital and place 2 Human First units in the city.", // who gains: the resolving player [R]
  },
  {
    id: "sweeps-week", title: "Sweeps Week", corp: "nbn", illnessFree: false,
    text: "Lower unrest by up to 4 stages in total, spread over any districts. Then place 2 illness tokens in the city.",
  },
  {
    id: "massive-reconstruction", title: "Massive Reconstruction", corp: "weyland", illnessFree: false,
    text: "Remove up to 3 outages. Then place 2 orgcrime units in the city.",
  },
  {
    id: "ruthless-tactics", title: "Ruthless Tactics", corp: "globalsec", illnessFree: false,
    text: "Remove up to 4 enemy units. Then raise unrest 1 stage in 2 districts not in strike or outage.",
  },
  {
    id: "energy-for-all", title: "Energy for All", corp: "melange", illnessFree: false,
    text: "From the active player clockwise, each player draws 4 action cards of one type they pick.",
  },
];
