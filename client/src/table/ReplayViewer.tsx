// The replay viewer of a finished game: step through it command by command (first, previous, next,
// last, a slider, each round), seeing the public board at that moment and the log up to it. The server
// rebuilds each step's public table (GET /api/games/:code/replay/steps); this screen only reads them.
// The guide's notes (on at once for a tutorial game, a click away for any other) show each kind of
// moment's explanation at the step where it first came, and jump there.
import { useEffect, useRef, useState } from "preact/hooks";
import { readTable } from "../../../shared/wire/index.ts";
import { STEPS_PER_REQUEST, type ReplayOutline } from "../../../shared/ends-api.ts";
import { replayOutline, replaySteps } from "../net/ends-api.ts";
import type { TableSnapshot } from "../state.ts";
import { CityMap, MapLegend } from "./CityMap.tsx";
import { ROUND_TRACK, RoundTrack, SupplyDemand, ThreatTrack } from "./Tracks.tsx";
import { DealPanel, stageLabel } from "./DealPanel.tsx";
import { GameLog } from "./GameLog.tsx";
import { SeatMark } from "./SeatMark.tsx";
import { CorpMark } from "./Icons.tsx";
import { useGuideTexts } from "./Guide.tsx";

/** A round's name as the round track prints it: "Round 3", "Demand round 2". */
function roundLabel(round: number): string {
  const space = ROUND_TRACK[round];
  if (space !== "D") return `Round ${space ?? round + 1}`;
  return `Demand round ${ROUND_TRACK.slice(0, round + 1).filter((s) => s === "D").length}`;
}

/** Steps kept in memory (a window of the game around where you look). */
const KEEP_STEPS = 400;

export function ReplayViewer({ code }: { code: string }) {
  const [outline, setOutline] = useState<ReplayOutline | null>(null);
  const [step, setStep] = useState(0);
  const [shown, setShown] = useState<TableSnapshot | null>(null);
  const [problem, setProblem] = useState("");
  const tables = useRef(new Map<number, TableSnapshot>());
  const loading = useRef(new Map<number, Promise<void>>());
  /** The guide's notes shown (null: as the game was played, on for a tutorial game). */
  const [notesOn, setNotesOn] = useState<boolean | null>(null);
  const showNotes = notesOn ?? outline?.tutorial ?? false;
  const texts = useGuideTexts(showNotes);

  useEffect(() => {
    replayOutline(code).then(setOutline).catch((e: Error) => setProblem(e.message));
  }, [code]);

  /** Loads the batch of steps holding `n` (once). */
  function load(n: number): Promise<void> {
    const from = Math.floor(n / STEPS_PER_REQUEST) * STEPS_PER_REQUEST;
    let p = loading.current.get(from);
    if (!p) {
      p = replaySteps(code, from, STEPS_PER_REQUEST).then((r) => {
        if (tables.current.size > KEEP_STEPS) { tables.current.clear(); loading.current.clear(); }
        for (const s of r.steps) tables.current.set(s.step, readTable(s.table));
      });
      p.catch(() => loading.current.delete(from));
      loading.current.set(from, p);
    }
    return p;
  }

  useEffect(() => {
    if (!outline) return;
    let current = true;
    const have = tables.current.get(step);
    if (have) setShown(have);
    else load(step).then(() => { if (current) setShown(tables.current.get(step) ?? null); }).catch((e: Error) => setProblem(e.message));
    // The next batch too, so stepping on does not wait.
    if (step + STEPS_PER_REQUEST / 2 <= outline.total) void load(step + STEPS_PER_REQUEST / 2).catch(() => {});
    return () => { current = false; };
  }, [outline, step]);

  if (problem) return <p class="refusal" role="alert" data-testid="replay-problem">The replay could not be loaded: {problem}</p>;
  if (!outline) return <p role="status">Loading the replay…</p>;
  const total = outline.total;
  const go = (n: number) => setStep(Math.max(0, Math.min(total, n)));
  const log = outline.log.filter((l) => l.step <= step).map((l) => l.text);
  const added = outline.log.filter((l) => l.step === step && step > 0).map((l) => l.text);
  const game = shown?.game ?? null;
  const roundOf = (n: number) => [...outline.rounds].reverse().find((r) => r.step <= n)?.round ?? 0;
  const notes = (outline.guide ?? []).flatMap((n) => (texts?.isGuideKey(n.moment) ? [{ step: n.step, text: texts.guideText(n.moment), moment: n.moment }] : []));
  const notesHere = showNotes ? notes.filter((n) => n.step === step) : [];

  return (
    <section class="replay panel" aria-labelledby="replay-h" data-testid="replay" data-step={shown ? step : ""}>
      <h2 id="replay-h">Replay</h2>
      <div class="replay-controls" role="group" aria-label="Step through the game">
        <button type="button" class="secondary small" data-testid="replay-first" disabled={step === 0} onClick={() => go(0)}>First</button>
        <button type="button" class="secondary small" data-testid="replay-prev" disabled={step === 0} onClick={() => go(step - 1)}>Previous</button>
        <span class="replay-at" data-testid="replay-at" aria-live="polite">Step {step} of {total}{game ? `, ${stageLabel(game.stage)}` : ""}</span>
        <button type="button" class="secondary small" data-testid="replay-next" disabled={step === total} onClick={() => go(step + 1)}>Next</button>
        <button type="button" class="secondary small" data-testid="replay-last" disabled={step === total} onClick={() => go(total)}>Last</button>
      </div>
      <input type="range" class="replay-slider" min={0} max={total} value={step} data-testid="replay-slider"
        aria-label="Step" onInput={(e) => go(Number((e.target as HTMLInputElement).value))} />
      <nav class="replay-rounds" aria-label="Jump to a round">
        {outline.rounds.map((r) => (
          <button key={r.step} type="button" class="small" data-testid={`replay-round-${r.round}`}
            aria-pressed={roundOf(step) === r.round} onClick={() => go(r.step)}>{roundLabel(r.round)}</button>
        ))}
      </nav>
      {(outline.guide ?? []).length > 0 && (
        <div class="replay-guide">
          <label class="check">
            <input type="checkbox" data-testid="replay-guide-toggle" checked={showNotes} onChange={(e) => setNotesOn(e.currentTarget.checked)} />
            <span>The guide's notes, at the moments they came</span>
          </label>
          {showNotes && notes.length > 0 && (
            <nav class="replay-notes" aria-label="Jump to a guide note">
              {notes.map((n) => (
                <button key={n.moment} type="button" class="small secondary" data-testid={`replay-note-${n.moment.replace(":", "-")}`}
                  aria-pressed={n.step === step} onClick={() => go(n.step)}>{n.text.title}</button>
              ))}
            </nav>
          )}
        </div>
      )}
      {notesHere.map((n) => (
        <aside key={n.moment} class="guide-note" data-testid="replay-guide-note" data-moment={n.moment} aria-label={`The guide: ${n.text.title}`}>
          <p class="guide-where">Guide · step {n.step}</p>
          <h3>{n.text.title}</h3>
          {n.text.body.map((p, i) => <p key={i}>{p}</p>)}
        </aside>
      ))}
      {added.length > 0 && <p class="replay-added" data-testid="replay-added">{added.slice(0, 3).join(" ")}</p>}
      {shown && game ? (
        <div class="replay-board" aria-busy={tables.current.get(step) !== shown}>
          <div class="replay-main">
            <div class="track-row">
              <RoundTrack round={game.round} />
              <ThreatTrack threat={game.threat} />
            </div>
            <CityMap districts={game.districts} />
            <div class="under-map">
              <SupplyDemand supply={game.supply} demandId={game.demand} />
              <MapLegend reserve={game.reserve} />
            </div>
          </div>
          <div class="replay-side">
          <ul class="replay-seats" data-testid="replay-seats">
            {shown.seats.map((s) => (
              <li key={s.seat} class={game.active === s.seat ? "active" : ""}>
                <CorpMark corp={s.corp} name={s.corpName} /> <SeatMark seat={s} /><strong>{s.name}</strong> {s.corpName}:{" "}
                <span data-testid={`replay-capital-${s.seat}`}>{s.capital} capital</span>, {s.handSize} cards
                {s.assets.length > 0 ? `, ${s.assets.map((a) => a.name).join(", ")}` : ""}
              </li>
            ))}
          </ul>
          <DealPanel model={shown} />
          </div>
        </div>
      ) : <p role="status">Loading step {step}…</p>}
      <GameLog log={log} privateLog={null} seats={shown?.seats} />
    </section>
  );
}
