// Your choices, built only from the server's legal commands (secret.legal): one control per option.
// Trades have their own panel (Trades.tsx).
import { useState } from "preact/hooks";
import type { LegalCommand } from "../../../shared/protocol.ts";
import type { TableSession } from "../net/session.ts";
import type { CardSnap, TableModel } from "../state.ts";
import { cardText, emergencyText, emergencyTitle, investmentText, plural } from "../text.ts";
import { CardPicker } from "./CardPicker.tsx";

type Legal<T extends LegalCommand["type"]> = Extract<LegalCommand, { type: T }>;

export function Choices({ model, session }: { model: TableModel; session: TableSession }) {
  const hand = model.secret?.hand ?? [];
  const moves = model.legal.filter((l) => !l.type.startsWith("trade-"));
  if (moves.length === 0) {
    return <p class="muted" data-testid="no-choices">Nothing to decide right now.</p>;
  }
  // A fresh key whenever the options change, so half-made picks never carry over to a new decision.
  const key = JSON.stringify(moves);
  return (
    <div class="choices" data-testid="choices" key={key}>
      {moves.map((l, i) => {
        switch (l.type) {
          case "offer": return <OfferChoice key={i} legal={l} hand={hand} session={session} />;
          case "counteroffer": return <CounterChoice key={i} legal={l} hand={hand} session={session} />;
          case "pass": return <button key={i} type="button" data-choice="pass" onClick={() => session.command({ type: "pass" })}>Pass (no counteroffer)</button>;
          case "support": return <SupportChoice key={i} legal={l} hand={hand} session={session} />;
          case "abstain": return <button key={i} type="button" data-choice="abstain" onClick={() => session.command({ type: "abstain" })}>Abstain</button>;
          case "choose": return <ChooseChoice key={i} legal={l} session={session} />;
          case "discard": return <DiscardChoice key={i} legal={l} hand={hand} session={session} />;
          case "investment": return <InvestmentChoice key={i} legal={l} session={session} />;
          default: return null;
        }
      })}
    </div>
  );
}

function cardOf(hand: CardSnap[], id: string): CardSnap {
  return hand.find((c) => c.id === id) ?? { id, title: id, type: "" };
}

function CardButton({ card, verb, disabled, onClick, choice }: { card: CardSnap; verb: string; disabled?: boolean; onClick(): void; choice: string }) {
  return (
    <button type="button" class="card-button" disabled={disabled} onClick={onClick} data-choice={choice} data-card={card.id}
      title={cardText(card.title)}>
      {verb} <strong>{card.title}</strong> <span class={`type ${card.type}`}>{card.type}</span>
    </button>
  );
}

function EmergencyButton({ id, verb, disabled, onClick, choice }: { id: string; verb: string; disabled?: boolean; onClick(): void; choice: string }) {
  return (
    <button type="button" class="card-button" disabled={disabled} onClick={onClick} data-choice={choice} data-emergency={id} title={emergencyText(id)}>
      {verb} <strong>{emergencyTitle(id)}</strong> <span class="type emergency">emergency action</span>
    </button>
  );
}

function OfferChoice({ legal, hand, session }: { legal: Legal<"offer">; hand: CardSnap[]; session: TableSession }) {
  return (
    <fieldset class="choice" data-testid="choice-offer">
      <legend>Propose your main offer</legend>
      {legal.cards.map((id) => (
        <CardButton key={id} card={cardOf(hand, id)} verb="Offer" choice="offer" onClick={() => session.command({ type: "offer", card: id })} />
      ))}
      {legal.emergency.map((id) => (
        <EmergencyButton key={id} id={id} verb="Offer" choice="offer" onClick={() => session.command({ type: "offer", emergency: id })} />
      ))}
      {legal.cards.length + legal.emergency.length === 0 && <p class="muted">You have nothing to offer.</p>}
    </fieldset>
  );
}

function CounterChoice({ legal, hand, session }: { legal: Legal<"counteroffer">; hand: CardSnap[]; session: TableSession }) {
  const [discard, setDiscard] = useState<string[]>([]);
  const cost = legal.discard.min;
  const paid = discard.length >= legal.discard.min && discard.length <= legal.discard.max;
  return (
    <fieldset class="choice" data-testid="choice-counteroffer">
      <legend>Propose a counteroffer{cost > 0 ? ` (costs ${plural(cost, "discarded card")})` : ""}</legend>
      {legal.discard.max > 0 && (
        <CardPicker legend={`First pick ${plural(cost, "card")} to discard`} from={legal.discard.from} hand={hand}
          picked={discard} onChange={setDiscard} testid="pick-counter-discard" />
      )}
      {legal.cards.map((id) => (
        <CardButton key={id} card={cardOf(hand, id)} verb="Counter with" choice="counteroffer" disabled={!paid || discard.includes(id)}
          onClick={() => session.command({ type: "counteroffer", card: id, discard })} />
      ))}
      {legal.emergency.map((id) => (
        <EmergencyButton key={id} id={id} verb="Counter with" choice="counteroffer" disabled={!paid}
          onClick={() => session.command({ type: "counteroffer", emergency: id, discard })} />
      ))}
      {legal.cards.length + legal.emergency.length === 0 && <p class="muted">You cannot pay for a counteroffer now.</p>}
    </fieldset>
  );
}

function SupportChoice({ legal, hand, session }: { legal: Legal<"support">; hand: CardSnap[]; session: TableSession }) {
  const [cards, setCards] = useState<string[]>([]);
  const ok = cards.length >= legal.cards.min && cards.length <= legal.cards.max;
  return (
    <fieldset class="choice" data-testid="choice-support">
      <legend>Support an offer with cards from your hand</legend>
      <CardPicker legend="Cards to play in support (each counts 1)" from={legal.cards.from} hand={hand} picked={cards} onChange={setCards} testid="pick-support" />
      {legal.offers.map((offer) => (
        <button key={offer} type="button" disabled={!ok} data-choice="support" data-offer={offer}
          onClick={() => session.command({ type: "support", offer, cards })}>
          Support the {offer === "main" ? "main offer" : "counteroffer"} with {plural(cards.length, "card")}
        </button>
      ))}
    </fieldset>
  );
}

function ChooseChoice({ legal, session }: { legal: Legal<"choose">; session: TableSession }) {
  return (
    <fieldset class="choice" data-testid="choice-choose">
      <legend>{legal.prompt}</legend>
      {legal.options.map((o) => (
        <button key={String(o.value)} type="button" data-choice="choose" data-option={String(o.value)}
          onClick={() => session.command({ type: "choose", option: o.value })}>{o.label}</button>
      ))}
    </fieldset>
  );
}

function DiscardChoice({ legal, hand, session }: { legal: Legal<"discard">; hand: CardSnap[]; session: TableSession }) {
  const [cards, setCards] = useState<string[]>([]);
  const ok = cards.length >= legal.cards.min && cards.length <= legal.cards.max;
  return (
    <fieldset class="choice" data-testid="choice-discard">
      <legend>{legal.prompt}</legend>
      <CardPicker legend={`Pick ${legal.cards.min === legal.cards.max ? legal.cards.min : `${legal.cards.min} to ${legal.cards.max}`}`}
        from={legal.cards.from} hand={hand} picked={cards} onChange={setCards} testid="pick-discard" />
      <button type="button" disabled={!ok} data-choice="discard" onClick={() => session.command({ type: "discard", cards })}>
        Discard {plural(cards.length, "card")}
      </button>
    </fieldset>
  );
}

function InvestmentChoice({ legal, session }: { legal: Legal<"investment">; session: TableSession }) {
  return (
    <fieldset class="choice" data-testid="choice-investment">
      <legend>Keep one investment (the other goes back on the deck)</legend>
      {legal.options.map((o) => (
        <button key={String(o.value)} type="button" class="card-button" data-choice="investment" data-option={String(o.value)}
          onClick={() => session.command({ type: "investment", keep: String(o.value) })}>
          Keep <strong>{o.label}</strong>
          <span class="card-text">{investmentText(String(o.value))}</span>
        </button>
      ))}
    </fieldset>
  );
}
