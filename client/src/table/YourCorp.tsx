// Only you see this: your hand, rival, investment and emergency action, each drawn as a card.
import type { SeatSecrets, TableSeat } from "../state.ts";
import { corpInfo, investmentText, myRivalText, plural, rivalName } from "../text.ts";
import { ActionCard, CardFace, EmergencyCard, groupByTitle } from "./Card.tsx";
import { flashClass, useFlash } from "./awareness.ts";

/** `players`: seats at the table (an own-corporation rival's count depends on it). */
export function YourCorp({ me, secret, players }: { me: TableSeat; secret: SeatSecrets; players: number }) {
  const corp = corpInfo(me.corp);
  const flash = useFlash(me.capital);
  return (
    <div class="your-corp" data-testid="your-corp">
      <h2 id="you-h">You{me.corpName ? `: ${me.corpName}` : ""} <span class={`cap${flashClass(flash)}`}>· capital <strong data-testid="my-capital">{me.capital}</strong></span></h2>
      <div class="secrets">
        <div data-testid="my-rival">
          {secret.rival ? <CardFace kind="rival" title={`Rival: ${rivalName(secret.rival)}`} text={myRivalText(secret.rival, me.corp, players)} /> : <p class="muted">Rival: not dealt yet</p>}
        </div>
        <div data-testid="my-investment">
          {secret.investment
            ? <CardFace kind="investment" title={secret.investment.name} text={investmentText(secret.investment.id)} />
            : <p class="muted">Investment: none yet</p>}
        </div>
        <div data-testid="my-emergency">
          {me.emergency.map((e) => <EmergencyCard key={e.id} id={e.id} note={e.faceup ? "ready" : "spent (facedown)"} dim={!e.faceup} />)}
        </div>
        {corp && <div><CardFace kind="contract" title="Contract" text={corp.contract} /></div>}
      </div>
      <h3>Your hand ({plural(secret.hand.length, "card")})</h3>
      <ul class="hand" data-testid="my-hand">
        {groupByTitle(secret.hand).map(({ first, all }) => (
          <li key={first.id} data-card={first.id}><ActionCard card={first} count={all.length} /></li>
        ))}
      </ul>
    </div>
  );
}
