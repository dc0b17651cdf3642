// What arrived for you at the table: talk unread since your last look (for the tab's title) and since
// the Talk tab was last open (for its badge on a phone), and the trades waiting for your answer (how many
// are new since your last look).
import { useEffect, useState } from "preact/hooks";
import type { TableSession } from "../net/session.ts";
import type { TableSnapshot } from "../state.ts";
import { talkLines, unreadIn } from "./Chat.tsx";

/** `talkOpen`: the talk is in view now (always on a laptop; its tab on a phone): it counts as read. */
export function useNews(model: TableSnapshot | null, session: TableSession, lastLook: number, talkOpen: boolean) {
  const talk = model ? talkLines(model, session) : [];
  const incoming = model?.trades.filter((t) => t.to === model.mySeat) ?? [];
  const [seenTrades, setSeenTrades] = useState<Set<string>>(() => new Set());
  useEffect(() => setSeenTrades(new Set(incoming.map((t) => t.id))), [lastLook]);
  const [talkSeen, setTalkSeen] = useState(() => session.arrivals);
  useEffect(() => { if (talkOpen) setTalkSeen(session.arrivals); });
  return {
    incoming,
    unread: unreadIn(talk, lastLook),
    newTrades: incoming.filter((t) => !seenTrades.has(t.id)).length,
    unseenTalk: unreadIn(talk, talkSeen),
  };
}
