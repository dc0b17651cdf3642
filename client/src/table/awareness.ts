// Awareness: when you last looked at the table, what arrived since, and the tab's title, favicon, sound and
// browser notification that tell you when you must act, a trade arrives or someone writes to you.
import { useEffect, useRef, useState } from "preact/hooks";
import type { TableSession } from "../net/session.ts";

/** `session.arrivals` at your last look: the last time you clicked, typed or came back to this tab. */
export function useLastLook(session: TableSession): number {
  const [look, setLook] = useState(() => session.arrivals);
  useEffect(() => {
    // While the tab is hidden, highlights of what changed wait (paused) for your next look.
    const seen = () => {
      document.documentElement.classList.toggle("away", document.hidden);
      if (!document.hidden) setLook(session.arrivals);
    };
    const events = ["pointerdown", "keydown", "focus"] as const;
    for (const e of events) window.addEventListener(e, seen, true);
    document.addEventListener("visibilitychange", seen);
    return () => {
      for (const e of events) window.removeEventListener(e, seen, true);
      document.removeEventListener("visibilitychange", seen);
    };
  }, [session]);
  return look;
}

/** A value that counts the changes of `value` after the first render: feed it to flashClass. */
export function useFlash(value: unknown): number {
  const last = useRef<string | null>(null);
  const count = useRef(0);
  const now = JSON.stringify(value);
  // Nothing → something (the first state of a board) is no change to point at.
  const empty = (j: string | null) => j === null || j === undefined || j === "null" || j === "{}" || j === "[]";
  if (!empty(last.current) && last.current !== now) count.current++;
  last.current = now;
  return count.current;
}

/**
 * A highlight plays once: when its animation ends, or is cut short (its part of the table hidden, as a
 * phone's tab switch hides it), its class is taken off, so showing the part again does not replay it. The
 * next change sets the other class name (flashClass), which plays afresh.
 */
export function useSpentFlashes(): void {
  useEffect(() => {
    const spent = (e: AnimationEvent) => {
      if (e.animationName !== "flash-a" && e.animationName !== "flash-b") return;
      (e.target as Element).classList.remove("flash-a", "flash-b");
    };
    document.addEventListener("animationend", spent, true);
    document.addEventListener("animationcancel", spent, true);
    return () => {
      document.removeEventListener("animationend", spent, true);
      document.removeEventListener("animationcancel", spent, true);
    };
  }, []);
}

/** A class that restarts the fading highlight each time the count changes (two names, one animation). */
export function flashClass(count: number): string {
  return count === 0 ? "" : count % 2 ? " flash-a" : " flash-b";
}

export interface AlertPrefs { sound: boolean; notify: boolean }
const PREFS_KEY = "na.alerts";

export function loadPrefs(): AlertPrefs {
  try {
    const p = JSON.parse(localStorage.getItem(PREFS_KEY) ?? "{}") as Partial<AlertPrefs>;
    return { sound: p.sound === true, notify: p.notify === true };
  } catch {
    return { sound: false, notify: false };
  }
}

export function savePrefs(p: AlertPrefs): void {
  try {
    localStorage.setItem(PREFS_KEY, JSON.stringify(p));
  } catch { /* private mode: the toggle lasts for this page */ }
}

/** This browser's sound and notification choices, kept across pages; turning notifications on asks the browser first. */
export function useAlertPrefs(): { prefs: AlertPrefs; setPref(p: Partial<AlertPrefs>): void; toggleNotify(): Promise<void> } {
  const [prefs, setPrefs] = useState<AlertPrefs>(loadPrefs);
  function setPref(p: Partial<AlertPrefs>) {
    const next = { ...prefs, ...p };
    setPrefs(next);
    savePrefs(next);
  }
  async function toggleNotify() {
    if (prefs.notify) return setPref({ notify: false });
    if ("Notification" in window && Notification.permission !== "granted") await Notification.requestPermission().catch(() => "denied");
    setPref({ notify: "Notification" in window && Notification.permission === "granted" });
  }
  return { prefs, setPref, toggleNotify };
}

let audio: AudioContext | null = null;
/** Notes one after another (`gap` seconds apart, each `length` long), made here (no sound file). */
function tones(freqs: number[], gap: number, length: number, peak: number, type: OscillatorType = "sine"): void {
  try {
    audio ??= new AudioContext();
    const t = audio.currentTime;
    for (const [i, f] of freqs.entries()) {
      const o = audio.createOscillator();
      const g = audio.createGain();
      o.type = type;
      o.frequency.value = f;
      g.gain.setValueAtTime(0.0001, t + i * gap);
      g.gain.exponentialRampToValueAtTime(peak, t + i * gap + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, t + i * gap + length - 0.02);
      o.connect(g).connect(audio.destination);
      o.start(t + i * gap);
      o.stop(t + i * gap + length);
    }
  } catch { /* no audio here */ }
}

/** A short two-note chime: something asks for you. */
export function chime(): void {
  tones([660, 880], 0.12, 0.22, 0.15);
}

/** A low, falling two-note tone: the city is near its fall (unlike the chime, which asks for you). */
export function alarmTone(): void {
  tones([440, 294], 0.3, 0.3, 0.2, "triangle");
}

function favicon(alert: boolean): string {
  const dot = alert ? `<circle cx="24" cy="8" r="7" fill="#ef6b6b"/>` : "";
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="6" width="24" height="24" rx="5" fill="#4fc3f7"/><text x="14" y="25" font-size="18" font-family="sans-serif" font-weight="bold" text-anchor="middle" fill="#08131b">N</text>${dot}</svg>`;
  return "data:image/svg+xml," + encodeURIComponent(svg);
}

/**
 * Puts what needs you in the tab's title and favicon; when something new needs you, plays the chime
 * (if on) and shows a notification while the tab is hidden (if allowed).
 */
export function useAttention(need: { act: boolean; unread: number; trades: number; what: string; alarm?: string | null }, prefs: AlertPrefs): void {
  const before = useRef({ act: false, unread: 0, trades: 0 });
  const alarmed = useRef<string | null>(null);
  // The threat alarm leads the title while it lasts; each time it starts, the tone plays (sound on), a
  // phone buzzes, and a hidden tab shows a notification (if allowed).
  useEffect(() => {
    const was = alarmed.current;
    alarmed.current = need.alarm ?? null;
    if (!need.alarm || was) return;
    if (prefs.sound) alarmTone();
    try { navigator.vibrate?.([200, 100, 200]); } catch { /* no vibration here */ }
    if (prefs.notify && document.hidden && "Notification" in window && Notification.permission === "granted") {
      try { new Notification("New Angeles", { body: `⚠ ${need.alarm}`, tag: "new-angeles-alarm" }); } catch { /* not allowed here */ }
    }
  }, [need.alarm, prefs.sound, prefs.notify]);
  useEffect(() => {
    const parts = [];
    if (need.act) parts.push("Your move");
    if (need.trades) parts.push(need.trades === 1 ? "a trade for you" : `${need.trades} trades for you`);
    if (need.unread) parts.push(`${need.unread} new message${need.unread === 1 ? "" : "s"}`);
    const alert = parts.length > 0;
    const lead = need.alarm ? `⚠ ${need.alarm} · ` : "";
    document.title = lead + (alert ? `(${need.unread + need.trades + (need.act ? 1 : 0)}) ${parts.join(", ")} · New Angeles` : "New Angeles");
    let link = document.querySelector<HTMLLinkElement>("link[rel=icon]");
    if (!link) {
      link = document.createElement("link");
      link.rel = "icon";
      document.head.appendChild(link);
    }
    link.href = favicon(alert || !!need.alarm);
    const b = before.current;
    const fresh = (need.act && !b.act) || need.unread > b.unread || need.trades > b.trades;
    before.current = { act: need.act, unread: need.unread, trades: need.trades };
    if (!fresh) return;
    if (prefs.sound) chime();
    if (prefs.notify && document.hidden && "Notification" in window && Notification.permission === "granted") {
      try { new Notification("New Angeles", { body: need.what, tag: "new-angeles" }); } catch { /* not allowed here */ }
    }
  }, [need.act, need.unread, need.trades, need.what, need.alarm, prefs.sound, prefs.notify]);
  useEffect(() => () => { document.title = "New Angeles"; }, []);
}
