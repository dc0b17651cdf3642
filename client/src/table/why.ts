// Why each player won or lost, in a sentence or two, for the end screen: their rival card, their
// capital against that corporation's, when they last changed places with it (the summary's
// rivalTurns), and the threat. Read from the engine's result (rivals revealed, its own `why` for the
// rules it decided) and the end's public summary; no rule is decided here, only worded.
import type { ResultView } from "../../../shared/view.ts";
import type { GameSummary } from "../../../shared/ends-api.ts";
import { rivalName } from "../text.ts";

export interface WhyLine { seat: number; won: boolean; text: string }

/** "round 3", "a demand round". */
function roundWords(label: string): string {
  return label === "D" ? "a demand round" : `round ${label}`;
}

/** Where the threat came from most, over the whole game: "unmet demand (9)". `label`: a source's words. */
function mostThreat(summary: GameSummary | null, label: (source: string) => string): string {
  const end = summary?.rounds.at(-1);
  const top = Object.entries(end?.threatFrom ?? {}).filter(([, v]) => (v ?? 0) > 0).sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))[0];
  return top ? `, most of it from ${label(top[0])} (${top[1]})` : "";
}

/** The threat's part in the ending: one sentence for the whole table. `label`: a threat source's words (SOURCE_LABEL). */
export function threatWhy(result: ResultView, threat: number, summary: GameSummary | null, label: (source: string) => string): string {
  if (result.reason === "threat") {
    const round = summary?.decided ? ` in ${roundWords(summary.decided.round)}` : "";
    return `The city fell: threat reached 25${round}${mostThreat(summary, label)}. Then rivals do not count; only a Federalist with 25 capital wins.`;
  }
  return `The city held: threat ended at ${threat} of 25${mostThreat(summary, label)}. So each rival card decided.`;
}

/**
 * One explanation per seat, yours first. `name(seat)`: the player's name ("Ann"); `summary`: the end's
 * figures (null while they load: the turns are left out).
 */
export function whyLines(result: ResultView, summary: GameSummary | null, name: (seat: number) => string, mySeat: number | null): WhyLine[] {
  const lines = result.seats.map((r): WhyLine => {
    const you = r.seat === mySeat;
    const your = you ? "Your" : `${name(r.seat)}'s`;
    const card = `${your} rival card: ${rivalName(r.rival)}.`;
    const target = result.seats.find((o) => o.corp === r.rival && o.seat !== r.seat);
    if (result.reason === "threat" || !target) return { seat: r.seat, won: r.won, text: `${card} ${r.why}` };
    const them = `${name(target.seat)}, who played it,`;
    const theirs = `${you ? "You" : name(r.seat)} ended with ${r.capital} capital, ${them} with ${target.capital}`;
    const turn = summary?.rivalTurns?.[r.seat];
    const when = turn === undefined
      ? ""
      : turn === null
        ? (r.won ? "; ahead of them all game" : "; never ahead of them")
        : turn.ahead
          ? `; went ahead of them in ${roundWords(turn.round)} and stayed ahead`
          : `; lost the lead to them in ${roundWords(turn.round)} and never took it back`;
    const verdict = r.won ? "More capital than the rival: a win." : target.capital === r.capital ? "Equal capital is not enough: a loss." : "Less capital than the rival: a loss.";
    return { seat: r.seat, won: r.won, text: `${card} ${theirs}${when}. ${verdict}` };
  });
  return [...lines.filter((l) => l.seat === mySeat), ...lines.filter((l) => l.seat !== mySeat)];
}
