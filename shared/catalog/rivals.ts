// The 7 rival cards (rules B10, A13, A11.4): one per corp plus the Federalist.
// Only the cards of the corps in play and the Federalist are dealt.
import type { RivalDef } from "./types.ts";

/** A player whose rival card is their own corporation wins with more capital than this many other players (the card's text). */
export function ownRivalNeeds(players: number): number {
  return players === 4 ? 2 : 3;
}

function corpRival(id: RivalDef["id"], name: string): RivalDef {
  return {
    id,
    name,
    text: `Win with more capital than ${name}. If ${name} is your own corporation, win with more capital than at least 3 other players (2 in a 4-player game).`,
  };
}

export const rivals: RivalDef[] = [
  corpRival("jinteki", "Jinteki"),
  corpRival("haas-bioroid", "Haas-Bioroid"),
  corpRival("nbn", "NBN"),
  corpRival("weyland", "Weyland Consortium"),
  corpRival("globalsec", "Globalsec"),
  corpRival("melange", "Melange Mining"),
  {
    id: "federalist",
    name: "Federalist",
    text: "You cannot win at the normal end of the game. If threat reaches 25, you alone win, provided you have at least 25 capital.",
  },
];
