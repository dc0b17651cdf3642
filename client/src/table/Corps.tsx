// Every corporation at the table: capital, hand size, assets, emergency action, who is connected.
import type { SeatSnap, TableModel } from "../state.ts";
import { assetText, plural } from "../text.ts";

function presence(s: SeatSnap): { text: string; cls: string } {
  if (s.bot) return { text: "bot", cls: "" };
  if (s.botControlled) return { text: "away: a bot plays", cls: "warn" };
  if (!s.connected) return { text: "disconnected", cls: "warn" };
  return { text: "online", cls: "ok" };
}

export function Corps({ model }: { model: TableModel }) {
  const game = model.snap.game;
  return (
    <div class="corps">
      <h2 id="corps-h">Corporations</h2>
      <ul class="corp-list" data-testid="corps">
        {model.seats.map((s) => {
          const p = presence(s);
          const active = game?.active === s.seat;
          const deciding = game?.pendingSeat === s.seat;
          return (
            <li key={s.seat} class={`corp${active ? " active" : ""}${deciding ? " deciding" : ""}`} data-testid={`corp-${s.seat}`}>
              <div class="corp-head">
                <strong>{s.corpName || "—"}</strong> <span>{s.name}</span>
                {s.seat === model.mySeat && <span class="tag you">you</span>}
                <span class={`tag ${p.cls}`}>{p.text}</span>
                {active && <span class="tag">active</span>}
                {deciding && <span class="tag deciding">deciding</span>}
              </div>
              <div class="corp-stats">
                <span>Capital <strong data-testid={`capital-${s.seat}`}>{s.capital}</strong></span>
                <span>{plural(s.handSize, "card")} in hand</span>
                <span>{s.hasInvestment ? "holds an investment" : "no investment"}</span>
              </div>
              <div class="corp-emergency">
                {s.emergency.map((e) => (
                  <span key={e.id}>Emergency: {e.title} <span class={`tag${e.faceup ? "" : " warn"}`}>{e.faceup ? "ready" : "spent"}</span></span>
                ))}
              </div>
              {s.assets.length > 0 && (
                <ul class="assets">
                  {s.assets.map((a) => (
                    <li key={a.id} title={assetText(a.id)} class={a.exhausted ? "exhausted" : ""}>
                      {a.name}{a.exhausted ? " (exhausted)" : ""}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
