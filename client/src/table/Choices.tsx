// Your choices, built only from the server's legal commands (secret.legal): one control per option.
// Every option that names a card shows the card with its text; copies of one card are one option.
// Trades have their own panel (Trades.tsx).
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import type { ChoiceOption, Command, LegalCommand } from "../../../shared/protocol.ts";
import { GENERAL_DRAW_PROMPT } from "../../../shared/prompts.ts";
import { standingDraws } from "./general-draws.ts";
import type { TableSession } from "../net/session.ts";
import type { WireCard } from "../../../shared/wire/index.ts";
import { seatOf, type TableSnapshot } from "../state.ts";
import { emergencyTitle, investmentName, investmentText, plural } from "../text.ts";
import type { StandingAnswers } from "../../../shared/room-protocol.ts";
import { asset } from "../../../shared/catalog/index.ts";

const assetName = (id: string) => { try { return asset(id).name; } catch { return id; } };
import { ActionCard, CardFace, EmergencyCard, groupByTitle } from "./Card.tsx";
import { CardPicker } from "./CardPicker.tsx";
import { districtPicks } from "./district-picks.ts";
import { suggestDiscard } from "./suggest-discard.ts";
import { allSets, offeredSets, pickable, setLabel } from "./pick-sets.ts";
import { NARROW_QUERY, useMedia } from "./PhoneTabs.tsx";
import { Countdown } from "./Countdown.tsx";

type Legal<T extends LegalCommand["type"]> = Extract<LegalCommand, { type: T }>;

/** Whether you have a decision other than trades, or one to take back. */
export function hasMoves(model: TableSnapshot): boolean {
  return model.legal.some((l) => !l.type.startsWith("trade-")) || !!model.secret?.takeBack;
}

/** `onShowMap` (phones): the map is in another tab; a district pick offers a button that opens it. */
export function Choices({ model, session, onShowMap }: { model: TableSnapshot; session: TableSession; onShowMap?: () => void }) {
  const hand = model.secret?.hand ?? [];
  const moves = model.legal.filter((l) => !l.type.startsWith("trade-"));
  const takeBack = model.secret?.takeBack ?? "";
  const undo = takeBack && (
    <button type="button" class="secondary take-back" data-testid="take-back" onClick={() => session.takeBack()}>Take back your {takeBack}</button>
  );
  if (moves.length === 0) {
    return <div class="choices-idle"><p class="muted" data-testid="no-choices">Nothing to decide right now.</p>{undo}<AnswerSettings model={model} session={session} /></div>;
  }
  // A fresh key whenever the options change, so half-made picks never carry over to a new decision.
  const key = JSON.stringify(moves);
  const { passAt } = answersOf(model);
  const support = moves.some((l) => l.type === "support");
  const countdown = passAt > 0 ? <PassCountdown at={passAt} session={session} verb={support ? "abstains" : "passes"} /> : null;
  return <>{undo}<ChoiceList key={key} moves={moves} model={model} session={session} hand={hand} onShowMap={onShowMap} fingerprint={key} countdown={countdown} /></>;
}

/**
 * Your answers in advance (server/table/standing-answers.ts), as the table holds them for you alone.
 * Read by hand, not with the zod schema: zod compiles its checks with `new Function`, which the page's
 * CSP forbids.
 */
function answersOf(model: TableSnapshot): StandingAnswers & { passAt: number } {
  const fallback = { abilities: "pass", byAbility: {}, forced: true, counteroffers: "ask", timedPass: true, passAt: 0 } as const;
  let a: Partial<StandingAnswers & { passAt: number }> | null = null;
  try { a = JSON.parse(model.secret?.answers || "null") as Partial<StandingAnswers & { passAt: number }> | null; } catch { /* the defaults */ }
  if (!a || typeof a !== "object") return fallback;
  return {
    abilities: a.abilities === "ask" ? "ask" : "pass",
    byAbility: a.byAbility && typeof a.byAbility === "object" ? a.byAbility : {},
    forced: a.forced !== false,
    counteroffers: a.counteroffers ?? "ask",
    timedPass: a.timedPass !== false,
    ...(Array.isArray(a.generalDraws) ? { generalDraws: a.generalDraws } : {}),
    // when the table passes for you on the decision open now, if you leave it (epoch ms; 0: it does not)
    passAt: typeof a.passAt === "number" ? a.passAt : 0,
  };
}

/** The general settings: a small control beside "nothing to decide". */
function AnswerSettings({ model, session }: { model: TableSnapshot; session: TableSession }) {
  if (!model.secret) return null;
  const a = answersOf(model);
  return (
    <details class="answer-settings" data-testid="answer-settings">
      <summary>Answers in advance</summary>
      <label class="answer-setting"><input type="checkbox" data-testid="answers-abilities" checked={a.abilities === "pass"}
        onChange={(e) => session.answers({ abilities: (e.currentTarget as HTMLInputElement).checked ? "pass" : "ask" })} /> Pass for me on my assets' optional abilities (ask me for the ones I turn on)</label>
      <label class="answer-setting"><input type="checkbox" data-testid="answers-forced" checked={a.forced}
        onChange={(e) => session.answers({ forced: (e.currentTarget as HTMLInputElement).checked })} /> Answer for me when there is only one possible answer</label>
      <label class="answer-setting"><input type="checkbox" data-testid="answers-counteroffers" checked={a.counteroffers !== "ask"}
        onChange={(e) => session.answers({ counteroffers: (e.currentTarget as HTMLInputElement).checked ? "pass" : "ask" })} /> Pass on my counteroffer chances for me{typeof a.counteroffers === "object" ? " (this round)" : ""}</label>
      <label class="answer-setting"><input type="checkbox" data-testid="answers-timed" checked={a.timedPass}
        onChange={(e) => session.answers({ timedPass: (e.currentTarget as HTMLInputElement).checked })} /> Pass or abstain for me on a counteroffer chance, an ability or a support I leave unanswered a few seconds (a countdown shows; I can take it back)</label>
      {a.generalDraws && (
        <label class="answer-setting"><input type="checkbox" data-testid="answers-general-draws" checked
          onChange={() => session.answers({ generalDraws: null })} /> Draw {a.generalDraws.join(" + ")} for me at every General draw (untick: ask me again)</label>
      )}
      {(model.me?.assets ?? []).map(({ id }) => {
        const own = a.byAbility[id];
        const asked = own === undefined ? a.abilities === "ask" : own === "ask";
        return (
          <label key={id} class="answer-setting"><input type="checkbox" data-testid={`answers-ask-${id}`} checked={asked}
            onChange={(e) => session.answers({ ability: { id, answer: (e.currentTarget as HTMLInputElement).checked ? "ask" : "pass" } })} /> Ask me when I can use {assetName(id)}{typeof own === "object" ? " (passed for this round)" : ""}</label>
        );
      })}
    </details>
  );
}

/**
 * The table's timed pass on the decision open now (standing-answers.ts): the seconds left, and a switch
 * to turn the timed passes off (the decision then waits for you, up to the table's own deadline).
 */
function PassCountdown({ at, session, verb = "passes" }: { at: number; session: TableSession; verb?: "passes" | "abstains" }) {
  return (
    <span class="pass-countdown muted" data-testid="pass-countdown" title={`Left unanswered, the table ${verb} for you; you can take it back`}>
      <Countdown deadline={at} testid="pass-countdown-left" words={(n) => `the table ${verb} for you in ${n} s`} done={`the table is ${verb === "passes" ? "passing" : "abstaining"} for you…`} />{" "}
      <button type="button" class="secondary" data-testid="pass-countdown-off" onClick={() => session.answers({ timedPass: false })}>Wait for me</button>
    </span>
  );
}

/** The options of one decision; `data-key` changes with them and with a step inside one (a counteroffer's discards). */
function ChoiceList({ moves, model, session, hand, onShowMap, fingerprint, countdown }: {
  moves: LegalCommand[]; model: TableSnapshot; session: TableSession; hand: WireCard[]; onShowMap?: () => void; fingerprint: string;
  /** The timed pass's countdown, beside the pass it would make. */
  countdown: ComponentChildren;
}) {
  const [step, setStep] = useState("");
  // on a phone the buttons under a card picker stay few lines, so the cards ticked stay in sight above them
  const narrow = useMedia(NARROW_QUERY);
  // Passing and abstaining sit beside the buttons of their decision, not on a line of their own.
  const has = (t: LegalCommand["type"]) => moves.some((m) => m.type === t);
  const passButton = has("pass") && (
    <>
      <button type="button" class="secondary" data-choice="pass" onClick={() => session.command({ type: "pass" })}>{narrow ? "Pass" : "Pass: make no counteroffer"}</button>
      <button type="button" class="secondary" data-testid="pass-counters-round" onClick={() => {
        session.answers({ counteroffers: "round" });
        session.command({ type: "pass" });
      }}>{narrow ? "Pass all this round" : "Pass, and for the rest of this round"}</button>
      {countdown}
    </>
  );
  const abstainButton = has("abstain") && (
    <>
      <button type="button" class="secondary" data-choice="abstain" onClick={() => session.command({ type: "abstain" })}>{narrow ? "Abstain" : "Abstain: support neither offer"}</button>
      {has("pass") ? null : countdown}
    </>
  );
  const inCounter = has("counteroffer");
  const inSupport = has("support");
  return (
    <div class="choices" data-testid="choices" data-key={hashOf(fingerprint + step)}>
      {moves.map((l, i) => {
        switch (l.type) {
          case "offer": return <OfferChoice key={i} legal={l} hand={hand} session={session} />;
          case "counteroffer": return <CounterChoice key={i} legal={l} hand={hand} session={session} onStep={setStep} alt={passButton} />;
          case "pass": return inCounter ? null : <span key={i}>{passButton}</span>;
          case "support": return <SupportChoice key={i} legal={l} hand={hand} session={session} model={model} alt={abstainButton} />;
          case "abstain": return inSupport ? null : <span key={i}>{abstainButton}</span>;
          case "choose": return <ChooseChoice key={i} legal={l} session={session} onShowMap={onShowMap} countdown={countdown} standing={answersOf(model).generalDraws} />;
          case "discard": return <DiscardChoice key={i} legal={l} hand={hand} session={session} />;
          case "investment": return <InvestmentChoice key={i} legal={l} session={session} />;
          default: return null;
        }
      })}
    </div>
  );
}

/** A short fingerprint of the options, so a test or a tool can tell when they change. */
function hashOf(text: string): string {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

function cardOf(hand: WireCard[], id: string): WireCard {
  return hand.find((c) => c.id === id) ?? { id, title: id, type: "" };
}

/** One button per distinct card (two copies: one button with ×2); it sends the first copy not excluded. */
function CardButtons({ ids, hand, verb, choice, disabled, exclude = [], onPick }: {
  ids: string[]; hand: WireCard[]; verb: string; choice: string; disabled?: boolean; exclude?: string[]; onPick(id: string): void;
}) {
  return (
    <>
      {groupByTitle(ids.map((id) => cardOf(hand, id))).map(({ first, all }) => {
        const usable = all.filter((c) => !exclude.includes(c.id));
        return (
          <button key={first.id} type="button" class="card-button" disabled={disabled || usable.length === 0} data-choice={choice}
            data-card={first.id} onClick={() => usable[0] && onPick(usable[0].id)}>
            <span class="verb">{verb}</span>
            <ActionCard card={first} count={all.length} />
          </button>
        );
      })}
    </>
  );
}

function EmergencyButton({ id, verb, disabled, onClick, choice }: { id: string; verb: string; disabled?: boolean; onClick(): void; choice: string }) {
  return (
    <button type="button" class="card-button" disabled={disabled} onClick={onClick} data-choice={choice} data-emergency={id}>
      <span class="verb">{verb}</span>
      <EmergencyCard id={id} />
    </button>
  );
}

function OfferChoice({ legal, hand, session }: { legal: Legal<"offer">; hand: WireCard[]; session: TableSession }) {
  return (
    <fieldset class="choice" data-testid="choice-offer">
      <legend>Propose your main offer: click the card you want played if it wins the deal</legend>
      <CardButtons ids={legal.cards} hand={hand} verb="Offer" choice="offer" onPick={(id) => session.command({ type: "offer", card: id })} />
      {legal.emergency.map((id) => (
        <EmergencyButton key={id} id={id} verb="Offer" choice="offer" onClick={() => session.command({ type: "offer", emergency: id })} />
      ))}
      {legal.cards.length + legal.emergency.length === 0 && <p class="muted">You have nothing to offer.</p>}
    </fieldset>
  );
}

/** A card (or emergency action) picked to counter with, waiting for its discards. */
type Counter = { card: string } | { emergency: string };

/**
 * With no cost, a click counters at once. With a cost, two short steps instead of the whole hand twice:
 * first the card to counter with, then the cards to discard for it (Back returns to the first step).
 */
function CounterChoice({ legal, hand, session, onStep, alt }: {
  legal: Legal<"counteroffer">; hand: WireCard[]; session: TableSession; onStep(step: string): void; alt: ComponentChildren;
}) {
  const [counter, setCounter] = useState<Counter | null>(null);
  const [discard, setDiscard] = useState<string[]>([]);
  const [suggested, setSuggested] = useState<string[]>([]);
  const narrow = useMedia(NARROW_QUERY);
  const cost = legal.discard.min;
  const free = legal.discard.max === 0;
  const paid = discard.length >= legal.discard.min && discard.length <= legal.discard.max;
  function pick(c: Counter) {
    if (free) return session.command({ type: "counteroffer", ...c, discard: [] });
    setCounter(c);
    // the payment comes ticked as a hand-limit discard's does (suggest-discard.ts): agreeing is one click
    const ticked = suggestDiscard(legal.discard.from.filter((id) => !("card" in c) || id !== c.card), hand, cost);
    setSuggested(ticked);
    setDiscard(ticked);
    onStep("card" in c ? c.card : c.emergency);
  }
  if (counter) {
    const title = "card" in counter ? cardOf(hand, counter.card).title : emergencyTitle(counter.emergency);
    const from = legal.discard.from.filter((id) => !("card" in counter) || id !== counter.card);
    return (
      <fieldset class="choice" data-testid="choice-counteroffer" data-step="discard">
        <legend>Counter with <strong>{title}</strong>: pick {plural(cost, "card")} to discard for it{sameSet(discard, suggested) && <span class="muted" data-testid="counter-suggested"> · ticked for you (a click on another card swaps it in)</span>}</legend>
        <CardPicker legend={`Discard ${cost === legal.discard.max ? cost : `${cost} to ${legal.discard.max}`}`} from={from} hand={hand}
          picked={discard} onChange={setDiscard} testid="pick-counter-discard" max={legal.discard.max} />
        <span class="prompt-buttons">
          <button type="button" disabled={!paid} data-choice="counteroffer" data-testid="counter-confirm"
            onClick={() => session.command({ type: "counteroffer", ...counter, discard })}>
            {/* a phone: the cards ticked are in sight above, the words short enough for one line */}
            {narrow ? `Counter, discard ${plural(discard.length, "card")}` : `Counter with ${title}, discard ${discardWords(discard, hand)}`}
          </button>
          <button type="button" class="secondary" data-testid="counter-back" onClick={() => { setCounter(null); onStep(""); }}>Back</button>
          {alt}
        </span>
      </fieldset>
    );
  }
  return (
    <fieldset class="choice" data-testid="choice-counteroffer">
      <legend>Propose a counteroffer against the main offer: click a card{cost > 0 ? `, then discard ${plural(cost, "card")} to pay for it` : ""}</legend>
      <CardButtons ids={legal.cards} hand={hand} verb="Counter with" choice="counteroffer" onPick={(id) => pick({ card: id })} />
      {legal.emergency.map((id) => (
        <EmergencyButton key={id} id={id} verb="Counter with" choice="counteroffer" onClick={() => pick({ emergency: id })} />
      ))}
      {legal.cards.length + legal.emergency.length === 0 && <p class="muted">You cannot pay for a counteroffer now.</p>}
      {alt && <span class="prompt-buttons">{alt}</span>}
    </fieldset>
  );
}

function SupportChoice({ legal, hand, session, model, alt }: { legal: Legal<"support">; hand: WireCard[]; session: TableSession; model: TableSnapshot; alt: ComponentChildren }) {
  const [cards, setCards] = useState<string[]>([]);
  const ok = cards.length >= legal.cards.min && cards.length <= legal.cards.max;
  // Each button names the card its offer would play and who made it (the deal panel shows the cards in full).
  // one card at once, the one you would part with first (suggest-discard.ts): one click, not a tick and a click
  const [spare] = legal.cards.min <= 1 ? suggestDiscard(legal.cards.from, hand, 1) : [];
  const offered = (offer: "main" | "counter") => (offer === "main" ? model.game?.deal?.main : model.game?.deal?.counters.at(-1)) ?? null;
  // on a phone the buttons are short, one line for the supports under the picker (their full words in
  // `title`), so the cards ticked stay in sight above them
  const narrow = useMedia(NARROW_QUERY);
  const offerWord = (offer: "main" | "counter") => (offer === "main" ? "main offer" : "counteroffer");
  const offerLabel = (offer: "main" | "counter") => {
    const o = offered(offer);
    const by = o ? seatOf(model, o.seat) : undefined;
    return `Support the ${offerWord(offer)}${o ? ` (${o.card.title}${by ? `, ${by.seat === model.mySeat ? "yours" : by.name}` : ""})` : ""} with ${plural(cards.length, "card")}`;
  };
  return (
    <fieldset class="choice" data-testid="choice-support">
      <legend>Support an offer: each card you play from your hand counts 1 (the cards are discarded)</legend>
      {spare && (
        <span class="support-one" data-testid="support-one">
          <span class="muted">{narrow ? "Support with " : "With "}<strong>{cardOf(hand, spare).title}</strong> alone, the card you would part with first:</span>
          {legal.offers.map((offer) => (
            <button key={offer} type="button" class="secondary" data-offer={offer} title={narrow ? `Support the ${offerWord(offer)} with ${cardOf(hand, spare).title}` : undefined}
              onClick={() => session.command({ type: "support", offer, cards: [spare] })}>
              {narrow ? (offer === "main" ? "Main offer" : "Counteroffer") : `Support the ${offerWord(offer)}`}
            </button>
          ))}
        </span>
      )}
      {legal.cards.from.length > 0 && (
        <CardPicker legend="Or pick the cards to play in support" from={legal.cards.from} hand={hand} picked={cards} onChange={setCards} testid="pick-support" />
      )}
      <span class="prompt-buttons">
        {narrow && <span class="muted" data-testid="support-with">Support with {plural(cards.length, "card")}:</span>}
        {legal.offers.map((offer) => (
          <button key={offer} type="button" disabled={!ok} data-choice="support" data-offer={offer} title={narrow ? offerLabel(offer) : undefined}
            onClick={() => session.command({ type: "support", offer, cards })}>
            {narrow ? (offer === "main" ? "Main offer" : "Counteroffer") : offerLabel(offer)}
          </button>
        ))}
        {alt}
      </span>
    </fieldset>
  );
}


function ChooseChoice({ legal, session, onShowMap, countdown, standing }: { legal: Legal<"choose">; session: TableSession; onShowMap?: () => void; countdown?: ComponentChildren; standing?: readonly string[] }) {
  const onMap = districtPicks(legal).size > 0;
  const progress = legal.progress ? ` (${legal.progress.at} of ${legal.progress.of})` : "";
  // "Use X now? / Pass": pass, and let the table pass on it for you for the rest of the round
  const use = legal.options.find((o) => o.intent?.act === "use");
  const ability = use && legal.options.length === 2 && legal.options.some((o) => o.intent?.act === "pass") ? use.intent?.card : undefined;
  // several picks of one step at once (General draws, a card's pick made several times, when their order
  // does not matter: pick-sets.ts): one button per set of options, when there are few sets (on a phone,
  // small ones, the options one at a time folded below them); otherwise, on a phone, options to tick, the
  // last tick sending them all
  const picks = pickable(legal);
  const all = allSets(legal);
  const narrow = useMedia(NARROW_QUERY);
  // a General draw: "the same every round" makes the picks a standing answer too (withdrawn in the
  // settings); asked while one stands, the box starts ticked and the picks join it (general-draws.ts)
  const [everyRound, setEveryRound] = useState(Boolean(standing?.length));
  const general = legal.prompt === GENERAL_DRAW_PROMPT;
  const choose = (command: Extract<Command, { type: "choose" }>) => {
    session.command(command);
    if (!general || !everyRound) return;
    session.answers({ generalDraws: standingDraws(standing, [command.option, ...(command.more ?? [])].map(String)) });
  };
  const sets = offeredSets(legal);
  const one = legal.options.map((o) => (
    <button key={String(o.value)} type="button" data-choice="choose" data-option={String(o.value)}
      onClick={() => choose({ type: "choose", option: o.value })}>{o.label}</button>
  ));
  return (
    <fieldset class="choice" data-testid="choice-choose" data-progress={legal.progress ? `${legal.progress.at}/${legal.progress.of}` : undefined}
      data-more={legal.more}>
      <legend>{legal.prompt}<span data-testid="choice-progress">{progress}</span>{onMap ? (onShowMap ? " (or tap the district on the map)" : " (or click the district on the map)") : ""}</legend>
      {onMap && onShowMap && <button type="button" class="secondary" data-testid="show-map" onClick={onShowMap}>Show the map</button>}
      {general && (
        <label class="answer-setting draw-every-round"><input type="checkbox" data-testid="draws-every-round" checked={everyRound}
          onChange={(e) => setEveryRound((e.currentTarget as HTMLInputElement).checked)} /> the same every round (the table draws them for me)</label>
      )}
      {sets.length > 0 && (
        <span class="draw-sets" data-testid="choose-several">
          {sets.map((set) => (
            <button key={set.map((o) => String(o.value)).join("+")} type="button" data-choice="choose-several"
              onClick={() => choose({ type: "choose", option: set[0]!.value, more: set.slice(1).map((o) => o.value) })}>
              {setLabel(set)}
            </button>
          ))}
          {!narrow && <span class="muted">or one at a time:</span>}
        </span>
      )}
      {sets.length > 0 && narrow
        ? <details class="draw-more" data-testid="one-at-a-time"><summary>Or one at a time…</summary><span class="draw-chips">{one}</span></details>
        : one}
      {all.length > 0 && sets.length === 0 && narrow && <DrawChips legal={legal} options={picks} session={session} />}
      {ability && (
        <span class="prompt-buttons answer-ahead">
          <button type="button" class="secondary" data-testid="pass-round" onClick={() => {
            session.answers({ ability: { id: ability, answer: "round" } });
            session.command({ type: "choose", option: legal.options.find((o) => o.intent?.act === "pass")!.value });
          }}>Pass, and don't ask again this round</button>
          <button type="button" class="secondary" data-testid="pass-always" onClick={() => {
            session.answers({ ability: { id: ability, answer: "pass" } });
            session.command({ type: "choose", option: legal.options.find((o) => o.intent?.act === "pass")!.value });
          }}>Always pass on {assetName(ability)}</button>
          {countdown}
        </span>
      )}
    </fieldset>
  );
}

/** Narrow screens: tick the step's options one by one; the last one sends them all in one command. */
function DrawChips({ legal, options, session }: { legal: Legal<"choose">; options: ChoiceOption[]; session: TableSession }) {
  const [picked, setPicked] = useState<(string | number)[]>([]);
  const need = (legal.more ?? 0) + 1;
  const draws = options.every((o) => o.intent?.type);
  const toggle = (value: string | number) => {
    const next = picked.includes(value) ? picked.filter((v) => v !== value) : [...picked, value];
    if (next.length === need) return session.command({ type: "choose", option: next[0]!, more: next.slice(1) });
    setPicked(next);
  };
  // folded to one line until asked for: on a phone the prompt must leave room for the screen below it
  return (
    <details class="draw-more" data-testid="draw-chips">
      <summary>{draws ? "Draw" : "Pick"} {need} at once…</summary>
      <span class="draw-chips">
      <span class="muted">Tick {need} ({picked.length} ticked): the last tick {draws ? "draws" : "picks"} them all</span>
      {options.map((o) => (
        <button key={String(o.value)} type="button" class="secondary" aria-pressed={picked.includes(o.value)} data-testid={`draw-chip-${String(o.value)}`}
          onClick={() => toggle(o.value)}>{picked.includes(o.value) ? "✓ " : ""}{String(o.intent?.type ?? o.label)}</button>
      ))}
      </span>
    </details>
  );
}

/** The cards to discard in words: their titles, up to three (on a phone the picker may be scrolled away); else how many. */
function discardWords(ids: string[], hand: WireCard[]): string {
  return ids.length > 0 && ids.length <= 3 ? ids.map((id) => cardOf(hand, id).title).join(", ") : plural(ids.length, "card");
}

/** Whether the cards ticked are the suggested ones (a suggestion of none is not shown as one). */
function sameSet(ticked: string[], suggested: string[]): boolean {
  return suggested.length > 0 && ticked.length === suggested.length && suggested.every((id) => ticked.includes(id));
}

/** A hand-limit discard: a suggestion comes ticked (suggest-discard.ts), so agreeing with it is one click. */
function DiscardChoice({ legal, hand, session }: { legal: Legal<"discard">; hand: WireCard[]; session: TableSession }) {
  const [suggested] = useState(() => suggestDiscard(legal.cards.from, hand, legal.cards.min));
  const [cards, setCards] = useState<string[]>(suggested);
  const ok = cards.length >= legal.cards.min && cards.length <= legal.cards.max;
  const asSuggested = sameSet(cards, suggested);
  return (
    <fieldset class="choice" data-testid="choice-discard" data-suggested={suggested.join(" ")}>
      <legend>{legal.prompt}{asSuggested && <span class="muted" data-testid="discard-suggested"> · ticked for you: extra copies first, then your most-held type (a click on another card swaps it in)</span>}</legend>
      <CardPicker legend={`Pick ${legal.cards.min === legal.cards.max ? legal.cards.min : `${legal.cards.min} to ${legal.cards.max}`}`}
        from={legal.cards.from} hand={hand} picked={cards} onChange={setCards} testid="pick-discard" max={legal.cards.max} />
      <span class="prompt-buttons">
        <button type="button" disabled={!ok} data-choice="discard" onClick={() => session.command({ type: "discard", cards })}>
          Discard {plural(cards.length, "card")}
        </button>
      </span>
    </fieldset>
  );
}

function InvestmentChoice({ legal, session }: { legal: Legal<"investment">; session: TableSession }) {
  return (
    <fieldset class="choice" data-testid="choice-investment">
      <legend>Keep one investment (click it): it pays at the next demand round; the other goes back on the deck</legend>
      {legal.options.map((o) => (
        <button key={String(o.value)} type="button" class="card-button" data-choice="investment" data-option={String(o.value)}
          onClick={() => session.command({ type: "investment", keep: String(o.value) })}>
          <span class="verb">Keep</span>
          <CardFace kind="investment" title={investmentName(String(o.value)) || o.label} text={investmentText(String(o.value))} />
        </button>
      ))}
    </fieldset>
  );
}
