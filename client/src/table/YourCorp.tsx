// Only you see this: your hand, rival, investment and emergency action.
import type { SecretSnap, SeatSnap } from "../state.ts";
import { cardText, corpInfo, emergencyText, investmentText, plural, rivalName, rivalText } from "../text.ts";

export function YourCorp({ me, secret }: { me: SeatSnap; secret: SecretSnap }) {
  const corp = corpInfo(me.corp);
  return (
    <div class="your-corp" data-testid="your-corp">
      <h2 id="you-h">Your corporation{me.corpName ? `: ${me.corpName}` : ""}</h2>
      {corp && <p class="muted">Contract: {corp.contract}</p>}
      <p>Capital: <strong data-testid="my-capital">{me.capital}</strong></p>
      <div class="secrets">
        <div data-testid="my-rival">
          <h3>Your rival</h3>
          {secret.rival ? <p><strong>{rivalName(secret.rival)}</strong> <span class="muted">{rivalText(secret.rival)}</span></p> : <p class="muted">not dealt yet</p>}
        </div>
        <div data-testid="my-investment">
          <h3>Your investment</h3>
          {secret.investment
            ? <p><strong>{secret.investmentName}</strong> <span class="muted">{investmentText(secret.investment)}</span></p>
            : <p class="muted">none yet</p>}
        </div>
        <div data-testid="my-emergency">
          <h3>Emergency action</h3>
          {me.emergency.length === 0 && <p class="muted">none</p>}
          {me.emergency.map((e) => (
            <p key={e.id}><strong>{e.title}</strong> <span class={`tag${e.faceup ? "" : " warn"}`}>{e.faceup ? "ready" : "spent (facedown)"}</span>{" "}
              <span class="muted">{emergencyText(e.id)}</span></p>
          ))}
        </div>
      </div>
      <h3>Your hand ({plural(secret.hand.length, "card")})</h3>
      <ul class="hand" data-testid="my-hand">
        {secret.hand.map((c) => (
          <li key={c.id} class={`card ${c.type}`} data-card={c.id}>
            <strong>{c.title}</strong> <span class={`type ${c.type}`}>{c.type}</span>
            <span class="card-text">{cardText(c.title)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
