// Bots see only what players see. A bot given two games that differ only in what its seat cannot
// see (other seats' hands, rivals and investments, the order of every deck, the facedown assets on
// the turn track, facedown support, the random seed) must decide the same in both; and nothing under
// server/bots/ may import the engine but server/engine/imagine.ts, which runs the rules on a copy
// built from a seat's view alone (so no bot can reach the engine's full state). Nor may a decision
// rest on the words of a prompt or label: the bots read each option's intent.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ACTION_TYPES } from "../../shared/catalog/types.ts";
import type { ActionType, RivalId } from "../../shared/catalog/types.ts";
import { catalog } from "../../shared/catalog/index.ts";
import { botCommand } from "../../server/bots/index.ts";
import { makeRandom, type Random } from "../../server/bots/random.ts";
import { apply, createGame, viewFor } from "../../server/engine/index.ts";
import type { GameState } from "../../server/engine/index.ts";
import { cloneState } from "../../server/engine/state.ts";
import { seedRng } from "../../server/engine/rng.ts";
import { playGame } from "../../server/sim/play.ts";

const typeOfInstance: ActionType[] = [];
for (const c of catalog.actionCards) for (let i = 0; i < c.copies; i++) typeOfInstance.push(c.type);
const typeOf = (id: string) => typeOfInstance[Number(id.slice(1))]!;
const categoryOf = new Map(catalog.events.map((e) => [e.id, e.category]));

function shuffle<T>(items: T[], random: Random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** Deals the items back into the slots `take` lists, in a new random order. */
function redeal<T>(slots: { get: () => T; set: (x: T) => void }[], random: Random): void {
  const items = shuffle(slots.map((x) => x.get()), random);
  slots.forEach((x, i) => x.set(items[i]!));
}

/**
 * A copy of `s` that `seat` cannot tell apart from it: every part hidden from that seat dealt anew.
 * Action cards stay within their type (deck sizes per type are public); the next event keeps its
 * category (its back is public).
 */
export function hiddenRedealt(s: GameState, seat: number, random: Random): GameState {
  const t = cloneState(s);
  // action cards in other hands, in others' facedown support, and in the decks, type by type: one
  // permutation of those cards, applied everywhere they are named (a trade's support cards too)
  // 'Mr. White' shows this seat the hand of the player it picked
  const top = t.effects[t.effects.length - 1];
  const shown = top?.source === "mr-white" && top.seat === seat && typeof top.vars.target === "number" ? top.vars.target : null;
  const others = (x: { seat: number }) => x.seat !== seat && x.seat !== shown;
  const hidden = new Set<string>([...t.seats.filter(others).flatMap((p) => p.hand), ...(t.deal?.supports ?? []).filter((x) => others(x) || x.asset).flatMap((x) => x.cards)]);
  for (const type of ACTION_TYPES) for (const id of t.actionDecks[type]) hidden.add(id);
  const swap = new Map<string, string>();
  for (const type of ACTION_TYPES) {
    const ids = [...hidden].filter((id) => typeOf(id) === type);
    const to = shuffle([...ids], random);
    ids.forEach((id, i) => swap.set(id, to[i]!));
  }
  const mapped = (ids: string[]) => ids.map((id) => swap.get(id) ?? id);
  for (const p of t.seats) if (others(p)) p.hand = mapped(p.hand);
  for (const x of t.deal?.supports ?? []) if (others(x) || x.asset) x.cards = mapped(x.cards);
  for (const type of ACTION_TYPES) t.actionDecks[type] = mapped(t.actionDecks[type]);
  for (const tr of t.trades) if (tr.support && tr.from !== seat) tr.support.cards = mapped(tr.support.cards);
  // rivals: the other seats' and the one under the board (unless Thomas Haas shows it to this seat now)
  const looking = top?.source === "thomas-haas" && top.seat === seat;
  const rivalSlots: { get: () => RivalId; set: (x: RivalId) => void }[] = [
    ...(looking ? [] : [{ get: () => t.rivalUnderBoard, set: (x: RivalId) => void (t.rivalUnderBoard = x) }]),
    ...t.seats.filter((p) => p.seat !== seat).map((p) => ({ get: () => p.rival, set: (x: RivalId) => void (p.rival = x) })),
  ];
  redeal(rivalSlots, random);
  // investments: the other seats' kept ones and the deck (a seat's pending pick stays: it is theirs)
  const invSlots: { get: () => string; set: (x: string) => void }[] = [];
  for (const p of t.seats) if (p.seat !== seat && p.investment !== null) invSlots.push({ get: () => p.investment!, set: (x) => void (p.investment = x) });
  t.investmentDeck.forEach((_, i) => invSlots.push({ get: () => t.investmentDeck[i]!, set: (x) => void (t.investmentDeck[i] = x) }));
  if (t.pending?.kind === "investment" && t.pending.seat !== seat) {
    const cards = t.pending.cards;
    cards.forEach((_, i) => invSlots.push({ get: () => cards[i]!, set: (x) => void (cards[i] = x) }));
  }
  redeal(invSlots, random);
  // facedown assets: the deck and the turn track
  const assetSlots: { get: () => string; set: (x: string) => void }[] = [];
  t.assetDeck.forEach((_, i) => assetSlots.push({ get: () => t.assetDeck[i]!, set: (x) => void (t.assetDeck[i] = x) }));
  t.turnTrack.forEach((id, i) => id !== null && assetSlots.push({ get: () => t.turnTrack[i]!, set: (x) => void (t.turnTrack[i] = x) }));
  redeal(assetSlots, random);
  // the event deck (its top card keeps its category) and the demand deck
  if (t.eventDeck.length > 0) {
    const top = categoryOf.get(t.eventDeck[0]!);
    shuffle(t.eventDeck, random);
    const i = t.eventDeck.findIndex((id) => categoryOf.get(id) === top);
    [t.eventDeck[0], t.eventDeck[i]] = [t.eventDeck[i]!, t.eventDeck[0]!];
  }
  shuffle(t.demandDeck, random);
  // and the seed of what comes next
  t.seed = Math.floor(random() * 2 ** 31);
  t.rng = seedRng(t.seed);
  return t;
}

/** Positions from whole bot games: the state before each command, and the seat that sent it. */
function* positions(games: { players: 4 | 5 | 6; seed: number }[]): Generator<{ s: GameState; seat: number; game: string; step: number }> {
  for (const { players, seed } of games) {
    const run = playGame(players, seed);
    expect(run.error).toBeNull();
    let s = createGame({ players, seed });
    for (const [step, { seat, command }] of run.commands.entries()) {
      yield { s, seat, game: `${players} players, seed ${seed}`, step };
      const r = apply(s, seat, command);
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
  }
}

describe("bots see only what players see", () => {
  it("a bot decides the same in two games that differ only in what its seat cannot see, over thousands of positions", () => {
    const games = [4, 5, 6].flatMap((players) => [11, 12, 13].map((seed) => ({ players: players as 4 | 5 | 6, seed: seed * players })));
    const random = makeRandom(2026);
    let checked = 0;
    let hiddenDiffers = 0;
    for (const { s, seat, game, step } of positions(games)) {
      const t = hiddenRedealt(s, seat, random);
      const where = `${game}, step ${step}, seat ${seat}`;
      // the redeal really changed something hidden (else the test would prove nothing)...
      if (JSON.stringify(t.seats.filter((p) => p.seat !== seat)) !== JSON.stringify(s.seats.filter((p) => p.seat !== seat)) || t.eventDeck.join() !== s.eventDeck.join()) hiddenDiffers++;
      // ...and nothing the seat sees
      const a = viewFor(s, seat);
      const b = viewFor(t, seat);
      expect(b, where).toEqual(a);
      const mine = botCommand(a, a.you!.legal, [], makeRandom(step));
      const theirs = botCommand(b, b.you!.legal, [], makeRandom(step));
      expect(theirs, where).toEqual(mine);
      // and no decision rests on the words of a prompt or label: reworded, the same choice
      const reworded = a.you!.legal.map((t) => ("options" in t ? { ...t, ...("prompt" in t ? { prompt: "?" } : {}), options: t.options.map((o) => ({ ...o, label: "?" })) } : t));
      expect(botCommand(a, reworded, [], makeRandom(step)), where).toEqual(mine);
      // the decision is a real one: the engine accepts it in both games
      if (mine) {
        expect(apply(s, seat, mine).ok, where).toBe(true);
        expect(apply(t, seat, mine).ok, where).toBe(true);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(2000);
    expect(hiddenDiffers / checked).toBeGreaterThan(0.99);
  }, 180_000); // some 10 s of CPU; 41 s on a loaded 2-core machine, over the default 30 s

  it("every choice the engine lists says what each option does (its intent), naming real districts and seats", () => {
    const games = [4, 5, 6].map((players) => ({ players: players as 4 | 5 | 6, seed: 70 + players }));
    const acts = new Set<string>();
    let options = 0;
    for (const { s, seat, game, step } of positions(games)) {
      for (const t of viewFor(s, seat).you!.legal) {
        if (t.type !== "choose" && t.type !== "investment") continue;
        for (const o of t.options) {
          const where = `${game}, step ${step}: ${"prompt" in t ? t.prompt : t.type}: ${o.label}`;
          expect(o.intent?.act, where).toBeTypeOf("string");
          if (o.intent!.district !== undefined) expect(s.districts.map((d) => d.id), where).toContain(o.intent!.district);
          if (o.intent!.seat !== undefined) expect(o.intent!.seat, where).toBeLessThan(s.players);
          acts.add(o.intent!.act);
          options++;
        }
      }
    }
    expect(options).toBeGreaterThan(1000);
    // the bots' picks rest on these verbs
    for (const act of ["remove", "place", "draw", "use", "pass", "done", "keep"]) expect(acts).toContain(act);
  });

  it("nothing under server/bots/ imports the engine but its imagination, built from a view alone (nor names its full state type)", () => {
    const root = resolve(import.meta.dirname, "../..");
    const dir = join(root, "server/bots");
    const engine = join(root, "server/engine");
    // imagine.ts takes a seat's view and gives views back: the one door from the bots to the rules
    const imagination = join(engine, "imagine.ts");
    let imagines = 0;
    const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(5);
    const offenders: string[] = [];
    for (const f of files) {
      const path = join(dir, f);
      const text = readFileSync(path, "utf8");
      for (const m of text.matchAll(/(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)) {
        const spec = m[1] ?? m[2]!;
        const target = spec.startsWith(".") ? resolve(join(path, ".."), spec) : spec;
        if (target === imagination) imagines++;
        else if (target.startsWith(engine + "/") || target === engine) offenders.push(`${relative(root, path)} imports ${spec}`);
      }
      if (/\bGameState\b/.test(text)) offenders.push(`${relative(root, path)} names GameState`);
    }
    expect(offenders).toEqual([]);
    expect(imagines).toBeGreaterThan(0);
  });
});
