// Which guide moments a change of the table brings, read from public facts alone (the spectator's view
// before and after, and the public log lines of the change): the server's guide pauses a tutorial
// table on each new one (server/table/guide.ts), and the client shows its text (shared/guide/texts.ts).
// A trade offered to you is private: the client shows its text itself, and the table never pauses on it.
import type { GameEvent, GameView } from "../view.ts";
import { DECISION_KINDS, type DecisionKind, type GuideKey } from "./texts.ts";

/** The guide moments of one change, in the order to show them. `humans`: the seats people play. */
export function momentsOf(before: GameView | null, after: GameView, events: readonly Pick<GameEvent, "type" | "to">[], humans: readonly number[]): GuideKey[] {
  const out: GuideKey[] = [];
  const publicly = (type: string) => events.some((e) => !e.to && e.type === type);
  if (!before) out.push("moment:start");
  // the phases that ran on their own since the last decision, in the order the game runs them
  // the Production Phase's own line ("phase"): a card that produces (Liquidation) logs "production" too, mid-phase
  if (publicly("phase")) out.push("moment:production");
  if (publicly("event")) out.push("moment:event");
  if (publicly("demand")) out.push("moment:demand-round");
  const deal = after.deal;
  const was = before?.deal ?? null;
  if (deal?.asset && !was?.asset) out.push("moment:asset-reveal");
  if (deal?.main && !was?.main) out.push("moment:main-offer");
  if (deal && deal.counters.length > (was?.counters.length ?? 0)) out.push("moment:counteroffer");
  const offered = (d: GameView["deal"]) => (d ? [d.main, ...d.counters].filter((o) => o?.card.type === "emergency").length : 0);
  if (offered(deal) > offered(was)) out.push("moment:emergency-action");
  if (after.stage === "support" && before?.stage !== "support") out.push("moment:support");
  if (after.result && !before?.result) out.push("moment:end");
  const p = after.pending;
  if (p && humans.includes(p.seat) && (DECISION_KINDS as readonly string[]).includes(p.kind)) out.push(`decision:${p.kind as DecisionKind}`);
  return out;
}
