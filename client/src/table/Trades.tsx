// Binding trades: propose capital and assets (and, in your support turn, your support) to one player;
// accept or decline what others propose; the server carries out both halves at once or neither.
import { useState } from "preact/hooks";
import type { TradeView } from "../../../shared/view.ts";
import type { TableSession } from "../net/session.ts";
import { legalOf, type TableModel } from "../state.ts";
import { assetName, plural, seatLabel } from "../text.ts";
import { CardPicker } from "./CardPicker.tsx";
import { RefusalNote } from "./RefusalNote.tsx";

function bundle(b: { capital: number; assets: string[] }): string {
  const parts = [];
  if (b.capital > 0) parts.push(`${b.capital} capital`);
  for (const a of b.assets) parts.push(assetName(a));
  return parts.length ? parts.join(", ") : "nothing";
}

export function Trades({ model, session }: { model: TableModel; session: TableSession }) {
  const me = model.mySeat!;
  const seat = (n: number) => model.snap.seats[String(n)];
  const accept = legalOf(model, "trade-accept")?.ids ?? [];
  const incoming = model.trades.filter((t) => t.to === me);
  const outgoing = model.trades.filter((t) => t.from === me);
  const done = model.snap.log.filter((line) => / trade: /.test(line)).slice(-5);
  const describe = (t: TradeView) =>
    `${seatLabel(seat(t.from))} gives ${bundle(t.give)}${t.support ? ` and supports the ${t.support.offer === "main" ? "main offer" : "counteroffer"} with ${plural(t.support.count, "card")}` : ""}; ` +
    `${seatLabel(seat(t.to))} gives ${bundle(t.get)}.`;

  return (
    <div class="trades" data-testid="trades">
      <h2 id="trades-h">Trades</h2>
      <p class="muted">A trade both sides can carry out now is binding: the server does both halves at once. Promises stay in chat.</p>
      {incoming.length > 0 && (
        <>
          <h3>Proposed to you</h3>
          <ul class="trade-list" data-testid="trades-incoming">
            {incoming.map((t) => (
              <li key={t.id}>
                <span>{describe(t)}</span>
                <span class="row">
                  <button type="button" disabled={!accept.includes(t.id)} onClick={() => session.command({ type: "trade-accept", id: t.id })}>Accept</button>
                  <button type="button" class="secondary" onClick={() => session.command({ type: "trade-decline", id: t.id })}>Decline</button>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {outgoing.length > 0 && (
        <>
          <h3>Your proposals</h3>
          <ul class="trade-list" data-testid="trades-outgoing">
            {outgoing.map((t) => (
              <li key={t.id}>
                <span>{describe(t)} <span class="muted">Waiting for an answer.</span></span>
                <button type="button" class="secondary" onClick={() => session.command({ type: "trade-cancel", id: t.id })}>Withdraw</button>
              </li>
            ))}
          </ul>
        </>
      )}
      <RefusalNote session={session} about="trade" />
      <ProposeTrade model={model} session={session} />
      {done.length > 0 && (
        <>
          <h3>Done</h3>
          <ul class="trade-list done">{done.map((line, i) => <li key={i}>{line}</li>)}</ul>
        </>
      )}
    </div>
  );
}

function ProposeTrade({ model, session }: { model: TableModel; session: TableSession }) {
  const legal = legalOf(model, "trade-propose");
  const [to, setTo] = useState<number | null>(null);
  const [giveCapital, setGiveCapital] = useState(0);
  const [giveAssets, setGiveAssets] = useState<string[]>([]);
  const [getCapital, setGetCapital] = useState(0);
  const [getAssets, setGetAssets] = useState<string[]>([]);
  const [support, setSupport] = useState<"" | "main" | "counter">("");
  const [supportCards, setSupportCards] = useState<string[]>([]);
  if (!legal) return <p class="muted">You cannot propose a trade right now.</p>;

  const partner = legal.to.find((p) => p.seat === to) ?? legal.to[0]!;
  const seat = (n: number) => model.snap.seats[String(n)];
  const clamp = (n: number, max: number) => Math.max(0, Math.min(max, Math.floor(n) || 0));
  const hand = model.secret?.hand ?? [];

  function submit(e: Event) {
    e.preventDefault();
    session.command({
      type: "trade-propose",
      to: partner.seat,
      give: { capital: giveCapital, assets: giveAssets.filter((a) => legal!.give.assets.includes(a)) },
      get: { capital: getCapital, assets: getAssets.filter((a) => partner.assets.includes(a)) },
      ...(support ? { support, supportCards } : {}),
    });
  }

  return (
    <form class="propose" onSubmit={submit} data-testid="trade-propose">
      <h3>Propose a trade</h3>
      <label class="field">
        <span>To</span>
        <select value={partner.seat} data-testid="trade-to" onChange={(e) => { setTo(Number(e.currentTarget.value)); setGetAssets([]); setGetCapital(0); }}>
          {legal.to.map((p) => <option key={p.seat} value={p.seat}>{seatLabel(seat(p.seat))}</option>)}
        </select>
      </label>
      <div class="fields two">
        <fieldset>
          <legend>You give</legend>
          <label class="field"><span>Capital (you have {legal.give.capital})</span>
            <input type="number" min={0} max={legal.give.capital} value={giveCapital} data-testid="trade-give-capital"
              onInput={(e) => setGiveCapital(clamp(Number(e.currentTarget.value), legal.give.capital))} /></label>
          {legal.give.assets.map((a) => (
            <label key={a} class="check"><input type="checkbox" checked={giveAssets.includes(a)}
              onChange={(e) => setGiveAssets(e.currentTarget.checked ? [...giveAssets, a] : giveAssets.filter((x) => x !== a))} />
              <span>{assetName(a)}</span></label>
          ))}
        </fieldset>
        <fieldset>
          <legend>You ask for</legend>
          <label class="field"><span>Capital (they have {partner.capital})</span>
            <input type="number" min={0} max={partner.capital} value={getCapital} data-testid="trade-get-capital"
              onInput={(e) => setGetCapital(clamp(Number(e.currentTarget.value), partner.capital))} /></label>
          {partner.assets.map((a) => (
            <label key={a} class="check"><input type="checkbox" checked={getAssets.includes(a)}
              onChange={(e) => setGetAssets(e.currentTarget.checked ? [...getAssets, a] : getAssets.filter((x) => x !== a))} />
              <span>{assetName(a)}</span></label>
          ))}
        </fieldset>
      </div>
      {legal.support && (
        <fieldset>
          <legend>Add your support (your support turn)</legend>
          <label class="field"><span>Support</span>
            <select value={support} onChange={(e) => setSupport(e.currentTarget.value as "" | "main" | "counter")}>
              <option value="">no support</option>
              {legal.support.offers.map((o) => <option key={o} value={o}>{o === "main" ? "the main offer" : "the counteroffer"}</option>)}
            </select>
          </label>
          {support && <CardPicker legend="Cards to play in support" from={legal.support.cards.from} hand={hand}
            picked={supportCards} onChange={setSupportCards} testid="pick-trade-support" />}
        </fieldset>
      )}
      <button type="submit" data-testid="trade-send">Propose</button>
    </form>
  );
}
