// The 100 action cards: 5 types x 4 titles x 5 copies (rules B4). Titles and effects from the fan
// server's deck lists; the copy count per title is [R] (5 each makes 20 per type, 100 in all).
// Texts are our own condensed wording of the effects the engine implements.
import type { ActionCardDef } from "./types.ts";

/** Copies of each title in its deck. */
const COPIES = 5; // [R]

export const actionCards: ActionCardDef[] = [
  // Biotech
  {
    id: "clean-slate", title: "Clean Slate", type: "biotech", copies: COPIES, illnessFree: true,
    text: "Remove up to 2 illness tokens. Then place 1 outage in one district you removed illness from.",
  },
  {
    id: "clinical-trials", title: "Clinical Trials", type: "biotech", copies: COPIES, illnessFree: true,
    text: "Remove 1 illness token from any district.",
  },
  {
    id: "information-procurement", title: "Information Procurement", type: "biotech", copies: COPIES, illnessFree: false,
    text: "From the active player clockwise, each player may spend any capital. If the total is at least the number of players, threat drops by 2.",
  },
  {
    // Title to verify against a physical copy: the fan menu says "Unorthodox Predictions" [?]
    id: "unorthodox-knowledge", title: "Unorthodox Knowledge", type: "biotech", copies: COPIES, illnessFree: false,
    text: "Look at the top 3 events. Put 1 of them on the bottom of the deck and the others back on top in any order.",
  },
  // Construction
  {
    id: "ark-construction", title: "Ark Construction", type: "construction", copies: COPIES, illnessFree: false,
    text: "Place 1 development token in any district.",
  },
  {
    id: "budget-renovations", title: "Budget Renovations", type: "construction", copies: COPIES, illnessFree: false,
    text: "Remove up to 2 outages. Then raise unrest 1 stage in each district you removed one from.",
  },
  {
    id: "gentrification", title: "Gentrification", type: "construction", copies: COPIES, illnessFree: false,
    text: "Remove 1 outage from a district and place a prisec unit there if it has none. Every enemy unit there moves on.",
  },
  {
    id: "vanity-project", title: "Vanity Project", type: "construction", copies: COPIES, illnessFree: false,
    text: "Pick a player: they gain 2 capital, or 4 if they supported this offer. Then they discard 1 of their assets, if they have any.",
  },
  // Labor
  {
    id: "efficiency-experts", title: "Efficiency Experts", type: "labor", copies: COPIES, illnessFree: true,
    text: "Move 1 android token to a district without one.",
  },
  {
    id: "high-risk-investments", title: "High-Risk Investments", type: "labor", copies: COPIES, illnessFree: false,
    text: "Pick 3 players in order: the first gains 3 capital, the second 2, the third 1.",
  },
  {
    id: "labor-solutions", title: "Labor Solutions", type: "labor", copies: COPIES, illnessFree: false,
    text: "Move up to 3 android tokens to districts without one. Then place 1 orgcrime unit in any district.",
  },
  {
    id: "liquidation", title: "Liquidation", type: "labor", copies: COPIES, illnessFree: false,
    text: "Pick a district not in strike or outage: it produces all its resources now, orgcrime ignored. Then it goes on strike.",
  },
  // Media
  {
    id: "live-feeds", title: "24/7 Live Feeds", type: "media", copies: COPIES, illnessFree: false,
    text: "Either lower unrest 1 stage in any district, or remove 1 orgcrime unit.",
  },
  {
    id: "media-circus", title: "Media Circus", type: "media", copies: COPIES, illnessFree: false,
    text: "Lower unrest 2 stages in one district. Then place 1 Human First unit in any district.",
  },
  {
    id: "puff-piece", title: "Puff Piece", type: "media", copies: COPIES, illnessFree: false,
    text: "From the active player clockwise, each player may draw 2 cards of one type they pick, or 3 if they supported this offer.",
  },
  {
    id: "spin-doctors", title: "Spin Doctors", type: "media", copies: COPIES, illnessFree: false,
    text: "Lower unrest 1 stage in up to 2 districts. Then credits supply drops by 1; if it is already 0, threat rises by 1 instead.",
  },
  // Security
  {
    id: "arrest-orders", title: "Arrest Orders", type: "security", copies: COPIES, illnessFree: false,
    text: "Place 1 prisec unit in any district and remove every other unit there.",
  },
  {
    id: "full-deployment", title: "Full Deployment", type: "security", copies: COPIES, illnessFree: false,
    text: "Pick another player. Either they draw 5 cards of a type you pick, or their emergency action turns faceup.",
  },
  {
    id: "riot-control", title: "Riot Control", type: "security", copies: COPIES, illnessFree: false,
    text: "Remove 1 prisec unit to remove up to 2 enemy units anywhere. Then raise unrest 1 stage in a district not in strike or outage.",
  },
  {
    id: "scorched-earth", title: "Scorched Earth", type: "security", copies: COPIES, illnessFree: false,
    text: "Place 1 outage in a district not in outage. Remove every enemy unit there and in one other district of the same tier.",
  },
];
