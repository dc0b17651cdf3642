// The guide's texts: what the table says to a newcomer at each new kind of moment of a first game, in
// our own words and a few sentences each. One text for every kind of decision the engine can ask a
// seat for (Pending["kind"] in server/engine/state.ts; tests/guide/texts.test.ts checks the list), one
// for a trade offered to you, and one for each new kind of moment at the table. `target` names the
// part of the screen the text is about (the client points at it). docs/guide.md describes them.

import type { LegalCommand } from "../protocol.ts";

/** Every kind of decision the engine can ask a seat for (the engine's pending decision kinds). */
export const DECISION_KINDS = ["main-offer", "counteroffer", "support", "general-draw", "effect", "hand-limit", "investment"] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

/** New kinds of moments at the table, in the order a first game meets them. */
export const MOMENT_KINDS = ["start", "asset-reveal", "main-offer", "counteroffer", "support", "emergency-action", "production", "event", "demand-round", "trade", "end"] as const;
export type MomentKind = (typeof MOMENT_KINDS)[number];

/** A guide moment's key: a moment ("moment:event") or a decision you owe ("decision:support"). */
export type GuideKey = `moment:${MomentKind}` | `decision:${DecisionKind}`;

/** The part of the screen a text is about. */
export type GuideTarget = "city" | "tracks" | "supply" | "deal" | "choices" | "hand" | "corps" | "log" | "trades";

export interface GuideText {
  title: string;
  /** A few sentences: what is happening, what you can do now, what each choice does. */
  body: string[];
  target: GuideTarget;
}

export const MOMENT_TEXTS: Record<MomentKind, GuideText> = {
  start: {
    title: "Welcome to New Angeles",
    body: [
      "You run one corporation in a city on the edge. If threat reaches 25 the city falls and everyone loses (except, perhaps, the Federalist). Each of you also has a secret rival card: to win, end with more capital than the corporation it names. Read yours beside your corporation, as some say otherwise (the Federalist wins only if the city falls).",
      "Each turn one player makes a deal: they offer an action card, others may counter, and the table backs one offer with cards from their hands. Play well with others, but watch your rival.",
      "The city map shows where problems stand; above it are the round and the threat, and under it the supply the city has made and the demand it must reach at the next demand round.",
    ],
    target: "city",
  },
  "asset-reveal": {
    title: "An asset goes to the deal",
    body: [
      "Each deal starts by turning up an asset from the turn track. Whoever wins the deal takes it: assets give you an ability or capital for the rest of the game.",
      "The asset is one more reason to win a deal, or to back the player who will use it least against you.",
    ],
    target: "deal",
  },
  "main-offer": {
    title: "The main offer",
    body: [
      "The active player has put an action card on the table as the main offer. If it wins, its owner resolves it and takes the asset; if nobody counters it, it wins at once, with no support step.",
      "Read what the card does to the city and who it pays: corporations earn capital when a card does what their contract rewards.",
    ],
    target: "deal",
  },
  counteroffer: {
    title: "A counteroffer",
    body: [
      "Another player has offered a different card against the main offer. Now the table must choose between two offers.",
      "Each further counteroffer costs its maker more cards, so a counteroffer shows how much a player wants the other card not to happen.",
    ],
    target: "deal",
  },
  support: {
    title: "Support: the table decides",
    body: [
      "Now each player with no offer in the deal, in turn from the active player's left, may back one offer with cards from their hand, facedown, or abstain. The offer with more support wins (a tie goes to the main offer); the support cards are discarded.",
      "Support costs you cards, so give it where the difference matters to you. Players may also sell their support for capital in a binding trade.",
    ],
    target: "deal",
  },
  "emergency-action": {
    title: "An emergency action",
    body: [
      "A player has offered an emergency action instead of a card. Each corporation has one, beside its hand (it is no card of the hand). It is strong: if its offer loses, it goes back to its owner to be used again, but once its offer wins it is spent (facedown).",
      "Keep yours for the moment the city needs it most, or for a deal you cannot afford to lose.",
    ],
    target: "deal",
  },
  production: {
    title: "Production",
    body: [
      "At the end of an Action Phase each district with an android produces its resources into the supply, unless a strike or an outage stops it; orgcrime there keeps its main resource from the supply. Then the unrest of each of those districts rises a stage (two with a Human First unit there), produced or not: none to protest, protest to strike.",
      "The supply is what the city will be measured against at the next demand round: watch the supply and demand under the map.",
    ],
    target: "supply",
  },
  event: {
    title: "An event",
    body: [
      "An event card hits the city: problems spread, move towards The Root or flare up, and threat may rise. The back of the next event card shows its category, so you can prepare: open the threat in the top bar to see it, and how much threat it may add.",
      "Threat rises when problems reach The Root and when demands go unmet. At 25 threat everyone loses (except, perhaps, the Federalist).",
    ],
    target: "city",
  },
  "demand-round": {
    title: "A demand round",
    body: [
      "In a demand round the city checks its supply against the demand. If the supply falls short, threat rises by the demand's penalty.",
      "Investments pay out now, the supply is spent and a new demand is revealed. The game ends after the third demand round.",
    ],
    target: "supply",
  },
  trade: {
    title: "A trade is offered",
    body: [
      "A player offers you a trade: capital, assets or support, binding once accepted. Trades may come at any time.",
      "Accept when it helps you more than it helps your rival; decline otherwise. You can also propose trades yourself.",
    ],
    target: "trades",
  },
  end: {
    title: "The game is over",
    body: [
      "If threat reached 25, the city fell and only a Federalist with enough capital can win. Otherwise each player wins who has more capital than their rival.",
      "The results show every rival and why each player won or lost; the log tells how it came to this. Next time, play without the guide and ask for a hint when you need one.",
    ],
    target: "log",
  },
};

export const DECISION_TEXTS: Record<DecisionKind, GuideText> = {
  "main-offer": {
    title: "Your turn: make the main offer",
    body: [
      "Pick an action card from your hand (or a faceup emergency action) to offer. If it wins, you resolve it and take the asset; if nobody counters it, it wins at once.",
      "A good offer helps you and the city and does not help your rival much: others will back it only if it suits them too.",
    ],
    target: "choices",
  },
  counteroffer: {
    title: "Counteroffer or pass",
    body: [
      "You may offer one of your cards against the offer in play, paying the cards shown, or pass.",
      "Counter when the offer would hurt you (or help your rival) and you have a card the table may prefer. Passing costs nothing.",
    ],
    target: "choices",
  },
  support: {
    title: "Back an offer, or abstain",
    body: [
      "Choose an offer and the cards you give it, facedown; or abstain and keep your hand.",
      "Each card counts 1 support; the offer with more support wins, and a tie goes to the main offer. Every card you give is gone, so back the offer that is better for you than the other one.",
    ],
    target: "choices",
  },
  "general-draw": {
    title: "Draw your cards",
    body: [
      "Your corporation draws a card of each type shown on its sheet; for a General slot you pick the type.",
      "Pick the type whose cards you would like to offer next: cards that pay your contract, or that fix what worries you in the city.",
    ],
    target: "choices",
  },
  effect: {
    title: "Resolve the card",
    body: [
      "A card or an asset is being resolved, and it asks you to choose: a district, a player, a type or an amount.",
      "Each option says what it does. Removing problems lowers threat later; placing androids brings production.",
    ],
    target: "choices",
  },
  "hand-limit": {
    title: "Too many cards",
    body: [
      "At the end of your turn you may hold no more cards than your hand size. Discard down to it: the cards ticked in the top bar are a suggestion, and a click on another card swaps it in.",
      "Keep the cards you would like to offer, and the ones that pay your contract; let go of the rest.",
    ],
    target: "choices",
  },
  investment: {
    title: "Keep an investment",
    body: [
      "An investment is a secret card that pays capital at each demand round if the city looks the way it asks.",
      "Keep the one the city is most likely to match: look at the map and the supply.",
    ],
    target: "choices",
  },
};

/** The text for a guide key. */
export function guideText(key: GuideKey): GuideText {
  const [kind, name] = key.split(":") as ["moment" | "decision", string];
  return kind === "moment" ? MOMENT_TEXTS[name as MomentKind] : DECISION_TEXTS[name as DecisionKind];
}

/** Every guide key there is. */
export const GUIDE_KEYS: GuideKey[] = [...MOMENT_KINDS.map((k) => `moment:${k}` as const), ...DECISION_KINDS.map((k) => `decision:${k}` as const)];

export function isGuideKey(x: string): x is GuideKey {
  return (GUIDE_KEYS as string[]).includes(x);
}

/** The guide text for each command a seat may be offered (the decision it answers, or a trade). */
export const COMMAND_GUIDE: Record<LegalCommand["type"], GuideKey> = {
  offer: "decision:main-offer",
  counteroffer: "decision:counteroffer",
  pass: "decision:counteroffer",
  support: "decision:support",
  abstain: "decision:support",
  choose: "decision:effect",
  discard: "decision:hand-limit",
  investment: "decision:investment",
  "trade-propose": "moment:trade",
  "trade-accept": "moment:trade",
  "trade-decline": "moment:trade",
  "trade-cancel": "moment:trade",
};
