// What a bot knows when it decides: its seat's view (public state and its own secrets), its legal
// commands and the private events it was shown. Nothing else reaches the bots: they never see the
// engine's state, so they cannot read another hand, rival or investment, or the order of a deck.
import { catalog } from "../../shared/catalog/index.ts";
import type { RivalId } from "../../shared/catalog/types.ts";
import type { LegalCommand } from "../../shared/protocol.ts";
import type { DistrictView, EffectView, GameEvent, GameView, PendingView, SeatView, Variant, TradeView } from "../../shared/view.ts";

export type District = DistrictView;

/** An offer on the table: who made it and which card (an action card instance or an emergency action id). */
export interface Offer {
  seat: number;
  card: string;
}

/** What a bot is given of its seat's view: all of it but the threat forecast, which no bot reads (engine.botViewFor). */
export type BotView = Omit<GameView, "forecast">;

/** A bot's picture of the game, read from one seat's view. */
export interface Table {
  /** The seat the bot plays. */
  me: number;
  players: number;
  round: number;
  /** The round track: "D" marks a demand round. */
  roundTrack: string[];
  threat: number;
  active: number;
  supply: GameView["supply"];
  demand: GameView["demand"];
  districts: District[];
  seats: SeatView[];
  /** My hand (card ids) and my rival: my own secrets. */
  hand: string[];
  rival: RivalId;
  deal: {
    asset: string | null;
    main: Offer | null;
    counters: Offer[];
    supports: { seat: number; offer: "main" | "counter"; count: number }[];
    supportQueue: number[];
  } | null;
  effect: EffectView | null;
  rules: Variant;
  trades: TradeView[];
  pending: PendingView | null;
  /** The category printed on the back of the next event card. */
  category: string | null;
  legal: LegalCommand[];
  /** The game has ended. */
  over: boolean;
  /** The events this seat was shown (public ones and its own private ones), oldest first. */
  events: GameEvent[];
  /** The view all this was read from (what card-value.ts imagines from; an imagined card's views carry no forecast). */
  view: BotView;
}

/** A bot's table from its seat's view, its legal commands and its events; null for a spectator's view. */
export function tableFrom(view: BotView, legal: LegalCommand[], events: GameEvent[] = []): Table | null {
  if (view.seat === null || !view.you) return null;
  return build(view, view.seat, view.you.hand.map((c) => c.id), view.you.rival, legal, events);
}

/**
 * The table as anyone sees it, read for seat `me` without its secrets (no hand; its own corp stands
 * in for its rival, so a reader must not read the rival): how a bot pictures another player's picks.
 */
export function publicTable(view: BotView, me: number): Table {
  return build(view, me, [], view.seats[me]!.corp, [], []);
}

function build(view: BotView, me: number, hand: string[], rival: RivalId, legal: LegalCommand[], events: GameEvent[]): Table {
  const deal = view.deal;
  return {
    me,
    players: view.players,
    round: view.round,
    roundTrack: view.roundTrack,
    threat: view.threat,
    active: view.active,
    supply: view.supply,
    demand: view.demand,
    districts: view.districts,
    seats: view.seats,
    hand,
    rival,
    deal: deal
      ? {
          asset: deal.asset?.id ?? null,
          main: deal.main ? { seat: deal.main.seat, card: deal.main.card.id } : null,
          counters: deal.counters.map((o) => ({ seat: o.seat, card: o.card.id })),
          // support added by an asset counts like any other
          supports: deal.supports.map((x) => ({ seat: x.seat, offer: x.offer, count: x.count })),
          supportQueue: view.supportQueue,
        }
      : null,
    effect: view.effect,
    rules: view.rules,
    trades: view.trades,
    pending: view.pending,
    category: view.decks.nextEventCategory,
    legal,
    over: view.result !== null,
    events,
    view,
  };
}

// Action card instances: a fixed numbering of the catalog's copies (the same as the engine's), so
// that a card id seen in a hand or an offer names its title.
const TITLE_OF_INSTANCE: string[] = [];
for (const def of catalog.actionCards) for (let i = 0; i < def.copies; i++) TITLE_OF_INSTANCE.push(def.id);
const emergencyIds = new Set(catalog.emergencyActions.map((e) => e.id));

export function isEmergency(id: string): boolean {
  return emergencyIds.has(id);
}

/** Every card id a bot can meet ("a12", or an emergency action's id) with its title id. */
const TITLE_OF = new Map<string, string>([...TITLE_OF_INSTANCE.map((title, i) => ["a" + i, title] as const), ...[...emergencyIds].map((id) => [id, id] as const)]);

/** The title id of an action card instance ("a12"), or the emergency action's own id. */
export function titleOf(card: string): string {
  const title = TITLE_OF.get(card);
  if (title === undefined) throw new Error("unknown action card " + card);
  return title;
}

/** The district with this number. */
export function districtAt(t: Table, id: number): District {
  return t.districts[id - 1]!;
}
