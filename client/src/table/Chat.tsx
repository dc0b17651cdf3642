// Table talk: public chat, and private messages between two players (only those two ever get them).
import { useEffect, useRef, useState } from "preact/hooks";
import type { TableSession } from "../net/session.ts";
import type { TableModel } from "../state.ts";
import { RefusalNote } from "./RefusalNote.tsx";

interface Line { key: string; at: number; from: string; text: string; private: string | null }

export function Chat({ model, session }: { model: TableModel; session: TableSession }) {
  const [text, setText] = useState("");
  const [to, setTo] = useState("");
  const list = useRef<HTMLOListElement>(null);
  const name = (n: number) => model.snap.seats[String(n)]?.name ?? `seat ${n + 1}`;
  const lines: Line[] = [
    ...session.chatLines.map((c) => ({ key: "c" + c.seq, at: c.at, from: c.from, text: c.text, private: null })),
    ...session.whispers.map((w, i) => ({
      key: "w" + i, at: w.at, from: w.fromName, text: w.text,
      private: w.from === model.mySeat ? `to ${name(w.to)}` : "to you",
    })),
  ].sort((a, b) => a.at - b.at);
  const others = model.seats.filter((s) => !s.bot && s.seat !== model.mySeat);

  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [lines.length]);

  function send(e: Event) {
    e.preventDefault();
    const t = text.trim();
    if (!t) return;
    session.chat(t, to === "" ? undefined : Number(to));
    setText("");
  }

  return (
    <div class="chat" data-testid="chat">
      <h2 id="chat-h">Chat</h2>
      <ol class="chat-lines" ref={list} aria-live="polite" aria-labelledby="chat-h" tabIndex={0}>
        {lines.length === 0 && <li class="muted">No messages yet.</li>}
        {lines.map((l) => (
          <li key={l.key} class={l.private ? "whisper" : ""}>
            <strong>{l.from}</strong>{l.private && <span class="tag">private, {l.private}</span>}: {l.text}
          </li>
        ))}
      </ol>
      <form class="chat-form" onSubmit={send}>
        {model.mySeat !== null && others.length > 0 && (
          <label class="field compact">
            <span class="sr-only">Send to</span>
            <select value={to} onChange={(e) => setTo(e.currentTarget.value)} data-testid="chat-to">
              <option value="">Everyone</option>
              {others.map((s) => <option key={s.seat} value={String(s.seat)}>Only {s.name}</option>)}
            </select>
          </label>
        )}
        <label class="field grow">
          <span class="sr-only">Message</span>
          <input value={text} maxLength={500} placeholder="Say something…" data-testid="chat-input"
            onInput={(e) => setText(e.currentTarget.value)} />
        </label>
        <button type="submit" data-testid="chat-send">Send</button>
      </form>
      <RefusalNote session={session} about="chat" />
    </div>
  );
}
