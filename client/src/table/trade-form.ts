// The trade form's two judgements, apart from the screen: whether Propose may be pressed yet (and why
// not, in words), and, once sent, whether the server has answered (the form stays open until the
// proposal is on the table, so a refusal is read where the proposal was made, on a phone too).

/** Why Propose cannot be pressed with the form as it stands, or null when it can. */
export function proposeBlocked(form: { support: "" | "main" | "counter"; supportCards: string[] }): string | null {
  if (form.support && form.supportCards.length === 0) return "Tick at least one card to support with, or choose no support.";
  return null;
}

/** The server says nothing when it takes a proposal: after this long without a word, the form says so. */
export const ANSWER_WAIT_MS = 5000;

/** A proposal sent from the form: when, and your proposals waiting on the table just before. */
export interface Sent { at: number; outgoing: string[] }

/**
 * What came of a proposal sent: refused (the refusal is about a trade and came after it was sent, however
 * late), proposed (a proposal of yours that was not there before is on the table), waiting, or quiet: no
 * word after ANSWER_WAIT_MS. The server says nothing when it takes a proposal, and a bot may answer it
 * before it is ever seen on the table, so quiet is most likely taken; but the form stays open, so that a
 * refusal that comes late (a slow network, a busy server) is still read where the proposal was made.
 */
export function answerTo(sent: Sent, now: { refusal: { about: string; at: number } | null; outgoing: string[]; at: number }): "refused" | "proposed" | "waiting" | "quiet" {
  const r = now.refusal;
  if (r && r.about === "trade" && r.at >= sent.at) return "refused";
  if (now.outgoing.some((id) => !sent.outgoing.includes(id))) return "proposed";
  return now.at - sent.at >= ANSWER_WAIT_MS ? "quiet" : "waiting";
}
