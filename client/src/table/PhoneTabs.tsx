// On phones and tablets (below the laptop layout's 1280 px) the table is one part at a time: a tab bar at the bottom (at the side in
// landscape) switches between the deal, the city, the players, your corporation and the talk, with a
// badge where something waits for you. The top bar (your prompt and its buttons) stays above all of them.
import { useEffect, useState } from "preact/hooks";

export type Pane = "deal" | "city" | "players" | "you" | "talk";

/** Below this width the table shows one part at a time. */
export const PHONE_QUERY = "(max-width: 1279px)";
/** A phone held upright: the city flows top to bottom, several draws are ticked. */
export const NARROW_QUERY = "(max-width: 700px)";

export function useMedia(query: string): boolean {
  const [on, setOn] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const m = window.matchMedia(query);
    const change = () => setOn(m.matches);
    change();
    m.addEventListener("change", change);
    return () => m.removeEventListener("change", change);
  }, [query]);
  return on;
}

export interface PaneTab { pane: Pane; label: string; badge?: number | string; why?: string }

export function PhoneTabs({ tabs, pane, onPane }: { tabs: PaneTab[]; pane: Pane; onPane(p: Pane): void }) {
  return (
    <nav class="tabbar" aria-label="Parts of the table" data-testid="tabbar">
      {tabs.map((t) => (
        <button key={t.pane} type="button" class={`tabbar-tab${t.pane === pane ? " on" : ""}`} aria-current={t.pane === pane ? "page" : undefined}
          data-testid={`tab-${t.pane}`} onClick={() => { onPane(t.pane); window.scrollTo({ top: 0 }); }}>
          <span class="tabbar-label">{t.label}</span>
          {t.badge !== undefined && t.badge !== 0 && t.badge !== "" && (
            <><span class="badge" data-testid={`tab-badge-${t.pane}`} aria-hidden="true">{t.badge}</span>{t.why && <span class="sr-only">: {t.why}</span>}</>
          )}
        </button>
      ))}
    </nav>
  );
}

/**
 * Keeps `--topbar-h` on the page at the sticky top bar's height, so whatever is scrolled into view (a
 * district to tap, the next field when tabbing) lands below the bar and above the tab bar, not under them.
 */
export function useTopBarHeight(on: boolean): void {
  useEffect(() => {
    const root = document.documentElement;
    const bar = document.querySelector<HTMLElement>("[data-testid=topbar]");
    if (!on || !bar) return;
    const set = () => root.style.setProperty("--topbar-h", `${bar.offsetHeight}px`);
    set();
    const watch = new ResizeObserver(set);
    watch.observe(bar);
    return () => { watch.disconnect(); root.style.removeProperty("--topbar-h"); };
  });
}
