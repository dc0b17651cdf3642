// The lobby: your games (back to a seat this browser holds), your name, join a table by invite code (or
// watch it), create a table, the public tables, and the results of your last games. An invite link opens
// a page of its own that names the table and asks only for your name.
import { useEffect, useState } from "preact/hooks";
import type { JSX } from "preact";
import { waitedText } from "./waited.ts";
import { ApiError, calendarUrl, cleanCode, createTable, findTable, meetingText, publicTables, type TableInfo } from "../net/api.ts";
import { forgetSeat, pastGames, rememberedName, rememberedSeat, rememberedSeats, type RememberedSeat } from "../net/seat-memory.ts";
import { TableSession } from "../net/session.ts";
import { myGames, type MyGame } from "../net/seat-keys-api.ts";
import { OtherDevices } from "../table/OtherDevices.tsx";
import { CreateTable, type CreateOptions } from "./CreateTable.tsx";
import { LearnToPlay } from "./LearnToPlay.tsx";
import { YourAddress } from "./YourAddress.tsx";

interface Props {
  initialCode: string;
  problem: string;
  onJoined(session: TableSession): void;
}

/** Tables checked for "Return to your game" (each is one look-up by code). */
const SEATS_CHECKED = 5;
/** The public list refreshes itself this often while the page is visible. */
const LIST_EVERY_MS = 5000;

export function Lobby({ initialCode, problem, onJoined }: Props) {
  const [name, setName] = useState(rememberedName());
  const [code, setCode] = useState(initialCode);
  const [invite, setInvite] = useState(!!initialCode);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(problem);

  async function join(how: { code: string; spectator?: boolean; back?: boolean }) {
    setError("");
    if (!how.code.trim()) return setError("Type the invite code of the table.");
    if (!how.spectator && !how.back && !name.trim()) return setError("Choose a name to join the table.");
    setBusy(true);
    try {
      onJoined(await TableSession.join(how.code, { name: how.back ? undefined : name.trim(), spectator: how.spectator }));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function create(options: CreateOptions) {
    setError("");
    if (!name.trim()) return setError("Choose a name first: you take the first seat at your new table.");
    setBusy(true);
    try {
      const table = await createTable(options);
      onJoined(await TableSession.join(table.code, { name: name.trim() }));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const nameField = (
    <label class="field">
      <span>Your name</span>
      <input data-testid="name" value={name} maxLength={24} autoComplete="nickname"
        onInput={(e) => setName(e.currentTarget.value)} />
    </label>
  );
  const errorLine = error && <p class="refusal" role="alert" data-testid="lobby-error">{error}</p>;

  if (invite) {
    return (
      <main class="shell lobby" data-testid="lobby">
        <header>
          <h1>New Angeles</h1>
          <ServerHealth />
        </header>
        <Invitation code={initialCode} busy={busy} nameField={nameField} errorLine={errorLine}
          onJoin={() => void join({ code: initialCode })} onBack={() => void join({ code: initialCode, back: true })}
          onWatch={() => void join({ code: initialCode, spectator: true })}
          onLobby={() => { setInvite(false); setCode(""); setError(""); history.replaceState(null, "", "/"); }} />
      </main>
    );
  }

  return (
    <main class="shell lobby" data-testid="lobby">
      <header>
        <h1>New Angeles</h1>
        <p class="tagline">Cut deals, keep the city producing, and end richer than your secret rival.</p>
        <ServerHealth />
      </header>

      <YourGames busy={busy} onBack={(c) => void join({ code: c, back: true })} />

      <section class="panel" aria-labelledby="you-h">
        <h2 id="you-h">You</h2>
        {nameField}
      </section>

      {errorLine}
      <LearnToPlay busy={busy} onStart={(o) => void create(o)} />

      <section class="panel" aria-labelledby="join-h">
        <h2 id="join-h">Join a table</h2>
        <form onSubmit={(e) => { e.preventDefault(); void join({ code }); }}>
          <label class="field">
            <span>Invite code</span>
            <input data-testid="join-code" value={code} placeholder="the code from your invite" autoCapitalize="characters"
              autoComplete="off" spellcheck={false} onInput={(e) => setCode(cleanCode(e.currentTarget.value))} />
          </label>
          <div class="row">
            <button type="submit" disabled={busy} data-testid="join">Join</button>
            <button type="button" class="secondary" disabled={busy} data-testid="watch"
              onClick={() => void join({ code, spectator: true })}>Watch as a spectator</button>
          </div>
        </form>
      </section>

      <CreateTable busy={busy} onCreate={create} />
      <PublicTables busy={busy} onJoin={(c) => { setCode(c); void join({ code: c }); }}
        onWatch={(c) => void join({ code: c, spectator: true })} />
      {/* After the ways to play: a newcomer meets their name, Learn to play and the invite first. */}
      <YourAddress busy={busy} onTaken={(c) => void join({ code: c, back: true })} />
      <RecentGames />
    </main>
  );
}

/** The host is the first person seated (bots never host). The lobby API does not say more. */
function hostOf(t: TableInfo): string | null {
  return [...t.players].sort((a, b) => a.seat - b.seat).find((p) => !p.bot)?.name ?? null;
}

function statusText(t: TableInfo): string {
  const taken = t.players.length;
  if (t.status === "finished") return "This game is over.";
  if (t.status === "adjourned") return `The game is adjourned${t.meetAt ? ` until ${meetingText(t.meetAt)}` : ""}: it goes on when the host resumes it.`;
  if (t.status === "playing") return taken < t.seats ? "The game is under way." : "The game is under way and every seat is taken: you can watch it.";
  return taken < t.seats ? `Waiting for players: ${t.seats - taken} seat${t.seats - taken === 1 ? "" : "s"} free.` : "Every seat is taken.";
}

/** The invite link's page: which table, who is there, and only your name to give. */
function Invitation({ code, busy, nameField, errorLine, onJoin, onBack, onWatch, onLobby }: {
  code: string; busy: boolean; nameField: JSX.Element; errorLine: JSX.Element | "";
  onJoin(): void; onBack(): void; onWatch(): void; onLobby(): void;
}) {
  const [table, setTable] = useState<TableInfo | null>(null);
  const [missing, setMissing] = useState("");
  useEffect(() => {
    findTable(code).then(setTable).catch((e: Error) => setMissing(e instanceof ApiError && e.code === "unknown-code"
      ? `No table has the code ${code}. Check the link, or ask for a new one.` : e.message));
  }, [code]);
  const held = seatHeldAt(code, table);
  const host = table && hostOf(table);
  const open = table && table.status === "lobby" && table.players.length < table.seats;
  return (
    <section class="panel invitation" aria-labelledby="invite-h" data-testid="invitation">
      <h2 id="invite-h">{table ? (host ? `${host} invites you to a table` : "You are invited to a table") : "An invitation"}</h2>
      <p>Table <strong class="code" data-testid="invitation-code">{code}</strong></p>
      {!table && !missing && <p role="status">Looking up the table…</p>}
      {missing && <p class="refusal" role="alert">{missing}</p>}
      {table && (
        <>
          <p data-testid="invitation-status" class={table.status === "adjourned" ? "adjourned-note" : undefined}>
            {table.players.length} of {table.seats} seats taken. {statusText(table)}
          </p>
          {table.status === "adjourned" && table.meetAt && (
            <p><a href={calendarUrl(table.code)} download data-testid="invitation-ics">Add the meeting to your calendar (.ics)</a></p>
          )}
          {table.players.length > 0 && (
            <ul class="invitation-seats" aria-label="Seated">
              {[...table.players].sort((a, b) => a.seat - b.seat).map((p) => (
                <li key={p.seat}>{p.name}{p.bot && <span class="tag">bot</span>}{p.name === host && !p.bot && <span class="tag">host</span>}</li>
              ))}
            </ul>
          )}
        </>
      )}
      {errorLine}
      {held ? (
        <div class="row">
          <button type="button" disabled={busy} data-testid="return-to-game" onClick={onBack}>Return to your game</button>
          <span class="muted">You sit here as {held.name}.</span>
        </div>
      ) : table && table.status !== "finished" ? (
        <form onSubmit={(e) => { e.preventDefault(); onJoin(); }}>
          {open && nameField}
          <div class="row">
            {open && <button type="submit" disabled={busy} data-testid="join">Join the table</button>}
            <button type="button" class={open ? "secondary" : ""} disabled={busy} data-testid="watch" onClick={onWatch}>Watch as a spectator</button>
          </div>
        </form>
      ) : null}
      <p><button type="button" class="link" onClick={onLobby} data-testid="to-lobby">Go to the lobby</button></p>
    </section>
  );
}

/** The seat this browser holds at that table, if the table still lists it. */
function seatHeldAt(code: string, table: TableInfo | null): RememberedSeat | null {
  if (!table || table.status === "finished") return null;
  const mine = rememberedSeat(code);
  return mine && table.players.some((p) => p.seat === mine.seat) ? mine : null;
}

/** A game's state in a few words, for the list of your games (`mine`: what the server says of your seat). */
function gameState(t: TableInfo, mine?: MyGame): string {
  if (t.status === "adjourned") return t.meetAt ? `adjourned until ${meetingText(t.meetAt)}` : "adjourned";
  if (t.status === "playing" && mine) return mine.yourMove ? `your move${waitedText(t, mine.seat)}` : "waiting for the others";
  return t.status === "playing" ? "in play" : "waiting for players";
}

/** Live tables where this browser holds a seat: one click takes you back. */
function YourGames({ busy, onBack }: { busy: boolean; onBack(code: string): void }) {
  const [live, setLive] = useState<{ table: TableInfo; seat: RememberedSeat; mine?: MyGame }[]>([]);
  // The game whose devices and seat link are shown (the table's "Other device" dialog, from here).
  const [devicesOf, setDevicesOf] = useState<{ code: string; seatToken: string } | null>(null);
  useEffect(() => {
    let stop = false;
    // Tables this browser saw end are not looked up again.
    const over = new Set(pastGames().map((g) => g.code));
    const held = rememberedSeats(SEATS_CHECKED + over.size).filter((s) => !over.has(s.code)).slice(0, SEATS_CHECKED);
    void Promise.all(held.map(async ({ code, seat }) => {
      try {
        const table = await findTable(code);
        return table.status !== "finished" && table.players.some((p) => p.seat === seat.seat) ? { table, seat } : null;
      } catch (e) {
        if (e instanceof ApiError && e.code === "unknown-code") forgetSeat(code); // the table is gone for good
        return null;
      }
    })).then(async (found) => {
      const tables = found.filter((f) => f !== null);
      // What each key's seat owes (your move?); a key the server no longer knows (signed out) is dropped.
      const mine = await myGames(tables.map(({ table, seat }) => ({ code: table.code, seatToken: seat.seatToken }))).catch(() => null);
      const byCode = new Map(mine?.games.map((g) => [g.code, g]) ?? []);
      const listed = tables.filter((t) => !mine || byCode.has(t.table.code)).map((t) => ({ ...t, mine: byCode.get(t.table.code) }));
      // Your move first.
      listed.sort((a, b) => Number(!!b.mine?.yourMove) - Number(!!a.mine?.yourMove));
      if (!stop) setLive(listed);
    });
    return () => { stop = true; };
  }, []);
  if (live.length === 0) return null;
  return (
    <section class="panel your-games" aria-labelledby="yours-h" data-testid="your-games">
      <h2 id="yours-h">Your game{live.length > 1 ? "s" : ""}</h2>
      <ul class="tables">
        {live.map(({ table, seat, mine }) => (
          <li key={table.code}>
            <span><span class="code">{table.code}</span> · you are {seat.name} · <span data-testid="your-game-state">{gameState(table, mine)}</span></span>
            <span class="row">
              <button type="button" disabled={busy} data-testid="return-to-game" onClick={() => onBack(table.code)}>Return to your game</button>
              <button type="button" class="secondary" disabled={busy} data-testid="your-game-devices"
                onClick={() => setDevicesOf({ code: table.code, seatToken: seat.seatToken })}>Devices</button>
            </span>
          </li>
        ))}
      </ul>
      {devicesOf && <OtherDevices open code={devicesOf.code} seatToken={devicesOf.seatToken} onClose={() => setDevicesOf(null)} />}
    </section>
  );
}

function PublicTables({ busy, onJoin, onWatch }: { busy: boolean; onJoin(code: string): void; onWatch(code: string): void }) {
  const [tables, setTables] = useState<TableInfo[] | null>(null);
  const [failed, setFailed] = useState(false);
  function load() {
    publicTables().then((t) => { setTables(t); setFailed(false); }).catch(() => setFailed(true));
  }
  useEffect(() => {
    load();
    // Only while someone looks: a hidden tab does not poll.
    const timer = setInterval(() => { if (document.visibilityState === "visible") load(); }, LIST_EVERY_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <section class="panel" aria-labelledby="open-h" data-testid="public-tables">
      <h2 id="open-h">Open tables</h2>
      <p class="muted small">This list updates itself.</p>
      {failed && <p class="muted">The list of tables is not available right now.</p>}
      {tables && tables.length === 0 && <p class="muted">No public table is waiting for players. Create one!</p>}
      {tables && tables.length > 0 && (
        <ul class="tables">
          {tables.map((t) => (
            <li key={t.code}>
              <span class="code">{t.code}</span>
              <span class="table-who">{t.players.length}/{t.seats} seated: {t.players.map((p) => p.name).join(", ") || "nobody yet"}</span>
              <span class="row">
                <button type="button" disabled={busy} onClick={() => onJoin(t.code)}>Join</button>
                <button type="button" class="secondary" disabled={busy} onClick={() => onWatch(t.code)}>Watch</button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** How a past game ended, after its capital ("" for a normal end). */
const ENDING_NOTE: Partial<Record<string, string>> = { threat: " (threat reached 25)", vote: " (ended early by the players' vote)", cancelled: " (cancelled by the players' vote)" };

/** The results of the games this browser played to the end. */
function RecentGames() {
  const games = pastGames();
  if (games.length === 0) return null;
  const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
  return (
    <section class="panel" aria-labelledby="recent-h" data-testid="recent-games">
      <h2 id="recent-h">Your last games</h2>
      <ul class="tables recent">
        {games.map((g) => (
          <li key={g.code}>
            <span><strong data-testid="recent-outcome">{g.ending === "cancelled" ? "Cancelled" : g.won ? "Won" : "Lost"}</strong> as {g.you}, {g.capital} capital
              {ENDING_NOTE[g.ending] ?? ""}. {g.winners ? `Winners: ${g.winners}.` : "Nobody won."}</span>
            <span class="muted small">{when.format(g.at)} · <span class="code">{g.code}</span> · <a href={`/?join=${encodeURIComponent(g.code)}`} data-testid="recent-results">results and replay</a></span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ServerHealth() {
  const [health, setHealth] = useState("checking…");
  useEffect(() => {
    fetch("/healthz")
      .then((r) => r.json())
      .then((h: { status: string }) => setHealth(h.status === "ok" ? "server online" : "server unhealthy"))
      .catch(() => setHealth("server unreachable"));
  }, []);
  return <p class="health" data-testid="health">{health}</p>;
}
