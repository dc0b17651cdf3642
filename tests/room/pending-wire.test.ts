// The pending decision's wire form (shared/wire/pending.ts): a kind that is the game's stage too travels
// as "=", so that when both change together only the stage is sent; it reads back as that kind.
import { describe, expect, it } from "vitest";
import { decodePending, encodePending } from "../../shared/wire/index.ts";

const seats = [{ seat: 0, corpName: "NBN" }, { seat: 1, corpName: "Jinteki" }];

describe("the pending decision on the wire", () => {
  it("sends a kind equal to the stage as '=', unchanged while both move together, and reads it back", () => {
    const support = { kind: "support", seat: 1, text: "Jinteki may support an offer or abstain." };
    const effect = { kind: "effect", seat: 1, text: "Jinteki is making a choice for a card." };
    const a = encodePending(support, seats, "support");
    const b = encodePending(effect, seats, "effect");
    expect(a).toEqual(b);
    expect(a.pendingKind).toBe("=");
    expect(decodePending({ ...a, stage: "support" }, seats)).toEqual(support);
    expect(decodePending({ ...b, stage: "effect" }, seats)).toEqual(effect);
  });

  it("sends a card's or asset's sentence as a mark and its name", () => {
    for (const text of ["Jinteki is choosing what Bernice Mai does.", "Jinteki is choosing how Massive Reconstruction resolves.", "Jinteki is choosing what  does.", "Jinteki does something else."]) {
      const p = { kind: "effect", seat: 1, text };
      const w = encodePending(p, seats, "effect");
      expect(decodePending({ ...w, stage: "effect" }, seats)).toEqual(p);
      expect(w.pendingText.length).toBeLessThan(text.length);
    }
    expect(encodePending({ kind: "effect", seat: 1, text: "Jinteki is choosing what Bernice Mai does." }, seats, "effect").pendingText).toBe("*Bernice Mai");
  });

  it("sends a kind unlike the stage as it is, and none as none", () => {
    const draw = { kind: "general-draw", seat: 0, text: "NBN is choosing a type for a General draw." };
    const w = encodePending(draw, seats, "draw");
    expect(w.pendingKind).toBe("general-draw");
    expect(decodePending({ ...w, stage: "draw" }, seats)).toEqual(draw);
    expect(decodePending({ ...encodePending(null, seats, "draw"), stage: "draw" }, seats)).toBeNull();
  });
});
