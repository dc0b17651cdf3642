// The rematch, from the end screen: one click makes a new table with the same options and seats you
// there; every other player of the finished table sees who asked, who sits at the new table, and a
// button to join it. The end screen asks the server every few seconds (GET /api/games/:code/rematch).
import { useEffect, useState } from "preact/hooks";
import { findTable, type TableInfo } from "../net/api.ts";
import type { RematchSeen } from "../../../shared/ends-api.ts";
import { askRematch, onceFiled, rematchOf } from "../net/ends-api.ts";
import { rememberedName, rememberedSeat } from "../net/seat-memory.ts";
import { TableSession } from "../net/session.ts";

const POLL_MS = 3000;

export function Rematch({ code, token, onJoined }: { code: string; token?: string; onJoined(session: TableSession): void }) {
  const [rematch, setRematch] = useState<RematchSeen | null>(null);
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
        let r = await rematchOf(code);
        // A private rematch's code is the players' alone: a player asks for it with the seat token.
        if (r && r.code === undefined && seatToken) r = await askRematch(code, seatToken);
        if (stop) return;
        setRematch(r);
        if (r?.code) setTable(await findTable(r.code).catch(() => null));
      } catch { /* the next look may work */ }
      if (!stop) timer = setTimeout(look, POLL_MS);
    };
    void look();
    return () => { stop = true; clearTimeout(timer); };
  }, [code, seatToken]);

  async function go(make: boolean) {
    setBusy(true);
    setProblem("");
    try {
      const r = make && seatToken ? await onceFiled(() => askRematch(code, seatToken)) : rematch;
      if (!r?.code) { setBusy(false); return; }
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
      {rematch && rematch.code === undefined ? (
        <p data-testid="rematch-offer"><strong>{rematch.by}</strong> asked for a rematch at a private table: its players have the code.</p>
      ) : rematch ? (
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
