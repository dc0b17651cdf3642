// Bots see only what players see. A bot given two games that differ only in what its seat cannot
// see (other seats' hands, rivals and investments, the order of every deck, the facedown assets on
// the turn track, facedown support, the random seed) must decide the same in both; and nothing under
// server/bots/ may import the engine but server/engine/imagine.ts, which runs the rules on a copy
// built from a seat's view alone (so no bot can reach the engine's full state). Nor may a decision
// rest on the words of a prompt or label: the bots read each option's intent.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { botCommand } from "../../server/bots/index.ts";
import { makeRandom } from "../../server/bots/random.ts";
import { apply, createGame, viewFor } from "../../server/engine/index.ts";
import type { GameState } from "../../server/engine/index.ts";
import { hiddenRedealt } from "./hidden.ts";
import { playGame } from "../../server/sim/play.ts";

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
