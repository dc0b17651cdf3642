// Table talk: "Everyone" holds the public chat (and, marked, your private messages); each other human
// player has a tab of private messages with you alone. Unread lines put a badge on their tab.
import { useEffect, useRef, useState } from "preact/hooks";
import type { TableSession } from "../net/session.ts";
import { seatOf, type TableSnapshot } from "../state.ts";
import { RefusalNote } from "./RefusalNote.tsx";

export interface TalkLine { key: string; n: number; at: number; from: string; fromSeat: number; text: string; with: number | null; mine: boolean }

/** All the talk you can see, oldest first; `with` is the other player of a private message. */
export function talkLines(model: TableSnapshot, session: TableSession): TalkLine[] {
  const me = model.mySeat;
  return [
    ...session.chatLines.map((c) => ({ key: "c" + c.seq, n: c.n, at: c.at, from: c.from, fromSeat: c.seat, text: c.text, with: null, mine: me !== null && c.seat === me })),
    ...session.whispers.map((w, i) => ({
      key: "w" + i, n: w.n, at: w.at, from: w.fromName, fromSeat: w.from, text: w.text,
      with: w.from === me ? w.to : w.from, mine: w.from === me,
    })),
  ].sort((a, b) => a.at - b.at);
}

/** Unread lines: from someone else, arrived after your last look at that tab. */
export function unreadIn(lines: TalkLine[], mark: number): number {
  return lines.filter((l) => !l.mine && l.n > mark).length;
}

export function Chat({ model, session, lastLook, focusTab, heading = false }: {
  model: TableSnapshot; session: TableSession; lastLook: number; focusTab?: { seat: number; at: number } | null; heading?: boolean;
}) {
  const [text, setText] = useState("");
  const [tab, setTab] = useState<number | "all">("all");
  const [marks, setMarks] = useState<Record<string, number>>({});
  const list = useRef<HTMLOListElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const lines = talkLines(model, session);
  const others = model.mySeat === null ? [] : model.seats.filter((s) => !s.bot && s.seat !== model.mySeat);
  const shown = tab === "all" ? lines : lines.filter((l) => l.with === tab);
  const markOf = (t: number | "all") => Math.max(marks[String(t)] ?? 0, t === "all" ? 0 : marks["all"] ?? 0);

  // What the open tab shows counts as read at each look.
  useEffect(() => {
    setMarks((m) => ({ ...m, [String(tab)]: Math.max(m[String(tab)] ?? 0, lastLook) }));
  }, [lastLook, tab]);
  useEffect(() => {
    if (focusTab) { setTab(focusTab.seat); input.current?.focus(); }
  }, [focusTab?.at]);
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [shown.length, tab]);

  function send(e: Event) {
    e.preventDefault();
    const t = text.trim();
    if (!t) return;
    session.chat(t, tab === "all" ? undefined : tab);
    setText("");
  }
  const name = (n: number) => seatOf(model, n)?.name ?? `seat ${n + 1}`;

  return (
    <div class="chat" data-testid="chat">
      <h2 id="chat-h" class={heading ? "" : "sr-only"}>Table talk</h2>
      {(others.length > 0) && (
        <div class="tabs" role="tablist" aria-label="Conversations">
          {(["all", ...others.map((s) => s.seat)] as (number | "all")[]).map((t) => {
            const unread = unreadIn(t === "all" ? lines : lines.filter((l) => l.with === t), markOf(t));
            return (
              <button key={String(t)} type="button" role="tab" aria-selected={tab === t} class={`tab${tab === t ? " on" : ""}`}
                data-testid={`chat-tab-${t}`} onClick={() => setTab(t)}>
                {t === "all" ? "Everyone" : name(t)}
                {unread > 0 && <span class="badge" data-testid="unread" aria-label={`${unread} unread`}>{unread}</span>}
              </button>
            );
          })}
        </div>
      )}
      <ol class="chat-lines" ref={list} aria-live="polite" aria-label={tab === "all" ? "Messages to everyone" : `Private messages with ${name(tab)}`} tabIndex={0}>
        {shown.length === 0 && <li class="muted">{tab === "all" ? "No messages yet." : `Nothing yet: only you and ${name(tab)} see this conversation.`}</li>}
        {shown.map((l) => (
          <li key={l.key} class={`${l.with !== null ? "whisper" : ""}${l.n > markOf(tab) && !l.mine ? " new" : ""}`}>
            <strong>{l.from}</strong>
            {l.fromSeat < 0 && <span class="tag">watching</span>}
            {l.with !== null && tab === "all" && <span class="tag">private, {l.mine ? `to ${name(l.with)}` : "to you"}</span>}
            : {l.text}
          </li>
        ))}
      </ol>
      {tab !== "all" && <p class="private-note small">Private: only you and {name(tab)} see this conversation.</p>}
      <form class="chat-form" onSubmit={send}>
        <label class="field grow">
          <span class="sr-only">{tab === "all" ? "Message to everyone" : `Private message to ${name(tab)}`}</span>
          <input ref={input} value={text} maxLength={500} data-testid="chat-input"
            placeholder={tab === "all" ? "Say something to everyone…" : `To ${name(tab)}…`}
            onInput={(e) => setText(e.currentTarget.value)} />
        </label>
        <button type="submit" data-testid="chat-send" aria-label={tab === "all" ? "Send to everyone" : `Send to ${name(tab)} only`}>Send</button>
      </form>
      <RefusalNote session={session} about="chat" />
    </div>
  );
}
