// The lobby: your name, join a table by invite code (or watch it), create a table, open public tables.
import { useEffect, useState } from "preact/hooks";
import { cleanCode, createTable, publicTables, type TableInfo } from "../net/api.ts";
import { rememberedName } from "../net/seat-memory.ts";
import { TableSession } from "../net/session.ts";

interface Props {
  initialCode: string;
  problem: string;
  onJoined(session: TableSession): void;
}

export function Lobby({ initialCode, problem, onJoined }: Props) {
  const [name, setName] = useState(rememberedName());
  const [code, setCode] = useState(initialCode);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(problem);

  async function join(how: { code: string; spectator?: boolean }) {
    setError("");
    if (!how.code.trim()) return setError("Type the invite code of the table.");
    if (!how.spectator && !name.trim()) return setError("Choose a name to join the table.");
    setBusy(true);
    try {
      onJoined(await TableSession.join(how.code, { name: name.trim(), spectator: how.spectator }));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function create(options: Parameters<typeof createTable>[0]) {
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

  return (
    <main class="shell lobby" data-testid="lobby">
      <header>
        <h1>New Angeles</h1>
        <p class="tagline">Cut deals, keep the city producing, and end richer than your secret rival.</p>
        <ServerHealth />
      </header>

      <section class="panel" aria-labelledby="you-h">
        <h2 id="you-h">You</h2>
        <label class="field">
          <span>Your name</span>
          <input data-testid="name" value={name} maxLength={24} autoComplete="nickname"
            onInput={(e) => setName(e.currentTarget.value)} />
        </label>
      </section>

      {error && <p class="refusal" role="alert" data-testid="lobby-error">{error}</p>}

      <section class="panel" aria-labelledby="join-h">
        <h2 id="join-h">Join a table</h2>
        <form onSubmit={(e) => { e.preventDefault(); void join({ code }); }}>
          <label class="field">
            <span>Invite code</span>
            <input data-testid="join-code" value={code} placeholder="K7Q2Z-PMX4H" autoCapitalize="characters"
              onInput={(e) => setCode(cleanCode(e.currentTarget.value))} />
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
    </main>
  );
}

function CreateTable({ busy, onCreate }: { busy: boolean; onCreate(o: Parameters<typeof createTable>[0]): void }) {
  const [seats, setSeats] = useState<4 | 5 | 6>(4);
  const [bots, setBots] = useState(0);
  const [stepSeconds, setStepSeconds] = useState(0);
  const [isPrivate, setPrivate] = useState(true);
  return (
    <section class="panel" aria-labelledby="create-h">
      <h2 id="create-h">Create a table</h2>
      <form onSubmit={(e) => { e.preventDefault(); onCreate({ seats, bots, stepSeconds, private: isPrivate }); }}>
        <div class="fields">
          <label class="field">
            <span>Players</span>
            <select data-testid="create-seats" value={seats}
              onChange={(e) => { const n = Number(e.currentTarget.value) as 4 | 5 | 6; setSeats(n); setBots(Math.min(bots, n - 1)); }}>
              <option value="4">4</option><option value="5">5</option><option value="6">6</option>
            </select>
          </label>
          <label class="field">
            <span>Bots</span>
            <input type="number" data-testid="create-bots" min={0} max={seats - 1} value={bots}
              onInput={(e) => setBots(Math.max(0, Math.min(seats - 1, Number(e.currentTarget.value) || 0)))} />
          </label>
          <label class="field">
            <span>Seconds per decision (0: no deadline)</span>
            <input type="number" data-testid="create-deadline" min={0} max={3600} value={stepSeconds}
              onInput={(e) => setStepSeconds(Math.max(0, Math.min(3600, Number(e.currentTarget.value) || 0)))} />
          </label>
          <label class="check">
            <input type="checkbox" data-testid="create-private" checked={isPrivate}
              onChange={(e) => setPrivate(e.currentTarget.checked)} />
            <span>Private (only people with the invite code)</span>
          </label>
        </div>
        <button type="submit" disabled={busy} data-testid="create">Create the table</button>
      </form>
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
    const timer = setInterval(load, 5000);
    return () => clearInterval(timer);
  }, []);
  return (
    <section class="panel" aria-labelledby="open-h" data-testid="public-tables">
      <h2 id="open-h">Open tables</h2>
      {failed && <p class="muted">The list of tables is not available right now.</p>}
      {tables && tables.length === 0 && <p class="muted">No public table is waiting for players. Create one!</p>}
      {tables && tables.length > 0 && (
        <ul class="tables">
          {tables.map((t) => (
            <li key={t.code}>
              <span class="code">{t.code}</span>
              <span>{t.players.length}/{t.seats} seated: {t.players.map((p) => p.name).join(", ") || "nobody yet"}</span>
              <span class="row">
                <button type="button" disabled={busy} onClick={() => onJoin(t.code)}>Join</button>
                <button type="button" class="secondary" disabled={busy} onClick={() => onWatch(t.code)}>Watch</button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <button type="button" class="secondary" onClick={load}>Refresh</button>
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
