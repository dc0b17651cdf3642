// Helpers for the bot tests: a game at a chosen decision, with a chosen hand, rival and city.
import { catalog } from "../../shared/catalog/index.ts";
import type { Command } from "../../shared/protocol.ts";
import { botCommand } from "../../server/bots/index.ts";
import { tableFrom, type Table } from "../../server/bots/table.ts";
import { makeRandom, type Random } from "../../server/bots/random.ts";
import { FIRST_GAME_CORPS, apply, createGame, viewFor } from "../../server/engine/index.ts";
import type { GameState } from "../../server/engine/index.ts";
import type { DistrictState } from "../../server/engine/state.ts";

/** Instance ids "a0".."a99" in catalog order, with their title ids. */
const INSTANCES: { id: string; title: string; type: string }[] = [];
for (const c of catalog.actionCards) for (let i = 0; i < c.copies; i++) INSTANCES.push({ id: "a" + INSTANCES.length, title: c.id, type: c.type });

export function titleOf(instance: string): string {
  return INSTANCES.find((x) => x.id === instance)?.title ?? instance;
}

/** The bot's command for a seat, from what that seat may know (its view and legal commands). */
export function botOn(s: GameState, seat: number, random: Random): Command | null {
  const view = viewFor(s, seat);
  return botCommand(view, view.you?.legal ?? [], [], random);
}

/** A bot's table for a seat (what that seat may know). */
export function tableOf(s: GameState, seat: number): Table {
  const view = viewFor(s, seat);
  return tableFrom(view, view.you?.legal ?? [])!;
}

/** Applies a command that must be accepted. */
export function ok(s: GameState, seat: number, command: Command): GameState {
  const r = apply(s, seat, command);
  if (!r.ok) throw new Error(`rejected ${JSON.stringify(command)} by seat ${seat}: ${r.message}`);
  return r.state;
}

/** Lets the bots play from a new game until `until` holds. */
export function botsUntil(s: GameState, until: (s: GameState) => boolean, seed = 1): GameState {
  const random = makeRandom(seed);
  for (let i = 0; i < 2000 && !until(s); i++) {
    const seat = s.pending!.seat;
    s = ok(s, seat, botOn(s, seat, random)!);
  }
  if (!until(s)) throw new Error("botsUntil: never reached");
  return s;
}

/** The first main offer of a game (setup done). */
export function firstMainOffer(players: 4 | 5 | 6 = 4, seed = 1): GameState {
  return botsUntil(createGame({ players, seed, variant: FIRST_GAME_CORPS }), (s) => s.pending?.kind === "main-offer");
}

/** Replaces a seat's hand by copies of the given titles (the old hand goes to the discard piles). */
export function setHand(s: GameState, seat: number, titles: string[]): string[] {
  for (const id of s.seats[seat]!.hand) {
    const x = INSTANCES.find((i) => i.id === id)!;
    s.actionDiscards[x.type as keyof GameState["actionDiscards"]].push(id);
  }
  s.seats[seat]!.hand = [];
  const out: string[] = [];
  for (const title of titles) {
    const free = INSTANCES.find((x) => x.title === title && [...Object.values(s.actionDecks), ...Object.values(s.actionDiscards)].some((p) => p.includes(x.id)));
    if (!free) throw new Error("no free copy of " + title);
    for (const pile of [...Object.values(s.actionDecks), ...Object.values(s.actionDiscards)]) {
      const i = pile.indexOf(free.id);
      if (i >= 0) pile.splice(i, 1);
    }
    s.seats[seat]!.hand.push(free.id);
    out.push(free.id);
  }
  return out;
}

/** A quiet city: nothing but androids in the listed districts. */
export function quietCity(s: GameState, androids: number[] = [2, 4, 7]): void {
  for (const d of s.districts) {
    Object.assign(d, { condition: "none", illness: false, development: false, humanFirst: false, orgcrime: false, prisec: false, android: androids.includes(d.id) });
  }
}

export function setDistrict(s: GameState, id: number, patch: Partial<DistrictState>): void {
  Object.assign(s.districts[id - 1]!, patch);
}

export function seatOf(s: GameState, corp: string): number {
  return s.seats.findIndex((p) => p.corp === corp);
}

/** The bot's command for whoever owes the decision now. */
export function botFor(s: GameState, seed = 7): Command {
  const seat = s.pending!.seat;
  const c = botOn(s, seat, makeRandom(seed));
  if (!c) throw new Error("the bot sent nothing");
  return c;
}
