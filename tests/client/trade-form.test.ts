// The trade form (client/src/table/trade-form.ts): Propose stays disabled, with a reason, while support
// is chosen with no card; once sent, the form waits for the server's answer so a refusal shows in it.
import { describe, expect, it } from "vitest";
import { ANSWER_WAIT_MS, answerTo, proposeBlocked } from "../../client/src/table/trade-form.ts";

describe("the trade form", () => {
  it("blocks Propose while support is chosen with no card, and says why", () => {
    expect(proposeBlocked({ support: "main", supportCards: [] })).toBe("Tick at least one card to support with, or choose no support.");
    expect(proposeBlocked({ support: "counter", supportCards: [] })).toMatch(/at least one card/);
    expect(proposeBlocked({ support: "main", supportCards: ["c1"] })).toBeNull();
    // no support chosen: cards left ticked from before do not matter
    expect(proposeBlocked({ support: "", supportCards: [] })).toBeNull();
  });

  it("once sent, waits for the server: a trade refusal after sending keeps it open, a new proposal closes it", () => {
    const sent = { at: 1000, outgoing: ["t2-1-1"] };
    const refusal = (about: string, at: number) => ({ code: "no-cards", message: "A trade's support needs at least one action card.", about, at });
    expect(answerTo(sent, { refusal: null, outgoing: ["t2-1-1"], at: 1200 })).toBe("waiting");
    expect(answerTo(sent, { refusal: refusal("trade", 1100), outgoing: ["t2-1-1"], at: 1200 })).toBe("refused");
    // an older refusal, or one about something else, is no answer to this proposal
    expect(answerTo(sent, { refusal: refusal("trade", 900), outgoing: ["t2-1-1"], at: 1200 })).toBe("waiting");
    expect(answerTo(sent, { refusal: refusal("chat", 1100), outgoing: ["t2-1-1"], at: 1200 })).toBe("waiting");
    expect(answerTo(sent, { refusal: null, outgoing: ["t2-1-1", "t2-3-1"], at: 1200 })).toBe("proposed");
    // the server says nothing when it takes a proposal (a bot may even accept it at once): the wait ends
    // quiet, which does not close the form
    expect(answerTo(sent, { refusal: null, outgoing: [], at: 1000 + ANSWER_WAIT_MS })).toBe("quiet");
  });

  it("a refusal that comes after the wait is still the answer, in the form that stayed open", () => {
    const sent = { at: 1000, outgoing: [] };
    const late = 1000 + ANSWER_WAIT_MS + 3000;
    expect(answerTo(sent, { refusal: null, outgoing: [], at: late - 1 })).toBe("quiet");
    expect(answerTo(sent, { refusal: { about: "trade", at: late }, outgoing: [], at: late })).toBe("refused");
    // a late word that the proposal is on the table closes the form
    expect(answerTo(sent, { refusal: null, outgoing: ["t1-2-1"], at: late })).toBe("proposed");
    // an earlier proposal's refusal is not this one's, however long the wait
    expect(answerTo(sent, { refusal: { about: "trade", at: 900 }, outgoing: [], at: late })).toBe("quiet");
  });
});
