// The table: the waiting room before the game, then the board, the deal, your corp, trades and talk.
import { useEffect, useMemo, useReducer } from "preact/hooks";
import type { TableSession } from "../net/session.ts";
import { tableModel } from "../state.ts";
import { WaitingRoom } from "./WaitingRoom.tsx";
import { CityMap } from "./CityMap.tsx";
import { RoundTrack, SupplyDemand, ThreatTrack } from "./Tracks.tsx";
import { DealPanel } from "./DealPanel.tsx";
import { YourCorp } from "./YourCorp.tsx";
import { Corps } from "./Corps.tsx";
import { Trades } from "./Trades.tsx";
import { Chat } from "./Chat.tsx";
import { GameLog } from "./GameLog.tsx";
import { GameOver } from "./GameOver.tsx";

export function TableScreen({ session, onLeave }: { session: TableSession; onLeave(): void }) {
  const [, redraw] = useReducer((n: number, _: unknown) => n + 1, 0);
  useEffect(() => {
    const stop = session.subscribe(() => redraw(undefined));
    redraw(undefined); // anything that arrived between the first render and this subscription
    return stop;
  }, [session]);
  const snap = session.snap;
  const model = useMemo(() => (snap ? tableModel(snap, session.mySeat) : null), [snap, session.mySeat]);

  const bar = (
    <header class="topbar">
      <h1>New Angeles</h1>
      <span>Table <strong class="code" data-testid="table-code">{session.code}</strong></span>
      <span class="muted" data-testid="who-am-i">
        {session.spectator ? "You are watching." : model?.me ? `You are ${model.me.name}${model.me.corpName ? ", " + model.me.corpName : ""}.` : ""}
      </span>
      {session.link !== "connected" && (
        <span class="link-state" role="status" data-testid="link-state">
          {session.link === "reconnecting" ? "Connection lost: reconnecting…" : session.leftReason}
        </span>
      )}
      <button type="button" class="secondary" onClick={onLeave} data-testid="leave">Leave the table</button>
    </header>
  );

  if (!model) return <main class="shell">{bar}<p role="status">Joining the table…</p></main>;
  if (model.snap.status === "lobby") return <main class="shell">{bar}<WaitingRoom model={model} session={session} /></main>;

  const game = model.snap.game;
  return (
    <main class="table" data-testid="table" data-status={model.snap.status}
      data-round={game?.round ?? 0} data-stage={game?.stage ?? ""} data-seat={model.mySeat ?? "spectator"}>
      {bar}
      {model.result && <GameOver model={model} />}
      <section class="tracks" aria-label="Round and threat">
        <RoundTrack round={game?.round ?? 0} />
        <ThreatTrack threat={game?.threat ?? 0} />
      </section>
      <section class="city-area" aria-labelledby="city-h">
        <h2 id="city-h">The city</h2>
        <CityMap districts={game?.districts ?? []} />
        <SupplyDemand supply={game?.supply ?? {}} demandId={game?.demand ?? ""} />
      </section>
      <section class="deal-area" aria-labelledby="deal-h">
        <DealPanel model={model} session={session} />
      </section>
      {model.me && model.secret && (
        <section class="you-area" aria-labelledby="you-h">
          <YourCorp me={model.me} secret={model.secret} />
        </section>
      )}
      <section class="corps-area" aria-labelledby="corps-h">
        <Corps model={model} />
      </section>
      {model.me && model.snap.status === "playing" && (
        <section class="trades-area" aria-labelledby="trades-h">
          <Trades model={model} session={session} />
        </section>
      )}
      <section class="talk-area" aria-label="Chat and game log">
        <Chat model={model} session={session} />
        <GameLog log={model.snap.log} privateLog={model.secret?.log ?? null} />
      </section>
    </main>
  );
}
