// The guide's texts (shared/guide/texts.ts): one for every kind of decision the engine can ask for
// (checked against the engine's own list and against every kind met in whole bot games), one for
// every command a seat may be offered, and moments (shared/guide/moments.ts) that whole games meet.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { COMMAND_GUIDE, DECISION_KINDS, DECISION_TEXTS, GUIDE_KEYS, MOMENT_KINDS, guideText } from "../../shared/guide/texts.ts";
import { momentsOf } from "../../shared/guide/moments.ts";
import { apply, createGameWithEvents, viewFor } from "../../server/engine/index.ts";
import { playGame } from "../../server/sim/play.ts";

const TARGETS = ["city", "tracks", "supply", "deal", "choices", "hand", "corps", "log", "trades"];

describe("the guide's texts", () => {
  it("cover exactly the engine's kinds of decision (its Pending union)", () => {
    const source = readFileSync(resolve(import.meta.dirname, "../../server/engine/state.ts"), "utf8");
    const union = source.slice(source.indexOf("export type Pending ="), source.indexOf(";\n", source.indexOf("export type Pending =")) + 1);
    const kinds = [...union.matchAll(/kind: "([a-z-]+)"/g)].map((m) => m[1]);
    expect(kinds.length).toBeGreaterThan(5);
    expect([...DECISION_KINDS].sort()).toEqual([...kinds].sort());
    expect(Object.keys(DECISION_TEXTS).sort()).toEqual([...kinds].sort());
  });

  it("each says a few sentences about one part of the screen", () => {
    for (const key of GUIDE_KEYS) {
      const t = guideText(key);
      expect(t.title.length, key).toBeGreaterThan(3);
      const sentences = t.body.join(" ").split(/[.!?](\s|$)/).filter((x) => x.trim().length > 0);
      expect(sentences.length, key).toBeGreaterThanOrEqual(2);
      expect(sentences.length, key).toBeLessThanOrEqual(7);
      expect(TARGETS, key).toContain(t.target);
    }
  });

  it("each decision's text points at the choices in the top bar, where the decision is made", () => {
    for (const kind of DECISION_KINDS) expect(DECISION_TEXTS[kind].target, kind).toBe("choices");
  });

  it("every decision and command met in whole bot games has its text, and the games meet every moment", () => {
    const kinds = new Set<string>();
    const commands = new Set<string>();
    const moments = new Set<string>();
    for (const [players, seed] of [[4, 1], [5, 2], [6, 3]] as const) {
      const run = playGame(players, seed);
      expect(run.error).toBeNull();
      const created = createGameWithEvents({ players, seed });
      let s = created.state;
      let before = null;
      let events = created.events;
      for (const { seat, command } of run.commands) {
        const view = viewFor(s, "spectator");
        for (const k of momentsOf(before, view, events, [0])) moments.add(k);
        before = view;
        if (s.pending) kinds.add(s.pending.kind);
        for (const l of viewFor(s, seat).you!.legal) commands.add(l.type);
        const r = apply(s, seat, command);
        if (!r.ok) throw new Error(r.message);
        s = r.state;
        events = r.events;
      }
      for (const k of momentsOf(before, viewFor(s, "spectator"), events, [0])) moments.add(k);
    }
    for (const k of kinds) expect(DECISION_KINDS as readonly string[], k).toContain(k);
    for (const c of commands) expect(GUIDE_KEYS, c).toContain(COMMAND_GUIDE[c as keyof typeof COMMAND_GUIDE]);
    // every moment but a trade (private: the client shows it itself) comes from the public table
    for (const m of MOMENT_KINDS.filter((m) => m !== "trade")) expect([...moments], m).toContain(`moment:${m}`);
    for (const d of ["main-offer", "support", "general-draw", "effect"]) expect([...moments], d).toContain(`decision:${d}`);
  });

  it("explains production when the Production Phase runs, not when a card produces (Liquidation)", () => {
    let liquidated = 0;
    for (const [players, seed] of [[4, 1], [5, 2], [6, 3], [4, 4], [4, 5], [5, 6]] as const) {
      const run = playGame(players, seed);
      const created = createGameWithEvents({ players, seed });
      let s = created.state;
      let before = viewFor(s, "spectator");
      for (const { seat, command } of run.commands) {
        const r = apply(s, seat, command);
        if (!r.ok) throw new Error(r.message);
        s = r.state;
        const view = viewFor(s, "spectator");
        const lines = r.events.filter((e) => !e.to).map((e) => e.text);
        if (lines.some((l) => / is liquidated /.test(l)) && !lines.includes("Production Phase.")) liquidated++;
        expect(momentsOf(before, view, r.events, [0]).includes("moment:production"), lines.join(" ")).toBe(lines.includes("Production Phase."));
        before = view;
      }
    }
    expect(liquidated).toBeGreaterThan(0); // the games met a card that produces in the Action Phase
  });
});
