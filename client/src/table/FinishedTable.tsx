// A finished table opened by its code or link: the results (from the game's last public step, which the
// server rebuilds from the store), the replay viewer and the rematch, instead of an error.
import { useEffect, useState } from "preact/hooks";
import { readTable } from "../../../shared/wire/index.ts";
import { replayOutline, replaySteps } from "../net/ends-api.ts";
import type { TableSession } from "../net/session.ts";
import type { TableSnapshot } from "../state.ts";
import { GameOver } from "./GameOver.tsx";
import { ReplayViewer } from "./ReplayViewer.tsx";

export function FinishedTable({ code, replay, onJoined, onLobby }: {
  code: string;
  /** Open the replay viewer at once (the link from a live table's end screen). */
  replay: boolean;
  onJoined(session: TableSession): void;
  onLobby(): void;
}) {
  const [end, setEnd] = useState<TableSnapshot | null>(null);
  const [problem, setProblem] = useState("");
  const [showReplay, setShowReplay] = useState(replay);

  useEffect(() => {
    (async () => {
      const { total, log } = await replayOutline(code);
      const last = (await replaySteps(code, total, 1)).steps[0]!;
      setEnd(readTable(last.table, { log: log.map((l) => l.text) }));
    })().catch((e: Error) => setProblem(e.message));
  }, [code]);

  return (
    <main class="shell finished-table" data-testid="finished-table">
      <header class="topbar"><div class="bar-row"><h1>New Angeles</h1>
        <span class="muted">Table <span class="code">{code}</span>: the game is over.</span>
        <span class="bar-controls"><button type="button" class="secondary small" onClick={onLobby} data-testid="to-lobby">Go to the lobby</button></span>
      </div></header>
      {problem && <p class="refusal" role="alert">The results could not be loaded: {problem}</p>}
      {!end && !problem && <p role="status">Loading the results…</p>}
      {end && <GameOver model={end} onJoined={onJoined} replayViewer={{ shown: showReplay, toggle: () => setShowReplay(!showReplay) }} />}
      {end && showReplay && <ReplayViewer code={code} />}
    </main>
  );
}
