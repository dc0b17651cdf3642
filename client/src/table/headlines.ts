// One sentence per person at the end: "You win: Federalist with 27 capital at threat 25" / "You lose:
// Globalsec ended with more capital than you". Read from the engine's result (rivals revealed, each
// seat's capital and whether it won) and the final threat; no rule is decided here, only worded.
import type { ResultView } from "../../../shared/view.ts";
import { ownRivalNeeds } from "../../../shared/catalog/rivals.ts";
import { rivalName } from "../text.ts";

export interface Headline { seat: number; won: boolean; text: string }

/** `names[seat]`: how to call each seat ("Ann (Jinteki)"); `mySeat`: that seat reads "You". */
export function headlines(result: ResultView, threat: number, names: (seat: number) => string, mySeat: number | null): Headline[] {
  const bySeat = new Map(result.seats.map((s) => [s.seat, s]));
  return result.seats.map((r) => {
    const you = r.seat === mySeat;
    const who = you ? "You" : names(r.seat);
    const whom = you ? "you" : names(r.seat);
    const verb = r.won ? (you ? "win" : "wins") : (you ? "lose" : "loses");
    let why: string;
    if (r.rival === "federalist") {
      why = result.reason === "threat"
        ? `Federalist with ${r.capital} capital at threat ${threat}${r.won ? "" : " (needs 25 capital)"}`
        : `the Federalist cannot win when the city holds (${r.capital} capital)`;
    } else if (result.reason === "threat") {
      why = `the city fell at threat ${threat}; only a Federalist with 25 capital wins then`;
    } else if (r.rival === r.corp) {
      const beaten = result.seats.filter((o) => o.seat !== r.seat && r.capital > o.capital).length;
      const others = result.seats.length - 1;
      why = `own corporation as rival, more capital than ${beaten} of the ${others} others, ${ownRivalNeeds(result.seats.length)} needed (${r.capital} capital)`;
    } else {
      const target = result.seats.find((o) => o.corp === r.rival);
      const theirs = target ? bySeat.get(target.seat)!.capital : 0;
      const rival = rivalName(r.rival);
      why = r.won
        ? `${r.capital} capital against ${rival}'s ${theirs}`
        : `${rival} ended with ${theirs > r.capital ? "more" : "as much"} capital than ${whom} (${theirs} to ${r.capital})`;
    }
    return { seat: r.seat, won: r.won, text: `${who} ${verb}: ${why}` };
  });
}
