// The rematch, from the end screen: one click makes a new table with the same options and seats you
// there; every other player of the finished table sees who asked, who sits at the new table, and a
// button to join it. The end screen asks the server every few seconds (GET /api/games/:code/rematch).
import { useEffect, useState } from "preact/hooks";
import { findTable, type TableInfo } from "../net/api.ts";
import { askRematch, rematchOf, type Rematch as RematchInfo } from "../net/ends-api.ts";
import { rememberedName, rememberedSeat } from "../net/seat-memory.ts";
import { TableSession } from "../net/session.ts";

const POLL_MS = 3000;

export function Rematch({ code, token, onJoined }: { code: string; token?: string; onJoined(session: TableSession): void }) {
  const [rematch, setRematch] = useState<RematchInfo | null>(null);
  const [table, setTable] = useState<TableInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");
  const mine = rememberedSeat(code);
  const seatToken = token ?? mine?.seatToken;

  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = async () => {
      try {
        const r = await rematchOf(code);
        if (stop) return;
        setRematch(r);
        if (r) setTable(await findTable(r.code).catch(() => null));
      } catch { /* the next look may work */ }
      if (!stop) timer = setTimeout(look, POLL_MS);
    };
    void look();
    return () => { stop = true; clearTimeout(timer); };
  }, [code]);

  async function go(make: boolean) {
    setBusy(true);
    setProblem("");
    try {
      const r = make && seatToken ? await askRematch(code, seatToken) : rematch!;
      const name = mine?.name || rememberedName();
      onJoined(await TableSession.join(r.code, name ? { name } : { spectator: true }));
    } catch (e) {
      setProblem((e as Error).message);
      setBusy(false);
    }
  }

  const humans = table?.players.filter((p) => !p.bot) ?? [];
  const open = !table || (table.status === "lobby" && table.players.length < table.seats);
  return (
    <div class="rematch" data-testid="rematch">
      {rematch ? (
        <>
          <p data-testid="rematch-offer">
            <strong>{rematch.by}</strong> wants a rematch: table <span class="code">{rematch.code}</span>.{" "}
            {table && <span data-testid="rematch-seated">Seated: {humans.length ? humans.map((p) => p.name).join(", ") : "nobody yet"}
              {" "}({table.players.length} of {table.seats} seats{table.players.length > humans.length ? ", bots included" : ""}).</span>}
          </p>
          {open
            ? <button type="button" disabled={busy} data-testid="rematch-join" onClick={() => void go(false)}>Join the rematch</button>
            : <p class="muted">The rematch has begun.</p>}
        </>
      ) : seatToken ? (
        <button type="button" disabled={busy} data-testid="rematch-ask" onClick={() => void go(true)}
          title="A new table with the same options; the other players are shown your invitation">Rematch</button>
      ) : (
        <p class="muted">No rematch has been asked for yet.</p>
      )}
      {problem && <p class="refusal" role="alert">{problem}</p>}
    </div>
  );
}
