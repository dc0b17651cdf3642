import { describe, expect, it } from "vitest";
import { MORE_PICKS, type LegalCommand } from "../../shared/protocol.ts";
import { apply, createGame, legal, waitingFor } from "../../server/engine/index.ts";
import type { GameState } from "../../server/engine/index.ts";
import { randomMove, testRng } from "./driver.ts";

type Choose = Extract<LegalCommand, { type: "choose" }>;

/** Plays random moves until `found` says yes (seeds tried in turn). */
function playUntil(found: (s: GameState, seat: number) => boolean): { s: GameState; seat: number } {
  for (let seed = 1; seed < 40; seed++) {
    const rnd = testRng(seed);
    let s = createGame({ players: 4, seed });
    for (let step = 0; step < 3000 && !s.result; step++) {
      const seat = waitingFor(s)[0]!;
      if (found(s, seat)) return { s, seat };
      const m = randomMove(rnd, s)!;
      const r = apply(s, m.seat, m.command);
      if (r.ok) s = r.state;
    }
  }
  throw new Error("not found");
}
const chooseOf = (s: GameState, seat: number) => legal(s, seat).find((l): l is Choose => l.type === "choose");

describe("Several picks of one step at once, and where a repeated pick is", () => {
  it("a corp sheet's General draws: says which draw of the step it is, and takes the others with `more`", () => {
    const { s, seat } = playUntil((s, seat) => s.pending?.kind === "general-draw" && (chooseOf(s, seat)?.more ?? 0) >= 1);
    const ch = chooseOf(s, seat)!;
    expect(ch.progress!.of).toBe(s.draw!.drawn.length + s.draw!.slots.length);
    expect(ch.progress!.at).toBe(s.draw!.drawn.length + 1);
    const [a, b] = ch.options.map((o) => o.value);
    // one command for both: the same as two commands one after the other
    const one = apply(s, seat, { type: "choose", option: a!, more: [b!] });
    const first = apply(s, seat, { type: "choose", option: a! });
    if (!one.ok || !first.ok) throw new Error("refused");
    const second = apply(first.state, seat, { type: "choose", option: b! });
    if (!second.ok) throw new Error("refused");
    expect(one.state).toEqual(second.state);
    // the same type twice is refused, and so are more picks than the step has: nothing changes
    expect(apply(s, seat, { type: "choose", option: a!, more: [a!] }).ok).toBe(false);
    const tooMany = ch.options.slice(1, ch.more! + 2).map((o) => o.value);
    expect(apply(s, seat, { type: "choose", option: a!, more: tooMany }).ok).toBe(false);
  });

  it("an \"up to\" pick offers Skip before its first pick and Done after it", () => {
    const stop = (s: GameState, seat: number) => chooseOf(s, seat)?.options.find((o) => o.value === "done")?.label;
    const { s, seat } = playUntil((s, seat) => s.pending?.kind === "effect" && stop(s, seat) !== undefined && s.effects.at(-1)!.count === 0);
    expect(stop(s, seat)).toBe("Skip");
    const { s: later, seat: again } = playUntil((s, seat) => s.pending?.kind === "effect" && stop(s, seat) !== undefined && s.effects.at(-1)!.count > 0);
    expect(stop(later, again)).toBe("Done");
  });

  it("a card's pick made several times says which one it is (2 of 2 after the first)", () => {
    const { s, seat } = playUntil((s, seat) => s.pending?.kind === "effect" && (chooseOf(s, seat)?.progress?.of ?? 0) > 1);
    const ch = chooseOf(s, seat)!;
    const frame = s.effects.at(-1)!;
    expect(ch.progress!.at).toBe(frame.count + 1);
    const { s: later, seat: again } = playUntil((s, seat) => s.pending?.kind === "effect" && chooseOf(s, seat)?.progress?.at === 2);
    expect(later.effects.at(-1)!.count).toBe(1);
    expect(chooseOf(later, again)!.progress!.of).toBeGreaterThanOrEqual(2);
  });

  it("a card's pick made several times by one seat takes the step's next picks with `more`, as one command each would", () => {
    const { s, seat } = playUntil((s, seat) => s.pending?.kind === "effect" && (chooseOf(s, seat)?.more ?? 0) >= 1);
    const ch = chooseOf(s, seat)!;
    const frame = s.effects.at(-1)!;
    const left = ch.progress!.of - ch.progress!.at + 1;
    const picks = ch.options.filter((o) => o.value !== "done").length;
    expect(ch.more).toBe(Math.min(left, picks, MORE_PICKS + 1) - 1);
    // the first option, then the first the step offers after it
    const a = ch.options.find((o) => o.value !== "done")!.value;
    const first = apply(s, seat, { type: "choose", option: a });
    if (!first.ok) throw new Error("refused");
    const next = chooseOf(first.state, seat)!;
    expect(first.state.effects.at(-1)!.step).toBe(frame.step);
    const b = next.options.find((o) => o.value !== "done")!.value;
    const second = apply(first.state, seat, { type: "choose", option: b });
    const one = apply(s, seat, { type: "choose", option: a, more: [b] });
    if (!second.ok || !one.ok) throw new Error("refused");
    expect(one.state).toEqual(second.state);
    // a pick that is not an option, anywhere in the command, refuses all of it
    expect(apply(s, seat, { type: "choose", option: a, more: ["no-such-option"] }).ok).toBe(false);
  });

  it("a pick asked once, or of each player in turn, offers no `more`", () => {
    const { s, seat } = playUntil((s, seat) => s.pending?.kind === "effect" && !!chooseOf(s, seat) && !chooseOf(s, seat)!.progress);
    expect(chooseOf(s, seat)!.more).toBeUndefined();
  });
});
