// End of the game (A13, A11.4): the normal end after Pay Demand of the third demand round, or
// threat reaching 25 at once. Once the result exists nothing may change: `finish` writes it and
// throws `GameOver`, which unwinds whatever rule was running (a card half-resolved, a window about to
// open, a contract about to pay) up to `untilOver`, where the rules were started (apply, the flow, a
// scratch copy). No rule runs after the result, so its figures are the game's last.
import type { Ctx } from "./ctx.ts";
import { log } from "./ctx.ts";
import { corpName, rivalName } from "./data.ts";
// Own corp as rival: beat at least 3 other players (2 at 4 players) [V]; the number is the card's (shared by the end screen's words).
import { ownRivalNeeds } from "../../shared/catalog/rivals.ts";
import type { GameResult, SeatResult } from "./state.ts";


/** Each seat's result at a normal end, from the standings now. */
function standings(s: Ctx["s"]): SeatResult[] {
  return s.seats.map((p) => {
    const base = { seat: p.seat, corp: p.corp, rival: p.rival, capital: p.capital };
    if (p.rival === "federalist") {
      // the variant lets it win as at threat 25: with at least 25 capital
      if (!s.variant.federalistWinsNormally) return { ...base, won: false, why: "The Federalist does not win at a normal end." };
      return { ...base, won: p.capital >= 25, why: `The Federalist with ${p.capital} capital (needs 25).` };
    }
    if (p.rival === p.corp) {
      const beaten = s.seats.filter((o) => o.seat !== p.seat && p.capital > o.capital).length;
      const need = ownRivalNeeds(s.players);
      return { ...base, won: beaten >= need, why: `Own corporation as rival: more capital than ${beaten} players (needs ${need}).` };
    }
    const target = s.seats.find((o) => o.corp === p.rival);
    const theirs = target ? target.capital : 0;
    return {
      ...base,
      won: p.capital > theirs,
      why: `${p.capital} capital against ${rivalName(p.rival)}'s ${theirs}.`,
    };
  });
}

export function endNormally(c: Ctx): never {
  const s = c.s;
  const seats = standings(s);
  finish(c, { reason: "end", winners: seats.filter((x) => x.won).map((x) => x.seat), seats, rivalUnderBoard: s.rivalUnderBoard });
}

export function endByThreat(c: Ctx): never {
  const s = c.s;
  const seats: SeatResult[] = s.seats.map((p) => {
    const won = p.rival === "federalist" && p.capital >= 25;
    const why = p.rival === "federalist" ? `The Federalist with ${p.capital} capital (needs 25).` : "Threat reached 25: the city is lost.";
    return { seat: p.seat, corp: p.corp, rival: p.rival, capital: p.capital, won, why };
  });
  finish(c, { reason: "threat", winners: seats.filter((x) => x.won).map((x) => x.seat), seats, rivalUnderBoard: s.rivalUnderBoard });
}

/**
 * The players end the game by vote (the table counts the votes; server/table/votes.ts): "vote" scores
 * it as a normal end would with the standings now; "cancelled" ends it with no winner.
 */
export function endByVote(c: Ctx, how: "vote" | "cancelled"): never {
  const s = c.s;
  const seats = how === "vote" ? standings(s) : s.seats.map((p) => ({ seat: p.seat, corp: p.corp, rival: p.rival, capital: p.capital, won: false, why: "The game was cancelled." }));
  finish(c, { reason: how, winners: seats.filter((x) => x.won).map((x) => x.seat), seats, rivalUnderBoard: s.rivalUnderBoard });
}

/** Thrown by `finish` once the result is written: nothing that was running goes on. */
export class GameOver extends Error {
  constructor() {
    super("The game is over.");
  }
}

function finish(c: Ctx, result: GameResult): never {
  const s = c.s;
  s.result = result;
  s.stage = "finished";
  s.pending = null;
  s.effects = [];
  s.trades = [];
  s.draw = null;
  for (const r of result.seats) log(c, "rival", `${corpName(s, r.seat)} reveals rival ${rivalName(r.rival)}. ${r.why}`);
  const names = result.winners.map((w) => corpName(s, w));
  log(c, "game-over", names.length ? `The game is over. Winners: ${names.join(", ")}.` : "The game is over. Nobody wins.");
  throw new GameOver();
}

/**
 * Runs rules on `c` until they return (their answer) or the game ends (undefined: the result stands,
 * as `finish` left it).
 */
export function untilOver<T>(c: Ctx, rules: () => T): T | undefined {
  try {
    return rules();
  } catch (e) {
    if (!(e instanceof GameOver) || !c.s.result) throw e;
    return undefined;
  }
}
