// The results of a finished game, for its end screen: built while the replay is rebuilt (ends.ts), from
// the states after each command and the public log lines, never from anything a seat kept hidden while
// it mattered (the rivals are the result's own, revealed at the end). Per round: every corporation's
// capital and the threat by source; over the game: deals won, support given and received (cards put on
// an offer, counted from the deal as it was when its winner was named), trades carried out; and the
// moment that decided it: for a fall of the city, the rise that took the threat to 25; for a normal end,
// the last time a player and the corporation on their rival card changed places (else the last deal won);
// and for each player, the last time they and their rival's corporation changed places (rivalTurns).
import type { Command } from "../../shared/protocol.ts";
import type { GameFigures, RoundMark } from "../../shared/ends-api.ts";
import type { GameEvent, ResultView } from "../../shared/view.ts";
import { corpName } from "../engine/data.ts";
import type { GameState } from "../engine/index.ts";
import { ROUND_TRACK } from "../engine/state.ts";

const mark = (s: GameState, label: string, step: number): RoundMark => ({
  label, step, capital: s.seats.map((p) => p.capital), threat: s.threat, threatFrom: { ...s.threatFrom },
});

/**
 * A line said several times in a row, said once with how many times: four "Globalsec gains 1 capital
 * from its contract (enemy unit removed)." become "…, 4 times." (the end screen shows a moment's first lines).
 */
export function saidOnce(lines: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    let j = i + 1;
    while (j < lines.length && lines[j] === lines[i]) j++;
    out.push(j - i === 1 ? lines[i]! : `${lines[i]!.replace(/\.$/, "")}, ${j - i} times.`);
    i = j;
  }
  return out;
}

/** Feed it every step of a game in order; `result()` once it is over. */
export class SummaryBuilder {
  private readonly rounds: RoundMark[];
  private readonly dealsWon: number[];
  private readonly given: number[];
  private readonly received: number[];
  private readonly trades: number[];
  private readonly corps: string[];
  /** Per step: its public lines and each seat's lead over its rival corporation's seat (sign only). */
  private readonly steps: { step: number; round: number; lines: string[]; capital: number[] }[] = [];

  constructor(start: GameState) {
    const n = start.players;
    this.rounds = [mark(start, ROUND_TRACK[start.round] ?? "?", 0)];
    this.dealsWon = new Array<number>(n).fill(0);
    this.given = new Array<number>(n).fill(0);
    this.received = new Array<number>(n).fill(0);
    this.trades = new Array<number>(n).fill(0);
    this.corps = start.seats.map((_, i) => corpName(start, i));
    this.steps.push({ step: 0, round: start.round, lines: [], capital: start.seats.map((p) => p.capital) });
  }

  step(step: number, before: GameState, after: GameState, seat: number, command: Command, events: GameEvent[]): void {
    if (after.round !== before.round) {
      // the flow may run on into the new round in the same command (a demand paid at once): what the new
      // round raised so far (the engine's threatRound) is the new round's, not the last one's
      const m = mark(after, ROUND_TRACK[after.round] ?? "?", step);
      for (const [k, v] of Object.entries(after.threatRound ?? {})) {
        const key = k as keyof RoundMark["threatFrom"];
        m.threatFrom[key] = (m.threatFrom[key] ?? 0) - (v ?? 0);
        m.threat -= v ?? 0;
      }
      this.rounds.push(m);
    }
    const lines = events.filter((e) => !e.to).map((e) => e.text);
    this.steps.push({ step, round: after.round, lines, capital: after.seats.map((p) => p.capital) });
    // a winner is named: count the deal's support as it stood (facedown cards are counted, never read)
    for (const line of lines) {
      const won = this.corps.findIndex((c) => line.startsWith(`${c} wins the deal`));
      if (won < 0) continue;
      this.dealsWon[won]!++;
      const deal = after.deal ?? before.deal;
      if (!deal) continue;
      const owner = { main: deal.main?.seat, counter: deal.counters.at(-1)?.seat };
      // the support that closed the Support step resolved the deal in the same command: it is the command's
      const supports = [...deal.supports];
      if (!after.deal && command.type === "support" && !supports.some((x) => x.seat === seat)) supports.push({ seat, offer: command.offer, cards: command.cards });
      for (const x of supports) {
        if (x.asset) continue;
        this.given[x.seat]! += x.cards.length;
        const to = owner[x.offer];
        if (to !== undefined) this.received[to]! += x.cards.length;
      }
    }
    // a trade carried out: both parties count it (the log announces it to everyone)
    if (command.type === "trade-accept" && lines.some((l) => / trade: /.test(l))) {
      const t = before.trades.find((x) => x.id === command.id);
      if (t) { this.trades[t.from]!++; this.trades[t.to]!++; }
    }
  }

  result(end: GameState, total: number): GameFigures {
    const rounds = [...this.rounds, mark(end, "end", total)];
    return {
      corps: this.corps, rounds, dealsWon: this.dealsWon, supportGiven: this.given, supportReceived: this.received, trades: this.trades,
      decided: end.result ? this.decided(end.result) : null,
      rivalTurns: end.result ? this.rivalTurns(end.result) : [],
    };
  }

  /** Each seat paired with the seat of the corporation on its rival card (none: its own, the Federalist). */
  private static pairs(result: ResultView): (readonly [number, number])[] {
    return result.seats.flatMap((r) => {
      const other = result.seats.find((o) => o.corp === r.rival && o.seat !== r.seat);
      return other ? [[r.seat, other.seat] as const] : [];
    });
  }

  /** The index in `steps` of the last change of who leads in the pair (a, b), or -1. */
  private lastTurn(a: number, b: number): number {
    const ahead = (i: number) => this.steps[i]!.capital[a]! > this.steps[i]!.capital[b]!;
    for (let i = this.steps.length - 1; i > 0; i--) if (ahead(i) !== ahead(i - 1)) return i;
    return -1;
  }

  private rivalTurns(result: ResultView): GameFigures["rivalTurns"] {
    const out: GameFigures["rivalTurns"] = result.seats.map(() => null);
    for (const [a, b] of SummaryBuilder.pairs(result)) {
      const i = this.lastTurn(a, b);
      if (i < 0) continue;
      const s = this.steps[i]!;
      out[a] = { round: ROUND_TRACK[s.round] ?? "?", step: s.step, ahead: s.capital[a]! > s.capital[b]! };
    }
    return out;
  }

  private decided(result: ResultView): GameFigures["decided"] {
    const moment = this.moment(result);
    return moment && { ...moment, lines: saidOnce(moment.lines) };
  }

  private moment(result: ResultView): GameFigures["decided"] {
    const at = (i: number) => {
      const s = this.steps[i]!;
      return { round: ROUND_TRACK[s.round] ?? "?", step: s.step, lines: s.lines };
    };
    if (result.reason === "threat") {
      for (let i = this.steps.length - 1; i >= 0; i--) {
        const rise = this.steps[i]!.lines.filter((l) => /^Threat rises by \d+ to 25\b/.test(l));
        if (rise.length) return { ...at(i), lines: rise };
      }
      return null;
    }
    // who is ahead of whom: each seat against the seat of the corporation on its rival card
    const turns = SummaryBuilder.pairs(result).map(([a, b]) => this.lastTurn(a, b));
    const last = Math.max(-1, ...turns);
    if (last > 0) {
      const lines = this.steps[last]!.lines.filter((l) => /capital|wins the deal|trade/.test(l));
      return { ...at(last), lines: lines.length ? lines : this.steps[last]!.lines.slice(0, 4) };
    }
    // nobody ever changed places with their rival: the last deal won is the last thing that moved capital
    for (let i = this.steps.length - 1; i >= 0; i--) {
      const lines = this.steps[i]!.lines.filter((l) => / wins the deal /.test(l));
      if (lines.length) return { ...at(i), lines };
    }
    return null;
  }
}
