// Binding trades: propose capital and assets (and, in your support turn, your support) to one player;
// accept or decline what others propose; the server carries out both halves at once or neither.
import { useEffect, useRef, useState } from "preact/hooks";
import type { TradeView } from "../../../shared/view.ts";
import type { TableSession } from "../net/session.ts";
import { legalOf, seatOf, type TableSnapshot } from "../state.ts";
import { assetName, assetText, plural, seatLabel } from "../text.ts";
import { CardPicker } from "./CardPicker.tsx";
import { Countdown, runningDeadline } from "./Countdown.tsx";
import { RefusalNote } from "./RefusalNote.tsx";
import { SeatMark } from "./SeatMark.tsx";
import { peopleOf, withPeople } from "./log-filter.ts";
import { answerTo, ANSWER_WAIT_MS, proposeBlocked, type Sent } from "./trade-form.ts";

/** Opening the trade form: with whom, and optionally "my support for your capital". */
export interface TradeStart { seat: number; sellSupport?: boolean; at: number }

function Bundle({ b }: { b: { capital: number; assets: string[] } }) {
  if (b.capital === 0 && b.assets.length === 0) return <span class="muted">nothing</span>;
  return (
    <span>
      {b.capital > 0 && <strong>{b.capital} capital</strong>}
      {b.assets.map((a, i) => <span key={a}>{i > 0 || b.capital > 0 ? ", " : ""}<abbr title={assetText(a)}>{assetName(a)}</abbr></span>)}
    </span>
  );
}

/** "support for your main offer, Puff Piece, with 1 card": whose offer and which card, from the deal on the table. */
function supportWords(t: TradeView, model: TableSnapshot): string {
  if (!t.support) return "";
  const kind = t.support.offer === "main" ? "main offer" : "counteroffer";
  const deal = model.game?.deal;
  const o = (t.support.offer === "main" ? deal?.main : deal?.counters.at(-1)) ?? null;
  const owner = o ? (o.seat === model.mySeat ? "your" : `${seatOf(model, o.seat)?.name ?? "?"}'s`) : "the";
  return `support for ${owner} ${kind}${o ? `, ${o.card.title},` : ""} with ${plural(t.support.count, "card")}`;
}

/** A binding answer asks once more on a narrow screen (a thumb slips); on a wide one, it is sent at once. */
function confirmOnPhone(question: string): boolean {
  return !window.matchMedia("(max-width: 700px)").matches || window.confirm(question);
}

/** Trades proposed to you, as cards with Accept and Decline, at the top of the rail. */
export function IncomingTrades({ model, session }: { model: TableSnapshot; session: TableSession }) {
  const me = model.mySeat;
  const incoming = model.trades.filter((t) => t.to === me);
  if (me === null || incoming.length === 0) return null;
  const accept = legalOf(model, "trade-accept")?.ids ?? [];
  const seat = (n: number) => seatOf(model, n);
  return (
    <section class="incoming" aria-labelledby="incoming-h" role="alert">
      <h2 id="incoming-h">{incoming.length === 1 ? "A trade for you" : `${incoming.length} trades for you`}</h2>
      <ul class="trade-cards" data-testid="trades-incoming">
        {incoming.map((t) => (
          <li key={t.id} class="trade-card">
            <p><SeatMark seat={seat(t.from)} /><strong>{seatLabel(seat(t.from))}</strong> proposes a binding trade:</p>
            <dl>
              <dt>You get</dt><dd>{t.support && t.give.capital + t.give.assets.length === 0 ? null : <Bundle b={t.give} />}{t.support && <>{t.give.capital + t.give.assets.length > 0 ? " and " : ""}<strong>{supportWords(t, model)}</strong></>}</dd>
              <dt>You give</dt><dd><Bundle b={t.get} /></dd>
            </dl>
            <span class="row">
              <button type="button" disabled={!accept.includes(t.id)} onClick={() => confirmOnPhone("Accept this binding trade? It cannot be taken back.") && session.command({ type: "trade-accept", id: t.id })}>Accept</button>
              <button type="button" class="secondary" onClick={() => session.command({ type: "trade-decline", id: t.id })}>Decline</button>
              {!accept.includes(t.id) && <span class="muted">You cannot carry out your half now.</span>}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Your own proposals waiting for an answer, the server's refusals, and the last trades done. */
export function Trades({ model, session, onPropose }: { model: TableSnapshot; session: TableSession; onPropose(seat: number): void }) {
  const me = model.mySeat!;
  const seat = (n: number) => seatOf(model, n);
  const outgoing = model.trades.filter((t) => t.from === me);
  // the last trades done, each corporation with its player's name, as the game log names them
  const done = model.log.filter((line) => / trade: /.test(line)).slice(-3).map((line) => withPeople(line, peopleOf(model.seats)));
  const legal = legalOf(model, "trade-propose");
  return (
    <div class="trades" data-testid="trades">
      <h2 id="trades-h">Trades <span class="muted small">binding: both halves at once; promises stay in chat</span></h2>
      {outgoing.length > 0 && (
        <ul class="trade-list" data-testid="trades-outgoing">
          {outgoing.map((t) => (
            <li key={t.id}>
              <span>To <SeatMark seat={seat(t.to)} />{seatLabel(seat(t.to))}: you give <Bundle b={t.give} />{t.support ? ` and ${supportWords(t, model)}` : ""}, you get <Bundle b={t.get} />. <span class="muted">Waiting…</span></span>
              <button type="button" class="secondary small" onClick={() => session.command({ type: "trade-cancel", id: t.id })}>Withdraw</button>
            </li>
          ))}
        </ul>
      )}
      <RefusalNote session={session} about="trade" />
      {legal
        ? <p class="row">Propose to: {legal.to.map((p) => (
            <button key={p.seat} type="button" class="secondary small" data-testid={`propose-to-${p.seat}`} onClick={() => onPropose(p.seat)}><SeatMark seat={seat(p.seat)} /><span class="name-clip">{seat(p.seat)?.name ?? "?"}</span></button>
          ))}</p>
        : <p class="muted">You cannot propose a trade right now.</p>}
      {done.length > 0 && <ul class="trade-list done" data-testid="trades-done">{done.map((line, i) => <li key={i}>{line}</li>)}</ul>}
    </div>
  );
}

/** The trade form in a dialog, opened from a player's board or the rail. */
export function TradeDialog({ model, session, start, onClose }: { model: TableSnapshot; session: TableSession; start: TradeStart | null; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const legal = legalOf(model, "trade-propose");
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (start && legal && !d.open) d.showModal();
    if ((!start || !legal) && d.open) d.close();
  }, [start?.at, !!legal]);
  return (
    <dialog ref={ref} class="trade-dialog" aria-labelledby="propose-h" onClose={onClose} onCancel={onClose}>
      {start && legal && <ProposeTrade key={start.at} model={model} session={session} start={start} onDone={() => ref.current?.close()} />}
    </dialog>
  );
}

/** The clock keeps running while the form is open: whose decision it is and how long is left. */
function DeadlineNote({ model }: { model: TableSnapshot }) {
  const running = runningDeadline(model);
  const pending = model.game?.pending;
  if (!running || !pending) return null;
  const who = seatOf(model, pending.seat)?.name ?? "?";
  return (
    <p class={`dialog-clock${running.mine ? " mine" : ""}`} data-testid="trade-clock">
      {running.mine
        ? <>Your decision is still waiting: <Countdown deadline={running.deadline} testid="trade-countdown" />, then a bot decides for you.</>
        : <>{who} is deciding: <Countdown deadline={running.deadline} testid="trade-countdown" /> in this step.</>}
    </p>
  );
}

function ProposeTrade({ model, session, start, onDone }: { model: TableSnapshot; session: TableSession; start: TradeStart; onDone(): void }) {
  const legal = legalOf(model, "trade-propose")!;
  const hand = model.secret?.hand ?? [];
  const seat = (n: number) => seatOf(model, n);
  const [to, setTo] = useState<number>(start.seat);
  const partner = legal.to.find((p) => p.seat === to) ?? legal.to[0]!;
  // "My support for your capital": support the partner's own offer (else the first one you may), 1 card, for 1 capital.
  const theirOffer = (): "main" | "counter" | "" => {
    const offers = legal.support?.offers ?? [];
    const d = model.game?.deal;
    if (d?.main?.seat === partner.seat && offers.includes("main")) return "main";
    if (d?.counters.at(-1)?.seat === partner.seat && offers.includes("counter")) return "counter";
    return offers[0] ?? "";
  };
  const sell = !!start.sellSupport && !!legal.support;
  const [giveCapital, setGiveCapital] = useState(0);
  const [giveAssets, setGiveAssets] = useState<string[]>([]);
  const [getCapital, setGetCapital] = useState(sell && partner.capital > 0 ? 1 : 0);
  const [getAssets, setGetAssets] = useState<string[]>([]);
  const [support, setSupport] = useState<"" | "main" | "counter">(sell ? theirOffer() : "");
  const [supportCards, setSupportCards] = useState<string[]>(sell ? (legal.support?.cards.from.slice(0, Math.max(1, legal.support.cards.min)) ?? []) : []);
  const clamp = (n: number, max: number) => Math.max(0, Math.min(max, Math.floor(n) || 0));
  // Refusals shown in the form are those since it opened; once sent, it waits for the server's answer.
  const [openedAt] = useState(() => Date.now());
  const [sent, setSent] = useState<Sent | null>(null);
  const outgoing = model.trades.filter((t) => t.from === model.mySeat).map((t) => t.id);
  const blocked = proposeBlocked({ support, supportCards });
  const answer = sent ? answerTo(sent, { refusal: session.refusal, outgoing, at: Date.now() }) : null;
  useEffect(() => {
    if (answer === "refused") setSent(null);
    if (answer === "proposed") onDone();
    if (answer !== "waiting") return;
    // the server says nothing when it takes a proposal: look again once the wait is over
    const timer = setTimeout(() => setSent((s) => s && { ...s }), ANSWER_WAIT_MS + 50);
    return () => clearTimeout(timer);
  }, [answer, sent]);

  function submit(e: Event) {
    e.preventDefault();
    if (blocked || sent) return;
    setSent({ at: Date.now(), outgoing });
    session.command({
      type: "trade-propose",
      to: partner.seat,
      give: { capital: giveCapital, assets: giveAssets.filter((a) => legal.give.assets.includes(a)) },
      get: { capital: getCapital, assets: getAssets.filter((a) => partner.assets.includes(a)) },
      ...(support ? { support, supportCards } : {}),
    });
  }

  return (
    <form class="propose" method="dialog" onSubmit={submit} data-testid="trade-propose">
      <h2 id="propose-h">Propose a binding trade</h2>
      <DeadlineNote model={model} />
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
              <span title={assetText(a)}>{assetName(a)}</span></label>
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
              <span title={assetText(a)}>{assetName(a)}</span></label>
          ))}
        </fieldset>
      </div>
      {legal.support && (
        <fieldset>
          <legend>Add your support (this is your support turn)</legend>
          <label class="field"><span>Support</span>
            <select value={support} data-testid="trade-support" onChange={(e) => setSupport(e.currentTarget.value as "" | "main" | "counter")}>
              <option value="">no support</option>
              {legal.support.offers.map((o) => <option key={o} value={o}>{o === "main" ? "the main offer" : "the counteroffer"}</option>)}
            </select>
          </label>
          {support && <CardPicker legend="Cards to play in support" from={legal.support.cards.from} hand={hand}
            picked={supportCards} onChange={setSupportCards} testid="pick-trade-support" />}
        </fieldset>
      )}
      <RefusalNote session={session} about="trade" since={openedAt} />
      {answer === "quiet" && (
        <p class="muted" role="status" data-testid="trade-quiet">
          No word from the server: the proposal is most likely on the table (a bot may have answered it already). A refusal would show here.
        </p>
      )}
      <div class="row">
        <button type="submit" data-testid="trade-send" disabled={!!blocked || !!sent} aria-describedby={blocked ? "trade-send-why" : undefined}>
          {answer === "quiet" ? "Sent" : sent ? "Sending…" : "Propose"}
        </button>
        <button type="button" class="secondary" onClick={onDone} data-testid="trade-close">{answer === "quiet" ? "Close" : "Cancel"}</button>
        {blocked && <span class="muted" id="trade-send-why" data-testid="trade-send-why">{blocked}</span>}
      </div>
    </form>
  );
}
