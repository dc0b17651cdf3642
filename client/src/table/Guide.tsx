// The guide of a tutorial table (docs/guide.md): while the server has the table paused on a moment
// (`guide.moment`), a panel explains it in a few sentences (shared/guide/texts.ts) and points at the
// part of the screen it is about (that part is outlined, scrolled into view, and on a phone its tab
// opened). "Got it" lets play resume (or shows the next moment); "Leave the guide" plays on without
// it, and "Open the guide" brings it back. A trade offered to you is private: its text shows here
// without pausing the table. At a table taught to friends each person follows or leaves the guide on
// their own (remembered on this device); a moment waits for everyone following it, and a decision's
// text is shown to the person who owes it.
import { useEffect, useRef, useState } from "preact/hooks";
import type { TableSession } from "../net/session.ts";
import type { TableSnapshot } from "../state.ts";
import type { GuideKey, GuideTarget } from "../../../shared/guide/texts.ts";
import type { Pane } from "./PhoneTabs.tsx";
import "./guide.css";

/** Where each target is on the screen (TableScreen's and TopBar's parts). */
const TARGET_SELECTOR: Record<GuideTarget, string> = {
  city: ".city-area",
  tracks: ".tracks",
  supply: "[data-testid=supply]",
  deal: ".deal-area",
  choices: "[data-testid=topbar] .act-row",
  hand: ".you-area",
  corps: ".corps-area",
  log: ".log-area",
  trades: ".rail .incoming, .talk-area",
};
/** The phone tab that shows each target (null: the top bar, always in view). */
const TARGET_PANE: Record<GuideTarget, Pane | null> = {
  city: "city", tracks: "city", supply: "city", deal: "deal", choices: null, hand: "you", corps: "players", log: "deal", trades: "talk",
};
const TARGET_WORDS: Record<GuideTarget, string> = {
  city: "the city map", tracks: "the round and threat tracks", supply: "the supply and demand under the map", deal: "the deal", choices: "your choices in the top bar",
  hand: "your hand", corps: "the corporations", log: "the game log", trades: "the trades for you",
};

/** The guide's texts: a chunk of their own, loaded at a tutorial table only (the first script stays small). */
type Texts = typeof import("../../../shared/guide/texts.ts");
let loadedTexts: Texts | null = null;

/** The element a guide target names, if it is on the screen. */
export function guideTargetElement(target: GuideTarget): Element | null {
  return document.querySelector(TARGET_SELECTOR[target]);
}

/** How long the guide keeps its part in view while the screen settles after it opens. */
const SETTLE_MS = 2000;

/**
 * Outlines the part of the screen a guide text is about and brings it into view; for `ms` after, while the
 * screen settles (a pane drawn anew, reports or the results arriving above the part), it follows the part
 * and brings it back into view, until the person scrolls, touches or types. Returns the undo.
 */
function outlineWhileSettling(target: GuideTarget, ms: number): () => void {
  let el: Element | null = null;
  const follow = () => {
    const now = guideTargetElement(target);
    if (now !== el) {
      el?.classList.remove("guide-target");
      now?.classList.add("guide-target");
      el = now;
      el?.scrollIntoView({ block: "nearest" });
      return;
    }
    const r = el?.getBoundingClientRect();
    if (el && r && !(r.bottom > 0 && r.top < innerHeight)) el.scrollIntoView({ block: "nearest" });
  };
  follow();
  const observer = new MutationObserver(follow);
  observer.observe(document.body, { childList: true, subtree: true });
  const inputs = ["wheel", "touchstart", "keydown", "pointerdown"] as const;
  const settled = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const t of inputs) removeEventListener(t, settled, true);
  };
  const timer = setTimeout(settled, ms);
  for (const t of inputs) addEventListener(t, settled, { capture: true, passive: true });
  return () => {
    settled();
    el?.classList.remove("guide-target");
  };
}

/** The guide's texts once `wanted` (loaded on first use, then kept), else null. */
export function useGuideTexts(wanted: boolean): Texts | null {
  const [texts, setTexts] = useState<Texts | null>(loadedTexts);
  useEffect(() => {
    if (wanted && !texts) void import("../../../shared/guide/texts.ts").then((m) => setTexts((loadedTexts = m)));
  }, [wanted]);
  return texts;
}

export function Guide({ model, session, phone, onPane }: { model: TableSnapshot; session: TableSession; phone: boolean; onPane(p: Pane): void }) {
  const g = model.guide;
  const texts = useGuideTexts(g.tutorial);
  const [local, setLocal] = useState<Set<GuideKey>>(() => new Set());
  const seated = !!model.me && !session.spectator;
  const [left, setLeft] = useLeft(model.code, model.mySeat);
  const [answered, setAnswered] = useState("");
  const moment = texts && g.moment && texts.isGuideKey(g.moment) ? g.moment : null;
  // a decision's text is its owner's; the others wait for them (the table shows whose decision it is)
  const paused = moment && (!moment.startsWith("decision:") || model.game?.pending?.seat === model.mySeat) ? moment : null;
  const following = g.on && !left;
  // a trade offered to you: shown here once, without a pause (the table must not learn of it)
  const tradeForMe = model.trades.some((t) => t.to === model.mySeat);
  const key: GuideKey | null = !following ? null : (paused ?? (texts && tradeForMe && !local.has("moment:trade") ? "moment:trade" : null));
  const text = key && texts ? texts.guideText(key) : null;
  const gotIt = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!text) return;
    const pane = TARGET_PANE[text.target];
    if (phone && pane) onPane(pane);
    // after the pane has switched: outline the part, bring it into view, and put the focus on "Got it"
    let settling: (() => void) | null = null;
    const frame = requestAnimationFrame(() => {
      settling = outlineWhileSettling(text.target, SETTLE_MS);
      gotIt.current?.focus({ preventScroll: true });
    });
    return () => {
      cancelAnimationFrame(frame);
      settling?.();
    };
  }, [key, phone]);

  if (!g.tutorial || !seated || model.status === "lobby") return null;
  if (!following) {
    const reopen = () => { setLeft(false); session.guide("on"); };
    return <button type="button" class="secondary small guide-reopen" data-testid="guide-open" onClick={reopen}>Open the guide</button>;
  }
  if (!key || !text) return null;
  if (key === paused && answered === paused) {
    if (model.seats.filter((x) => !x.bot).length < 2) return null; // alone: the next moment comes at once
    return <p class="guide-reopen guide-waiting" role="status" data-testid="guide-waiting">The bots wait until everyone following the guide has read “{text.title}”.</p>;
  }
  const done = () => {
    if (!paused) return setLocal(new Set([...local, key]));
    setAnswered(paused);
    session.guide("got-it", paused);
  };
  const leave = () => { setLeft(true); session.guide("off"); };
  return (
    // one panel per moment: a click aimed at one explanation never lands on the next one
    <section key={key} class={`guide-panel${phone ? " phone" : ""}`} role="dialog" aria-modal="false" aria-labelledby="guide-h"
      data-testid="guide" data-moment={key} data-target={text.target}>
      <p class="guide-where">Guide · look at {TARGET_WORDS[text.target]} (outlined)</p>
      <h2 id="guide-h">{text.title}</h2>
      {text.body.map((p, i) => <p key={i}>{p}</p>)}
      <div class="row">
        <button type="button" ref={gotIt} data-testid="guide-got-it" onClick={done}>Got it</button>
        <button type="button" class="secondary" data-testid="guide-off" onClick={leave}>Leave the guide</button>
      </div>
    </section>
  );
}

/** Whether this person left the guide at this table, remembered on this device. */
function useLeft(code: string, seat: number | null): [boolean, (left: boolean) => void] {
  const key = `na-guide-left:${code}:${seat ?? ""}`;
  const read = () => { try { return localStorage.getItem(key) === "1"; } catch { return false; } };
  const [left, setState] = useState(read);
  useEffect(() => setState(read()), [key]);
  const set = (v: boolean) => {
    setState(v);
    try { if (v) localStorage.setItem(key, "1"); else localStorage.removeItem(key); } catch { /* private mode: this page only */ }
  };
  return [left, set];
}
