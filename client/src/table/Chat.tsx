// Table talk: "Everyone" holds the public chat (and, marked, your private messages); each other human
// player has a tab of private messages with you alone; "Watchers" holds the spectators' own channel
// (spectators write there; players read it only when the host opens it). Unread lines put a badge on
// their tab. The line above the input says where the next message goes, and after a private message
// the input goes back to everyone, so the next line is not private by accident.
import { useEffect, useRef, useState } from "preact/hooks";
import type { TableSession } from "../net/session.ts";
import { seatOf, type TableSnapshot } from "../state.ts";
import { RefusalNote } from "./RefusalNote.tsx";
import { SeatMarkOf } from "./SeatMark.tsx";

export interface TalkLine { key: string; n: number; at: number; from: string; fromSeat: number; text: string; with: number | null; mine: boolean; watchers: boolean }

/** All the talk you can see, oldest first; `with` is the other player of a private message. */
export function talkLines(model: TableSnapshot, session: TableSession): TalkLine[] {
  const me = model.mySeat;
  return [
    ...session.chatLines.map((c) => ({ key: "c" + c.seq, n: c.n, at: c.at, from: c.from, fromSeat: c.seat, text: c.text, with: null, mine: me !== null && c.seat === me, watchers: !!c.watchers })),
    ...session.whispers.map((w, i) => ({
      key: "w" + i, n: w.n, at: w.at, from: w.fromName, fromSeat: w.from, text: w.text,
      with: w.from === me ? w.to : w.from, mine: w.from === me, watchers: false,
    })),
  ].sort((a, b) => a.at - b.at);
}

/** Unread lines: from someone else, arrived after your last look at that tab. A player is not called to the spectators' talk. */
export function unreadIn(lines: TalkLine[], mark: number, watchers = false): number {
  return lines.filter((l) => !l.mine && l.n > mark && (watchers || !l.watchers)).length;
}

type Tab = number | "all" | "watchers";

export function Chat({ model, session, lastLook, focusTab, heading = false }: {
  model: TableSnapshot; session: TableSession; lastLook: number; focusTab?: { seat: number; at: number } | null; heading?: boolean;
}) {
  const [text, setText] = useState("");
  const [tab, setTab] = useState<Tab>("all");
  const [marks, setMarks] = useState<Record<string, number>>({});
  const list = useRef<HTMLOListElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const lines = talkLines(model, session);
  const spectator = model.mySeat === null;
  const others = spectator ? [] : model.seats.filter((s) => !s.bot && s.seat !== model.mySeat);
  // Spectators always have their channel; players when the host lets them read it.
  const watchersTab = spectator || model.watchersOpen;
  const tabs: Tab[] = [...(spectator ? [] : ["all" as const]), ...(watchersTab ? ["watchers" as const] : []), ...others.map((s) => s.seat)];
  const open: Tab = tabs.includes(tab) ? tab : tabs[0] ?? "all";
  const linesOf = (t: Tab) => t === "all" ? lines.filter((l) => !l.watchers) : t === "watchers" ? lines.filter((l) => l.watchers || (spectator && l.with === null)) : lines.filter((l) => l.with === t);
  const shown = linesOf(open);
  const markOf = (t: Tab) => Math.max(marks[String(t)] ?? 0, t === "all" || t === "watchers" ? 0 : marks["all"] ?? 0);

  // What the open tab shows counts as read at each look.
  useEffect(() => {
    setMarks((m) => ({ ...m, [String(open)]: Math.max(m[String(open)] ?? 0, lastLook) }));
  }, [lastLook, open]);
  useEffect(() => {
    if (focusTab) { setTab(focusTab.seat); input.current?.focus(); }
  }, [focusTab?.at]);
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [shown.length, open]);

  // Where the input writes: a player's private tab writes to that player; players cannot write in the
  // spectators' channel, which is where every spectator's line goes.
  const to = typeof open === "number" ? open : null;
  const readOnly = !spectator && open === "watchers";
  function send(e: Event) {
    e.preventDefault();
    const t = text.trim();
    if (!t || readOnly) return;
    session.chat(t, to ?? undefined);
    setText("");
    // The next line goes to everyone again: a private message is never sent by accident.
    if (to !== null) setTab("all");
  }
  const name = (n: number) => seatOf(model, n)?.name ?? `seat ${n + 1}`;
  const tabName = (t: Tab) => t === "all" ? "Everyone" : t === "watchers" ? (spectator ? "Spectators' talk" : "Watchers") : name(t);
  const target = spectator ? "To the spectators (players do not see this)" : to !== null ? `Private to ${name(to)}` : "To everyone at the table";
  const isHost = !spectator && model.hostSeat === model.mySeat;
  // The host's switch for the bots' talk, and its state for everyone else (while bots may sit at the table).
  const botsTalk = model.status === "lobby" || model.seats.some((s) => s.bot) ? `Bots talk: ${model.botChat ? "on" : "off"}` : null;

  return (
    <div class="chat" data-testid="chat">
      <h2 id="chat-h" class={heading ? "" : "sr-only"}>Table talk</h2>
      {tabs.length > 1 && (
        <div class="tabs" role="tablist" aria-label="Conversations">
          {tabs.map((t) => {
            const unread = unreadIn(linesOf(t), markOf(t), t === "watchers");
            return (
              <button key={String(t)} type="button" role="tab" aria-selected={open === t} class={`tab${open === t ? " on" : ""}`}
                data-testid={`chat-tab-${t}`} title={tabName(t)} onClick={() => setTab(t)}>
                {typeof t === "number" && <SeatMarkOf model={model} seat={t} />}
                <span class="tab-name">{tabName(t)}</span>
                {unread > 0 && <span class="badge" data-testid="unread" aria-label={`${unread} unread`}>{unread}</span>}
              </button>
            );
          })}
        </div>
      )}
      <ol class="chat-lines" ref={list} aria-live="polite" aria-label={open === "all" ? "Messages to everyone" : open === "watchers" ? "The spectators' talk" : `Private messages with ${name(open)}`} tabIndex={0}>
        {shown.length === 0 && <li class="muted">{open === "all" ? "No messages yet." : open === "watchers" ? "The spectators have said nothing yet." : `Nothing yet: only you and ${name(open)} see this conversation.`}</li>}
        {shown.map((l) => (
          <li key={l.key} class={`${l.with !== null ? "whisper" : ""}${l.n > markOf(open) && !l.mine ? " new" : ""}`}>
            <SeatMarkOf model={model} seat={l.fromSeat} /><strong>{l.from}</strong>
            {l.fromSeat !== null && l.fromSeat !== undefined && seatOf(model, l.fromSeat)?.corpName && !l.watchers && <span class="muted corp-of"> ({seatOf(model, l.fromSeat)!.corpName})</span>}
            {l.watchers && <span class="tag">watching</span>}
            {l.with !== null && open === "all" && <span class="tag">private, {l.mine ? `to ${name(l.with)}` : "to you"}</span>}
            : {l.text}
          </li>
        ))}
      </ol>
      {typeof open === "number" && <p class="private-note small">Private: only you and {name(open)} see this conversation.</p>}
      {(isHost || botsTalk !== null) && (
        <div class="table-settings small">
          {isHost && (
            <label class="watchers-toggle" data-testid="watchers-toggle">
              <input type="checkbox" checked={model.watchersOpen} onChange={(e) => session.host({ action: "watchers", open: e.currentTarget.checked })} />
              {" "}Players see the spectators' talk
            </label>
          )}
          {botsTalk !== null && (isHost
            ? <button type="button" class="secondary small" aria-pressed={model.botChat} data-testid="bot-chat-toggle"
                title="Whether the bots say what they want at the table and answer trades in private messages"
                onClick={() => session.host({ action: "settings", botChat: !model.botChat })}>{botsTalk}</button>
            : <span class="muted" data-testid="bot-chat-state" title="The host decides whether the bots talk">{botsTalk}</span>)}
        </div>
      )}
      {readOnly ? (
        <p class="muted small" data-testid="chat-to">The spectators' channel: players read it, only spectators write here.</p>
      ) : (
        <form class="chat-form" onSubmit={send}>
          <span class={`chat-to small${to !== null ? " private" : ""}`} data-testid="chat-to">{target}</span>
          <label class="field grow">
            <span class="sr-only">{target}</span>
            <input ref={input} value={text} maxLength={500} data-testid="chat-input"
              placeholder={spectator ? "Say something to the other spectators…" : to !== null ? `To ${name(to)} only…` : "Say something to everyone…"}
              onInput={(e) => setText(e.currentTarget.value)} />
          </label>
          <button type="submit" data-testid="chat-send" aria-label={to !== null ? `Send to ${name(to)} only` : spectator ? "Send to the spectators" : "Send to everyone"}>Send</button>
        </form>
      )}
      <RefusalNote session={session} about="chat" />
    </div>
  );
}
