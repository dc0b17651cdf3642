// The game's rule options as every player sees them: each option's default (its best-evidenced
// reading) and its documentation, for the engine, the README and the lobby's create form. Every rule
// we could not read in official text is a named option; docs/rules.md gives each option's evidence;
// tests/engine/variant.test.ts checks that the README table and docs/rules.md cover every option here.
import type { Variant } from "./view.ts";

export const DEFAULT_VARIANT: Variant = {
  counterofferCost: "cards-in-box",
  supportEligibility: "non-offerers",
  supportOrder: "left-of-active",
  tieWinner: "main",
  noMainOffer: "empty-main",
  noCounterofferSkipsSupport: true,
  activePlayerMayCounter: false,
  prisecBlocksEnemyUnits: true,
  supplyMax: 10,
  startingCapital: [10, 11, 12, 13, 14, 15],
  startingCapitalBy: "seat",
  setupInvestments: "draw-2-keep-1",
  corpOrder: ["jinteki", "haas-bioroid", "nbn", "weyland", "globalsec", "melange"],
  corpAssignment: "random",
  startingHand: [1, 1, 1, 1, 1, 1],
  districtOverrides: {},
  citySetup: null,
  corpDraws: {},
  eventTurns: {},
  contractScope: "any-card",
  haasBioroidContract: "per-card",
  melangeContract: "event-card",
  coveredCounteroffers: "discard",
  stolenEmergencyOwner: "original",
  reshuffleEmptyDecks: true,
  resolvedEvents: "bottom",
  exploitationOrder: "ascending",
  tokenPools: { illness: 10, outage: 10, development: 10 },
  federalistWinsNormally: false,
  oneShotAssets: "on-claim",
  naokoClaimTriggers: true,
  braintrustDoublesGeneral: true,
  stolenAssetState: "as-is",
  noTopTypeDraws: "chosen-type",
};

export interface VariantDoc {
  key: keyof Variant;
  default: unknown;
  tag: "[V]" | "[V-fan]" | "[R]" | "[?]";
  doc: string;
  /** The allowed values of an enumerated option. */
  choices?: string[];
}

/** One line per option, for the README and the lobby. */
export const VARIANT_DOCS: VariantDoc[] = [
  { key: "counterofferCost", default: "cards-in-box", tag: "[R]", doc: "Discard k action cards to counter when k counteroffers are already in the box (\"free\": no cost).", choices: ["cards-in-box", "free"] },
  { key: "supportEligibility", default: "non-offerers", tag: "[V-fan]", doc: "Only players with no offer in contention may support (\"everyone\": offerers too).", choices: ["non-offerers", "everyone"] },
  { key: "supportOrder", default: "left-of-active", tag: "[R]", doc: "Support goes clockwise from the active player's left (\"active-first\": from the active player; this matters only when offerers may support).", choices: ["left-of-active", "active-first"] },
  { key: "tieWinner", default: "main", tag: "[R]", doc: "A tie in support goes to the main offer (or \"counter\").", choices: ["main", "counter"] },
  { key: "noMainOffer", default: "empty-main", tag: "[R]", doc: "An active player who cannot offer leaves the main offer empty: any counteroffer wins, else the asset is discarded (\"discard-asset\": skip the deal).", choices: ["empty-main", "discard-asset"] },
  { key: "noCounterofferSkipsSupport", default: true, tag: "[R]", doc: "With no counteroffer the main offer wins at once and Support is skipped." },
  { key: "activePlayerMayCounter", default: false, tag: "[R]", doc: "The active player may also propose a counteroffer." },
  { key: "prisecBlocksEnemyUnits", default: true, tag: "[R]", doc: "Enemy units cannot be placed in or stop in a district with prisec; they move on." },
  { key: "supplyMax", default: 10, tag: "[?]", doc: "Top of each resource supply track; supply is clamped there." },
  { key: "startingCapital", default: [10, 11, 12, 13, 14, 15], tag: "[R]", doc: "The six starting capital values, handed out as startingCapitalBy says (10, 11, 12 are [V-fan]; 13, 14, 15 extrapolated)." },
  { key: "startingCapitalBy", default: "seat", tag: "[R]", doc: "Starting capital goes by seat, clockwise from the first player, whatever corporation sits there (\"corporation\": by the corporation's place in corpOrder; the same in the first game).", choices: ["seat", "corporation"] },
  { key: "setupInvestments", default: "draw-2-keep-1", tag: "[V-fan]", doc: "At setup each player draws 2 investments and keeps 1 (\"draw-1\": first-game setup).", choices: ["draw-2-keep-1", "draw-1"] },
  { key: "corpOrder", default: DEFAULT_VARIANT.corpOrder, tag: "[R]", doc: "Corporation Setup order, clockwise from the first player (Jinteki first is verified)." },
  { key: "corpAssignment", default: "random", tag: "[R]", doc: "With N players, N of the six corporations are dealt at random (\"order\": the first N of corpOrder clockwise from the first player, the first-game setup or the host's pick).", choices: ["random", "order"] },
  { key: "startingHand", default: DEFAULT_VARIANT.startingHand, tag: "[R]", doc: "Corp-sheet draws each seat makes for its starting hand, by seat clockwise from the first player (one draw is 3 cards)." },
  { key: "districtOverrides", default: {}, tag: "[R]", doc: "Replace any district's tier, resources, production or next district." },
  { key: "citySetup", default: null, tag: "[?]", doc: "Replace the first-game City Setup (null: the catalog's reconstruction)." },
  { key: "corpDraws", default: {}, tag: "[?]", doc: "Replace any corp sheet's draw box (4-player and 5-6-player sides)." },
  { key: "eventTurns", default: {}, tag: "[R]", doc: "Replace an event's number of turns for the next Action Phase, by event id." },
  { key: "contractScope", default: "any-card", tag: "[R]", doc: "The five effect contracts (all but Melange Mining's, see melangeContract) pay for effects of any resolved card (\"own-card\": only cards that corp resolves).", choices: ["any-card", "own-card"] },
  { key: "haasBioroidContract", default: "per-card", tag: "[R]", doc: "Haas-Bioroid gains 2 once per card that moves androids (\"per-android-moved\": 2 per android moved).", choices: ["per-card", "per-android-moved"] },
  { key: "melangeContract", default: "event-card", tag: "[V-fan]", doc: "Melange Mining gains 3 when an event card is completely resolved and threat did not rise by 2 or more during it (\"any-card\": after any action card anyone resolves; \"own-card\": only its own; \"off\": no contract).", choices: ["event-card", "any-card", "own-card", "off"] },
  { key: "coveredCounteroffers", default: "discard", tag: "[R]", doc: "Counteroffers covered by a later one are discarded at the end of the deal (\"return\": back to their owner's hand); emergency actions go back faceup either way.", choices: ["discard", "return"] },
  { key: "stolenEmergencyOwner", default: "original", tag: "[V]", doc: "A proposed emergency action goes back to the player with the matching corporation, so a stolen one returns to its corporation after use (\"thief\": to the player who proposed it).", choices: ["original", "thief"] },
  { key: "reshuffleEmptyDecks", default: true, tag: "[R]", doc: "An empty action deck is rebuilt from its shuffled discard pile." },
  { key: "resolvedEvents", default: "bottom", tag: "[R]", doc: "A resolved event goes to the bottom of the event deck (\"discard\": out of the game).", choices: ["bottom", "discard"] },
  { key: "exploitationOrder", default: "ascending", tag: "[R]", doc: "Android districts are exploited in ascending district order.", choices: ["ascending", "descending"] },
  { key: "tokenPools", default: DEFAULT_VARIANT.tokenPools, tag: "[?]", doc: "How many illness, outage and development tokens exist." },
  { key: "federalistWinsNormally", default: false, tag: "[V-fan]", doc: "The Federalist cannot win at a normal game end (true: it wins with at least 25 capital, as at threat 25)." },
  { key: "oneShotAssets", default: "on-claim", tag: "[R]", doc: "Claim-and-discard assets (Bryan Stinson, Gurren Imaishi, Hernando Cortez, Naoko Watanabe, Toshiyuki Sakai) resolve when claimed, then are discarded (\"keep-until-used\": use one when claimed or at a later End of Turn of yours).", choices: ["on-claim", "keep-until-used"] },
  { key: "naokoClaimTriggers", default: true, tag: "[R]", doc: "Assets claimed through Naoko Watanabe trigger their own \"when you claim this card\" abilities." },
  { key: "braintrustDoublesGeneral", default: true, tag: "[R]", doc: "Braintrust doubles the General draws too (each one a type not yet drawn in that step)." },
  { key: "stolenAssetState", default: "as-is", tag: "[R]", doc: "An asset stolen with Hernando Cortez keeps its ready/exhausted state (\"ready\", \"exhausted\": it arrives so).", choices: ["as-is", "ready", "exhausted"] },
  { key: "noTopTypeDraws", default: "chosen-type", tag: "[R]", doc: "A draw of \"the top type on your corp sheet\" for a corp without one (Melange Mining) is of a type the drawer picks (\"nothing\": no draw).", choices: ["chosen-type", "nothing"] },
];
