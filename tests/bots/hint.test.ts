// Hints (server/bots/hint.ts): at random positions of seeded bot games, the hinted command is the
// bot's own decision for that seat (same random, same memory), the hint is the same in a game that
// differs only in what the seat cannot see, and its words name only cards and facts the seat can see.
import { describe, expect, it } from "vitest";
import { catalog } from "../../shared/catalog/index.ts";
import { botDecision, newMemory } from "../../server/bots/index.ts";
import { hintFor } from "../../server/bots/hint.ts";
import { MAX_PROPOSALS } from "../../server/bots/negotiate.ts";
import { makeRandom } from "../../server/bots/random.ts";
import { apply, createGame, viewFor, waitingFor, type GameState, type GameView } from "../../server/engine/index.ts";
import { playGame } from "../../server/sim/play.ts";
import { hiddenRedealt } from "./hidden.ts";

/** Every name the catalog prints (cards, assets, investments, rivals, corporations, events, demands). */
const NAMES = [
  ...catalog.actionCards.map((c) => c.title),
  ...catalog.emergencyActions.map((c) => c.title),
  ...catalog.assets.map((a) => a.name),
  ...catalog.investments.map((i) => i.name),
  ...catalog.rivals.map((r) => r.name),
  ...catalog.corps.map((c) => c.name),
  ...catalog.events.map((e) => e.name),
  ...catalog.demands.map((d) => d.name),
];

/** What the seat can see, as text: its view (hand, legal options, the public table) and its rival's name. */
function visible(view: GameView): string {
  const rival = catalog.rivals.find((r) => r.id === view.you?.rival)?.name ?? "";
  return (JSON.stringify(view) + " " + rival).toLowerCase();
}

/** Names a text mentions that the seat cannot see. */
function unseenNames(text: string, view: GameView): string[] {
  const seen = visible(view);
  return NAMES.filter((n) => text.includes(n) && !seen.includes(n.toLowerCase()));
}

/** About `count` positions spread over seeded games: the state and a seat the game waits for (or that must answer a trade). */
function samplePositions(count: number): { s: GameState; seat: number; where: string }[] {
  const games = [4, 5, 6, 4, 5, 6].map((players, i) => ({ players: players as 4 | 5 | 6, seed: 300 + i }));
  const pick = makeRandom(33);
  const out: { s: GameState; seat: number; where: string }[] = [];
  const per = Math.ceil(count / games.length);
  for (const { players, seed } of games) {
    const run = playGame(players, seed);
    expect(run.error).toBeNull();
    const steps = new Set<number>();
    while (steps.size < Math.min(per, run.commands.length)) steps.add(Math.floor(pick() * run.commands.length));
    let s = createGame({ players, seed });
    for (const [step, { seat, command }] of run.commands.entries()) {
      if (steps.has(step)) out.push({ s, seat, where: `${players} players, seed ${seed}, step ${step}, seat ${seat}` });
      const r = apply(s, seat, command);
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
  }
  return out;
}

/** More capital than any card, asset or investment moves for a seat at once (an investment pays at most 8). */
const MOST_CAPITAL = 12;

describe("hints say what the bot would do and why", () => {
  const positions = samplePositions(300);

  it("at 300 random positions the hinted command is the bot's own, the same in a game redealt out of the seat's sight, naming only what the seat sees", () => {
    const random = makeRandom(7);
    let explained = 0;
    let commands = 0;
    const kinds = new Set<string>();
    for (const [i, { s, seat, where }] of positions.entries()) {
      const view = viewFor(s, seat);
      const legal = view.you!.legal;
      const hint = hintFor(view, legal, [], makeRandom(i), newMemory());
      const bot = botDecision(view, legal, [], makeRandom(i), newMemory());
      expect(hint.command, where).toEqual(bot.command);
      if (hint.command) {
        commands++;
        kinds.add(hint.command.type === "choose" ? `choose:${s.pending?.kind}` : hint.command.type);
        // a real explanation: an action and a reason of a few words at least
        expect(hint.action.length, where).toBeGreaterThan(3);
        if (hint.why.split(" ").length >= 6) explained++;
      }
      expect(unseenNames(hint.action + " " + hint.why, view), where).toEqual([]);
      // the same hint in a game that differs only in what this seat cannot see
      const t = hiddenRedealt(s, seat, random);
      const other = viewFor(t, seat);
      expect(other, where).toEqual(view);
      expect(hintFor(other, other.you!.legal, [], makeRandom(i), newMemory()), where).toEqual(hint);
    }
    expect(positions.length).toBeGreaterThanOrEqual(300);
    expect(commands).toBeGreaterThan(250);
    expect(explained / commands).toBeGreaterThan(0.95);
    // the positions cover the usual decisions
    for (const k of ["offer", "support", "abstain", "pass", "choose:effect"]) expect([...kinds], k).toContain(k);
  });

  it("near threat 25 a hint's every capital figure is capital the rules move, never the bot's valuation", () => {
    // near 25 the bot weighs threat heavily: its valuations run far past any capital a card gives
    const real = /(gives you|costs you|gains?|loses|for|pay|paid) (about )?\d+ capital|\d+ capital at the next demand round/;
    let figures = 0;
    let bounded = 0;
    for (const [i, { s, seat, where }] of positions.entries()) {
      const t: GameState = { ...s, threat: Math.max(s.threat, 23) };
      const view = viewFor(t, seat);
      const hint = hintFor(view, view.you!.legal, [], makeRandom(i), newMemory());
      // the options' own labels are the engine's words for what they do ("Take 2 capital from NBN")
      const labels = view.you!.legal.flatMap((l) => (l.type === "choose" || l.type === "investment" ? l.options.map((o) => o.label) : []));
      const text = labels.reduce((x, label) => x.split(label).join("…"), `${hint.action}. ${hint.why}`);
      for (const m of text.matchAll(/(?:\S+ ){0,2}(?:about )?(?:minus )?\d+(?:\.5)? capital/g)) {
        figures++;
        expect(m[0], `${where}: ${text}`).toMatch(real);
        // what an option moves is bounded by the rules; a trade's price ("for", "paid") by the buyer's capital
        const price = /(for|paid) \d+ capital/.test(m[0]);
        if (!price) bounded++;
        expect(Number(/(\d+) capital/.exec(m[0])![1]), `${where}: ${text}`).toBeLessThanOrEqual(price ? Number.MAX_SAFE_INTEGER : MOST_CAPITAL);
      }
    }
    expect(figures).toBeGreaterThan(0);
    expect(bounded, "figures held to the rules' bound, not a trade's price").toBeGreaterThan(0);
  });

  it("an abstention says the one reason that holds: a support already decided is not called not worth the cards", () => {
    // Every support decision of a few seeded games. Where the bot abstains though one offer is far better
    // for it than the other (worth several cards) and it holds cards, its reason can only be that the
    // support already decides the deal: the hint once also said "the difference is not worth the cards".
    let decided = 0;
    for (const { players, seed } of [{ players: 4, seed: 303 }, { players: 5, seed: 304 }, { players: 6, seed: 305 }] as const) {
      const run = playGame(players, seed);
      let s = createGame({ players, seed });
      for (const [step, { seat, command }] of run.commands.entries()) {
        if (s.pending?.kind === "support" && s.pending.seat === seat) {
          const view = viewFor(s, seat);
          const hint = hintFor(view, view.you!.legal, [], makeRandom(step), newMemory());
          const where = `${players} players, seed ${seed}, step ${step}, seat ${seat}: ${hint.why}`;
          if (hint.command?.type === "abstain" && / far (better|worse) for you than /.test(hint.why) && view.you!.hand.length > 0) {
            decided++;
            expect(hint.why, where).not.toMatch(/not worth/);
            const m = /(The main offer|The counteroffer) already wins \((?:(\d+) ahead in support|level in support, where a tie goes to it)\) and nobody supports after you/.exec(hint.why);
            expect(m, where).not.toBeNull();
            // and so it is: the offer it names leads by as much (or is level), and the seat is the last to support
            const named = m![1] === "The main offer" ? "main" : "counter";
            const count = (o: string) => view.deal!.supports.filter((x) => x.offer === o).reduce((n, x) => n + x.count, 0);
            expect(count(named) - count(named === "main" ? "counter" : "main"), where).toBe(Number(m![2] ?? 0));
            expect(view.supportQueue, where).toEqual([seat]);
          }
        }
        const r = apply(s, seat, command);
        if (!r.ok) throw new Error(r.message);
        s = r.state;
      }
    }
    expect(decided).toBeGreaterThan(3);
  });

  it("a hint leaves the bot's memory as it was, and says so when the seat owes nothing", () => {
    const { s } = positions[0]!;
    const idle = [0, 1, 2, 3].find((n) => !waitingFor(s).includes(n) && !s.trades.some((t) => t.to === n))!;
    const view = viewFor(s, idle);
    const memory = newMemory();
    memory.proposed.set("x", 1);
    const hint = hintFor(view, view.you!.legal, [], makeRandom(1), memory);
    expect(hint.command).toBeNull();
    expect(hint.why).toMatch(/not waiting for you/);
    expect([...memory.proposed]).toEqual([["x", 1]]);
  });

  it("names a card from the seat's own hand for its main offer", () => {
    // a main offer: the hint names a card from the seat's own hand
    const at = positions.find(({ s, seat }) => s.pending?.kind === "main-offer" && s.pending.seat === seat)!;
    expect(at).toBeDefined();
    const view = viewFor(at.s, at.seat);
    const hint = hintFor(view, view.you!.legal, [], makeRandom(3));
    const mine = view.you!.hand.map((c) => c.title);
    expect(mine.some((t) => hint.action.includes(t)) || view.seats[at.seat]!.emergency.some((e) => hint.action.includes(e.title))).toBe(true);
    // and the seat's own rival, by name, when the rival's corporation is at the table
    expect(unseenNames(hint.why, view)).toEqual([]);
  });

  it("a sale of one card's support says the card raises the offer's chance (the verb agrees with the count)", () => {
    // the first positions of bot games whose hint sells the support of one card, and of two
    const found: Record<number, string> = {};
    for (let seed = 1; seed <= 6 && !(found[1] && found[2]); seed++) {
      const run = playGame(4, seed, undefined, undefined, { check: null });
      let s = createGame({ players: 4, seed });
      for (const [i, { seat, command }] of run.commands.entries()) {
        if (s.pending && !(found[1] && found[2])) {
          const view = viewFor(s, s.pending.seat);
          const hint = hintFor(view, view.you!.legal, [], makeRandom(i));
          const n = hint.command?.type === "trade-propose" ? hint.command.supportCards?.length ?? 0 : 0;
          if (n === 1 || n === 2) found[n] ??= hint.why;
        }
        const r = apply(s, seat, command);
        if (r.ok) s = r.state;
      }
    }
    expect(found[1]).toMatch(/your 1 card of support raises its chance/);
    expect(found[2]).toMatch(/your 2 cards of support raise its chance/);
  });

  it("remembered at a table, hint after hint proposes a sale of support at most MAX_PROPOSALS times a deal, as the bot would", () => {
    const at = positions.map(({ s, seat }, i) => ({ s, seat, i })).find(({ s, seat, i }) => {
      const view = viewFor(s, seat);
      return hintFor(view, view.you!.legal, [], makeRandom(i)).command?.type === "trade-propose";
    });
    expect(at).toBeDefined();
    const view = viewFor(at!.s, at!.seat);
    const kinds = (remember: boolean) => {
      const memory = newMemory();
      return [0, 1, 2, 3, 4].map(() => hintFor(view, view.you!.legal, [], makeRandom(at!.i), memory, { remember }).command?.type);
    };
    // forgetful, the same sale every time; remembered, the bot's own limit, then its plain move
    expect(new Set(kinds(false))).toEqual(new Set(["trade-propose"]));
    const remembered = kinds(true);
    expect(remembered.filter((k) => k === "trade-propose").length).toBeLessThanOrEqual(MAX_PROPOSALS);
    expect(remembered.at(-1)).not.toBe("trade-propose");
  });
});
