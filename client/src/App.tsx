import { useEffect, useState } from "preact/hooks";

// The lobby and table come with the client issue; this shell shows the app and the server's health.
export function App() {
  const [health, setHealth] = useState<string>("checking…");
  useEffect(() => {
    fetch("/healthz")
      .then((r) => r.json())
      .then((h: { status: string }) => setHealth(h.status === "ok" ? "server online" : "server unhealthy"))
      .catch(() => setHealth("server unreachable"));
  }, []);
  return (
    <main class="shell">
      <h1>New Angeles</h1>
      <p class="tagline">Cut deals, keep the city producing, and end richer than your secret rival.</p>
      <p class="health" data-testid="health">{health}</p>
    </main>
  );
}
