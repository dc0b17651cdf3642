// The game log in plain words (newest last), each corporation with its player's name and seat mark, a
// filter (all, yours, deals, trades, the city), and your private lines (what you drew, what you saw).
import { useEffect, useRef, useState } from "preact/hooks";
import type { TableSeat } from "../state.ts";
import { keepLine, LOG_FILTERS, withPeople, type LogFilter } from "./log-filter.ts";
import { withSeatMarks } from "./SeatMark.tsx";

export function GameLog({ log, privateLog, people = [], myCorp = null, seats }: {
  log: string[]; privateLog: string[] | null;
  /** Each player's name in the public log gets its seat's mark. */
  seats?: readonly TableSeat[];
  /** Who plays each corporation, to name them in the log. */
  people?: { corp: string; name: string }[];
  myCorp?: string | null;
}) {
  const [filter, setFilter] = useState<LogFilter>("all");
  const shown = log.filter((l) => keepLine(filter, l, myCorp)).map((l) => withPeople(l, people));
  return (
    <div class="game-log" data-testid="game-log">
      <div class="log-head">
        <h2 id="log-h">Game log</h2>
        <div class="log-filter" role="group" aria-label="Show in the log" data-testid="log-filter">
          {LOG_FILTERS.filter((f) => f.key !== "mine" || myCorp).map((f) => (
            <button key={f.key} type="button" class={`chip${filter === f.key ? " on" : ""}`} aria-pressed={filter === f.key}
              data-testid={`log-filter-${f.key}`} onClick={() => setFilter(f.key)}>{f.label}</button>
          ))}
        </div>
      </div>
      <ScrolledList lines={shown} label="log-h" testid="public-log" empty={filter === "all" ? "Nothing yet." : "No such line yet."} seats={seats} />
      {privateLog && (
        <>
          <h3 id="plog-h">Only you see</h3>
          <ScrolledList lines={privateLog.filter((l) => keepLine(filter, l, myCorp)).map((l) => withPeople(l, people))} label="plog-h" testid="private-log" empty="Nothing yet." />
        </>
      )}
    </div>
  );
}

function ScrolledList({ lines, label, testid, empty, seats }: { lines: string[]; label: string; testid: string; empty: string; seats?: readonly TableSeat[] }) {
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => {
    ref.current?.scrollTo({ top: ref.current.scrollHeight });
  }, [lines.length, lines.at(-1)]);
  return (
    <ol class="log-lines" ref={ref} aria-labelledby={label} tabIndex={0} data-testid={testid}>
      {lines.length === 0 && <li class="muted">{empty}</li>}
      {lines.map((l, i) => <li key={i}>{seats ? withSeatMarks(l, seats) : l}</li>)}
    </ol>
  );
}
