// "Tell this browser when it is my move": a Web Push subscription for this seat (server/notify), through
// the service worker /nudge-sw.js. Shown only where the browser and the server both offer push.
import { useState } from "preact/hooks";
import { call } from "../net/api.ts";

const post = <T,>(path: string, body: unknown) => call<T>(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

export function PushNudges({ code, seatToken }: { code: string; seatToken: string }) {
  const [state, setState] = useState<"idle" | "on" | "busy">("idle");
  const [problem, setProblem] = useState("");
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) return null;
  async function turnOn() {
    setState("busy"); setProblem("");
    try {
      const { publicKey } = await call<{ publicKey: string }>("/api/nudges/push-key");
      if ((await Notification.requestPermission()) !== "granted") throw new Error("This browser does not allow notifications from this page: allow them in its settings first.");
      await navigator.serviceWorker.register("/nudge-sw.js");
      // A first registration's worker is still installing: subscribe refuses it ("no active Service Worker").
      const registration = await navigator.serviceWorker.ready;
      const sub = (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey })).toJSON();
      await post(`/api/games/${encodeURIComponent(code)}/push`, { seatToken, subscription: { endpoint: sub.endpoint, keys: sub.keys } });
      setState("on");
    } catch (e) {
      setProblem((e as Error).message);
      setState("idle");
    }
  }
  return (
    <>
      <h3>When it is your move</h3>
      {state === "on"
        ? <p role="status" data-testid="push-on">This browser will tell you when the table has waited 10 minutes for you (at most once an hour).</p>
        : <p><button type="button" class="secondary" disabled={state === "busy"} onClick={() => void turnOn()} data-testid="push-turn-on">Notify this browser</button></p>}
      {problem && <p class="refusal" role="alert" data-testid="push-error">{problem}</p>}
    </>
  );
}
