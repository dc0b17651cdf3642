// The game log in plain words (newest last), and your private lines (what you drew, what you saw).
import { useEffect, useRef } from "preact/hooks";
import type { TableSeat } from "../state.ts";
import { withSeatMarks } from "./SeatMark.tsx";

/** `seats`: each player's name in the public log gets its seat's mark. */
export function GameLog({ log, privateLog, seats }: { log: string[]; privateLog: string[] | null; seats?: readonly TableSeat[] }) {
  return (
    <div class="game-log" data-testid="game-log">
      <h2 id="log-h">Game log</h2>
      <ScrolledList lines={log} label="log-h" testid="public-log" seats={seats} />
      {privateLog && (
        <>
          <h3 id="plog-h">Only you see</h3>
          <ScrolledList lines={privateLog} label="plog-h" testid="private-log" />
        </>
      )}
    </div>
  );
}

function ScrolledList({ lines, label, testid, seats }: { lines: string[]; label: string; testid: string; seats?: readonly TableSeat[] }) {
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => {
    ref.current?.scrollTo({ top: ref.current.scrollHeight });
  }, [lines.length, lines.at(-1)]);
  return (
    <ol class="log-lines" ref={ref} aria-labelledby={label} tabIndex={0} data-testid={testid}>
      {lines.length === 0 && <li class="muted">Nothing yet.</li>}
      {lines.map((l, i) => <li key={i}>{seats ? withSeatMarks(l, seats) : l}</li>)}
    </ol>
  );
}
