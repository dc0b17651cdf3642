// The trade form's two judgements, apart from the screen: whether Propose may be pressed yet (and why
// not, in words), and, once sent, whether the server has answered (the form stays open until it has,
// so a refusal is read where the proposal was made, on a phone too).

/** Why Propose cannot be pressed with the form as it stands, or null when it can. */
export function proposeBlocked(form: { support: "" | "main" | "counter"; supportCards: string[] }): string | null {
  if (form.support && form.supportCards.length === 0) return "Tick at least one card to support with, or choose no support.";
  return null;
}

/** The server says nothing when it takes a proposal: after this long without a refusal, it is taken. */
export const ANSWER_WAIT_MS = 5000;

/** A proposal sent from the form: when, and your proposals waiting on the table just before. */
export interface Sent { at: number; outgoing: string[] }

/**
 * What came of a proposal sent: refused (the refusal is about a trade and came after it was sent),
 * proposed (a proposal of yours that was not there before is on the table, or the wait is over), or
 * still waiting.
 */
export function answerTo(sent: Sent, now: { refusal: { about: string; at: number } | null; outgoing: string[]; at: number }): "refused" | "proposed" | "waiting" {
  const r = now.refusal;
  if (r && r.about === "trade" && r.at >= sent.at) return "refused";
  if (now.outgoing.some((id) => !sent.outgoing.includes(id))) return "proposed";
  return now.at - sent.at >= ANSWER_WAIT_MS ? "proposed" : "waiting";
}
