// A seat's "your move" messages beyond turning push on (PushNudges): stop this browser's push, stop every
// message for this seat at this table (as the mailed one-click link does) or turn them on again, and the host's table webhook
// (Discord or Slack). A webhook's address is never shown back but as its scheme and host.
import { useEffect, useState } from "preact/hooks";
import { call } from "../net/api.ts";

const post = <T,>(path: string, body: unknown) => call<T>(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

export function NudgeSettings({ code, seatToken }: { code: string; seatToken: string }) {
  const [push, setPush] = useState<PushSubscription | null>(null);
  /** Whether this seat gets "your move" messages at this table (null until the server says). */
  const [nudges, setNudges] = useState<boolean | null>(null);
  const [url, setUrl] = useState("");
  const [format, setFormat] = useState<"discord" | "slack">("discord");
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState("");
  const at = `/api/games/${encodeURIComponent(code)}`;
  useEffect(() => {
    void post<{ nudges: boolean }>(`${at}/nudges`, { seatToken }).then((r) => setNudges(r.nudges)).catch(() => {});
  }, [at, seatToken]);
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    void navigator.serviceWorker.getRegistration("/nudge-sw.js").then((r) => r?.pushManager.getSubscription()).then((s) => setPush(s ?? null)).catch(() => {});
  }, []);
  async function run(action: () => Promise<string>) {
    setBusy(true); setNote(""); setProblem("");
    try {
      setNote(await action());
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setBusy(false);
    }
  }
  const pushOff = () => run(async () => {
    await post(`${at}/push`, { seatToken, off: push!.endpoint });
    await push!.unsubscribe().catch(() => false);
    setPush(null);
    return "This browser will not be notified any more.";
  });
  const setAll = (on: boolean) => run(async () => {
    setNudges((await post<{ nudges: boolean }>(`${at}/nudges`, { seatToken, on })).nudges);
    return on ? "\"Your move\" messages are on again for this seat, from its next decision." : "No more \"your move\" messages for this seat at this table, by any way.";
  });
  const setHook = () => run(async () => {
    const r = await post<{ webhook: string | null; format?: string }>(`${at}/webhook`, { seatToken, url: url.trim() || null, ...(url.trim() ? { format } : {}) });
    setUrl("");
    return r.webhook ? `The table's webhook posts to ${r.webhook} (${r.format}).` : "The table has no webhook.";
  });
  return (
    <section class="nudge-settings" data-testid="nudge-settings">
      <p class="row">
        {push && <button type="button" class="secondary" disabled={busy} onClick={() => void pushOff()} data-testid="push-turn-off">Stop notifying this browser</button>}
        {nudges === false
          ? <button type="button" class="link" disabled={busy} onClick={() => void setAll(true)} data-testid="nudges-start">Send "your move" messages again for this table</button>
          : <button type="button" class="link" disabled={busy} onClick={() => void setAll(false)} data-testid="nudges-stop">Stop all "your move" messages for this table</button>}
      </p>
      <h3>Table webhook (the host's)</h3>
      <form class="row" onSubmit={(e) => { e.preventDefault(); void setHook(); }}>
        <label class="field"><span>Discord or Slack webhook address</span>
          <input type="url" value={url} maxLength={500} placeholder="https://discord.com/api/webhooks/…" data-testid="webhook-url" onInput={(e) => setUrl(e.currentTarget.value)} />
        </label>
        <label class="field"><span>Format</span>
          <select value={format} data-testid="webhook-format" onChange={(e) => setFormat(e.currentTarget.value as "discord" | "slack")}>
            <option value="discord">Discord</option>
            <option value="slack">Slack</option>
          </select>
        </label>
        <button type="submit" class="secondary" disabled={busy} data-testid="webhook-set">{url.trim() ? "Set" : "Clear"}</button>
      </form>
      <p class="muted small">The table's channel hears whose move it is, nothing more; nobody is shown the address.</p>
      {note && <p role="status" data-testid="nudge-note">{note}</p>}
      {problem && <p class="refusal" role="alert" data-testid="nudge-error">{problem}</p>}
    </section>
  );
}
