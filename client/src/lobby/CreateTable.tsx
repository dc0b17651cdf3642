// Creating a table: seats, bots and their pace, deadlines, what happens to an absent player, public or
// private, and the rule options (variants) with their one-line explanations.
import { useState } from "preact/hooks";
import type { NewTable } from "../net/api.ts";
// The rule options' list is plain data beside the engine (types only, no server code): the lobby shows
// the same one-line explanations as the README, so the two cannot drift apart.
import { VARIANT_DOCS, type VariantDoc } from "../../../shared/variant.ts";

export type CreateOptions = NewTable;

const BOT_PACE: { ms: number; label: string }[] = [
  { ms: 300, label: "Quick (0.3 s per move)" },
  { ms: 800, label: "Normal (0.8 s per move)" },
  { ms: 2000, label: "Relaxed (2 s per move)" },
  { ms: 5000, label: "Slow (5 s per move)" },
];
const DEADLINES: { s: number; label: string }[] = [
  { s: 0, label: "No deadline" },
  { s: 30, label: "30 seconds" },
  { s: 60, label: "1 minute" },
  { s: 120, label: "2 minutes" },
  { s: 300, label: "5 minutes" },
  { s: 900, label: "15 minutes" },
];
const GRACE: { s: number; label: string }[] = [
  { s: 30, label: "30 seconds" },
  { s: 60, label: "1 minute" },
  { s: 180, label: "3 minutes" },
  { s: 600, label: "10 minutes" },
];

/** The options a host can set from a form: a fixed set of values, or on/off. */
const FORM_OPTIONS = VARIANT_DOCS.filter((d) => d.choices || typeof d.default === "boolean");

/** "cards-in-box" → "cards in box"; `true` → "on". */
function valueLabel(v: unknown): string {
  return typeof v === "boolean" ? (v ? "on" : "off") : String(v).replace(/-/g, " ");
}
/** "noCounterofferSkipsSupport" → "No counteroffer skips support". */
function optionLabel(d: VariantDoc): string {
  const words = d.key.replace(/([A-Z])/g, " $1").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Time banks one may choose (hours): an hour to a week. */
const BANK_HOURS = [1, 8, 24, 48, 72, 168];
const bankLabel = (h: number) => (h < 24 ? `${h} hour${h > 1 ? "s" : ""}` : h === 168 ? "7 days" : `${h / 24} day${h > 24 ? "s" : ""}`);

/** A turn-based table's options (the cap: twice the start, at most 7 days); none for a live table. */
function turnOptions(pace: "live" | "turn-based", bankHours: number, weekendPause: boolean, vacation: "bot" | "pause"): Pick<CreateOptions, "pace" | "turn"> {
  if (pace === "live") return {};
  const bankSeconds = bankHours * 3600;
  return { pace, turn: { bankSeconds, capSeconds: Math.min(7 * 24 * 3600, 2 * bankSeconds), weekendPause, vacation, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC" } };
}

export function CreateTable({ busy, onCreate }: { busy: boolean; onCreate(o: CreateOptions): void }) {
  const [seats, setSeats] = useState<4 | 5 | 6>(4);
  const [bots, setBots] = useState(0);
  const [botDelayMs, setBotDelay] = useState(800);
  const [stepSeconds, setStepSeconds] = useState(0);
  const [graceSeconds, setGrace] = useState(60);
  const [isPrivate, setPrivate] = useState(true);
  // a moment to get ready once the last seat is taken (the host may start at once)
  const [startCountdown, setStartCountdown] = useState(10);
  const [variant, setVariant] = useState<Record<string, unknown>>({});
  // "teach this table": the first-game setup, and the guide explains each new moment (docs/guide.md)
  const [teach, setTeach] = useState(false);
  // Turn-based: a game over days, each seat with a time bank (docs/turn-based.md).
  const [pace, setPace] = useState<"live" | "turn-based">("live");
  const [bankHours, setBankHours] = useState(24);
  const [weekendPause, setWeekendPause] = useState(false);
  const [vacation, setVacation] = useState<"bot" | "pause">("bot");
  const changed = Object.keys(variant).length;

  function setOption(d: VariantDoc, value: unknown) {
    const next = { ...variant };
    if (value === d.default) delete next[d.key];
    else next[d.key] = value;
    setVariant(next);
  }

  return (
    <section class="panel" aria-labelledby="create-h">
      <h2 id="create-h">Create a table</h2>
      <form onSubmit={(e) => { e.preventDefault(); onCreate({ seats, bots, botDelayMs, stepSeconds, graceSeconds, private: isPrivate, variant, startCountdown, ...(teach ? { tutorial: true } : {}), ...turnOptions(pace, bankHours, weekendPause, vacation) }); }}>
        <div class="fields">
          <label class="field">
            <span>Players</span>
            <select data-testid="create-seats" value={seats}
              onChange={(e) => { const n = Number(e.currentTarget.value) as 4 | 5 | 6; setSeats(n); setBots(Math.min(bots, n - 1)); }}>
              <option value="4">4</option><option value="5">5</option><option value="6">6</option>
            </select>
          </label>
          <label class="field">
            <span>Bots among them</span>
            <select data-testid="create-bots" value={bots} onChange={(e) => setBots(Number(e.currentTarget.value))}>
              {Array.from({ length: seats }, (_, n) => <option key={n} value={n}>{n === 0 ? "None" : n}</option>)}
            </select>
          </label>
          <label class="field">
            <span>Bots' pace</span>
            <select data-testid="create-bot-pace" value={botDelayMs} onChange={(e) => setBotDelay(Number(e.currentTarget.value))}>
              {BOT_PACE.map((p) => <option key={p.ms} value={p.ms}>{p.label}</option>)}
            </select>
          </label>
          <label class="field">
            <span>Time for each decision</span>
            <select data-testid="create-deadline" value={stepSeconds} onChange={(e) => setStepSeconds(Number(e.currentTarget.value))}>
              {DEADLINES.map((d) => <option key={d.s} value={d.s}>{d.label}</option>)}
            </select>
          </label>
          <label class="field">
            <span>A bot plays for someone away after</span>
            <select data-testid="create-grace" value={graceSeconds} onChange={(e) => setGrace(Number(e.currentTarget.value))}>
              {GRACE.map((g) => <option key={g.s} value={g.s}>{g.label}</option>)}
            </select>
          </label>
        </div>
        <div class="fields">
          <label class="field">
            <span>Pace</span>
            <select data-testid="create-pace" value={pace} onChange={(e) => setPace(e.currentTarget.value as "live" | "turn-based")}>
              <option value="live">Live: one sitting</option>
              <option value="turn-based">Turn-based: over days</option>
            </select>
          </label>
          {pace === "turn-based" && (
            <label class="field">
              <span>Each player's time bank</span>
              <select data-testid="create-bank" value={bankHours} onChange={(e) => setBankHours(Number(e.currentTarget.value))}>
                {BANK_HOURS.map((h) => <option key={h} value={h}>{bankLabel(h)}</option>)}
              </select>
            </label>
          )}
        </div>
        {pace === "turn-based" && (
          <label class="check">
            <input type="checkbox" data-testid="create-weekend" checked={weekendPause} onChange={(e) => setWeekendPause(e.currentTarget.checked)} />
            <span>Banks stop at weekends.</span>
          </label>
        )}
        {pace === "turn-based" && (
          <label class="field">
            <span>While a player is on vacation (up to 14 days a year)</span>
            <select data-testid="create-vacation" value={vacation} onChange={(e) => setVacation(e.currentTarget.value as "bot" | "pause")}>
              <option value="bot">A bot plays for them</option>
              <option value="pause">The game pauses (at most 72 hours, then a bot plays)</option>
            </select>
          </label>
        )}
        <p class="muted small">{pace === "turn-based"
          ? "Your bank runs only while the game waits for you, and each decision adds 2 hours (up to twice the start). When it is spent you get three short delays, then a bot decides that once."
          : "When time runs out on a decision, a bot makes it for that player."}</p>
        <label class="check">
          <input type="checkbox" data-testid="create-countdown" checked={startCountdown > 0}
            onChange={(e) => setStartCountdown(e.currentTarget.checked ? 10 : 0)} />
          <span>A 10-second "ready?" countdown when the last seat is taken (the host can start at once).</span>
        </label>
        <label class="check">
          <input type="checkbox" data-testid="create-private" checked={isPrivate}
            onChange={(e) => setPrivate(e.currentTarget.checked)} />
          <span>Private: only people with the invite code can join (a public table is listed below for anyone).</span>
        </label>
        <label class="check">
          <input type="checkbox" data-testid="create-teach" checked={teach} aria-describedby="create-teach-doc"
            onChange={(e) => setTeach(e.currentTarget.checked)} />
          <span>Teach this table: a first game with the guide on.</span>
        </label>
        <p class="muted small" id="create-teach-doc">The first-game setup and no deadlines; the game stops at each new moment to explain it, and each player may leave the guide and reopen it.</p>
        <details class="variants" data-testid="create-variants">
          <summary>Rule options{changed ? ` (${changed} changed)` : ": the usual rules"}</summary>
          <p class="muted small">Where the rules leave a question open, this is how the table plays it. The usual choice is marked.</p>
          <ul>
            {FORM_OPTIONS.map((d) => {
              const id = `variant-${d.key}`;
              const value = variant[d.key] ?? d.default;
              return (
                <li key={d.key}>
                  {d.choices ? (
                    <label class="field compact" for={id}><span>{optionLabel(d)}</span></label>
                  ) : null}
                  {d.choices ? (
                    <select id={id} data-testid={id} value={String(value)} aria-describedby={`${id}-doc`}
                      onChange={(e) => setOption(d, e.currentTarget.value)}>
                      {d.choices.map((c) => <option key={c} value={c}>{valueLabel(c)}{c === d.default ? " (usual)" : ""}</option>)}
                    </select>
                  ) : (
                    <label class="check">
                      <input type="checkbox" id={id} data-testid={id} checked={value === true} aria-describedby={`${id}-doc`}
                        onChange={(e) => setOption(d, e.currentTarget.checked)} />
                      <span>{optionLabel(d)} <span class="muted">(usually {valueLabel(d.default)})</span></span>
                    </label>
                  )}
                  <p class="muted small" id={`${id}-doc`}>{d.doc}</p>
                </li>
              );
            })}
          </ul>
          {changed > 0 && <button type="button" class="secondary small" onClick={() => setVariant({})}>Back to the usual rules</button>}
        </details>
        <button type="submit" disabled={busy} data-testid="create">Create the table</button>
      </form>
    </section>
  );
}
