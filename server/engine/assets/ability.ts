// How an asset card is written (A8): its ability opens in one or more timing windows, costs nothing,
// exhausts it or discards it, and is either offered ("use it now?": use / pass) or simply happens.
// Once used, its steps run like an action card's (effects.ts): `do`, `pick` and `loop` steps.
//
//   defineAsset("fumiko-yamamori", {
//     when: [{ window: "end-of-turn", usable: ownTurn }],
//     steps: [{ pick: { prompt: "Lower a resource", options: ..., onPick: ... } }],
//   });
//
// The first steps of every asset ask "use it now?" (when optional), check that the owner still holds
// it (a trade may have taken it away meanwhile), pay the cost and log the use; the asset's own steps
// then run only if it was used.
import type { ActionType } from "../../../shared/catalog/types.ts";
import type { ChoiceOption } from "../../../shared/protocol.ts";
import type { Ctx } from "../ctx.ts";
import { log } from "../ctx.ts";
import { assetName, assetText, corpName, topType } from "../data.ts";
import { drawAndTell, drawableTypeOptions } from "../draw.ts";
import type { Step } from "../effects.ts";
import type { Ability, RulePart, WindowHook, WindowRule } from "../rulebook.ts";
import type { AssetHeld, EffectFrame, GameState } from "../state.ts";
import { without } from "../state.ts";
import type { AbilityCost, WindowName, WindowPayload } from "../windows.ts";
import { canUse } from "../windows.ts";

export interface AssetTiming {
  window: WindowName;
  /** Usable now by this owner (besides holding it, and being ready if it exhausts). Default: always. */
  usable?: (c: Ctx, owner: number, p: WindowPayload) => boolean;
  /** Asked as use / pass (default true); false = it happens, with its own picks. */
  optional?: boolean | ((c: Ctx) => boolean);
}

export interface AssetScript {
  when: AssetTiming[];
  cost?: AbilityCost;
  steps: Step[];
}

export const USE = "use";
export const PASS = "pass";

/** An asset's abilities and their steps, as a part of the rulebook (registry.ts lists every asset file's parts). */
export function defineAsset(id: string, def: AssetScript): RulePart {
  const cost = def.cost ?? "none";
  const abilities = def.when.map((t) => ({ window: t.window, asset: id, ability: { usable: t.usable ?? (() => true), optional: t.optional ?? true, cost } satisfies Ability }));
  const name = assetName(id);
  const stillUsable = (c: Ctx, f: EffectFrame): boolean => {
    const ability = abilities.find((a) => a.window === windowOf(f))?.ability;
    return !!ability && canUse(c, f.seat, id, ability, payloadOf(f));
  };
  const use = (c: Ctx, f: EffectFrame): void => {
    f.vars.used = true;
    const p = c.s.seats[f.seat]!;
    const i = p.assets.findIndex((a) => a.id === id);
    // play areas are replaced, never changed in place (state.ts)
    if (cost === "exhaust") {
      const assets = p.assets.slice();
      assets[i] = { ...assets[i]!, exhausted: true };
      p.assets = assets;
    }
    if (cost === "discard") {
      p.assets = without(p.assets, i);
      c.s.assetDiscard = [...c.s.assetDiscard, id];
    }
    const how = cost === "exhaust" ? " (exhausted)" : cost === "discard" ? " (discarded)" : "";
    log(c, "asset", `${corpName(c.s, f.seat)} uses ${name}${how}.`);
  };
  const offer: Step[] = [
    // an ability that simply happens (a must)
    { do: (c, f) => void (!f.vars.optional && stillUsable(c, f) && use(c, f)) },
    {
      pick: {
        prompt: `Use it now? ${assetText(id)}`,
        options: (c, f) =>
          f.vars.optional && stillUsable(c, f)
            ? [
                { value: USE, label: `Use ${name}`, intent: { act: "use", card: id } },
                { value: PASS, label: "Pass", intent: { act: "pass", card: id } },
              ]
            : [],
        // passing changes nothing: only its owner is told, to keep the public log short
        onPick: (c, f, v) => void (v === USE ? use(c, f) : log(c, "asset-private", `You do not use ${name}.`, [f.seat])),
      },
    },
  ];
  return { abilities, scripts: { [id]: { illnessFree: true, steps: [...offer, ...def.steps.map(onlyIfUsed)] } } };
}

/** An asset's automatic ability: nothing to decide, it happens at once for its owner (Coach Walden). */
export function automaticAbility(window: WindowName, id: string, hook: WindowHook): RulePart {
  return { automatic: [{ window, asset: id, hook }] };
}

/** A table-wide rule an asset leaves behind, run whenever the window opens (Jackson Howard's bets). */
export function windowRule(window: WindowName, rule: WindowRule): RulePart {
  return { rules: [{ window, rule }] };
}

/** A step that does nothing unless the asset was used. */
function onlyIfUsed(step: Step): Step {
  if ("do" in step) return { do: (c, f) => void (f.vars.used && step.do(c, f)) };
  if ("loop" in step) return { loop: { back: step.loop.back, while: (c, f) => !!f.vars.used && step.loop.while(c, f) } };
  const p = step.pick;
  return { pick: { ...p, options: (c, f) => (f.vars.used ? p.options(c, f) : []) } };
}

// ---- helpers for asset scripts ----

export function windowOf(f: EffectFrame): WindowName {
  return f.vars.window as WindowName;
}
export function payloadOf(f: EffectFrame): WindowPayload {
  return (f.vars.payload as WindowPayload | undefined) ?? {};
}

/** The End of Turn step of the owner's own turn (A8). */
export function ownTurn(c: Ctx, owner: number): boolean {
  return c.s.active === owner;
}

/** The claim window for this very asset, claimed by its owner ("when you claim this card"). */
export function claimedThis(id: string): (c: Ctx, owner: number, p: WindowPayload) => boolean {
  return (_c, owner, p) => p.asset === id && p.seat === owner;
}

export function heldAsset(s: GameState, seat: number, id: string): AssetHeld | undefined {
  for (const a of s.seats[seat]!.assets) if (a.id === id) return a;
  return undefined;
}

/** Moves an asset from one play area to another (its ready/exhausted state goes with it unless `state` says). */
export function moveAsset(s: GameState, from: number, to: number, id: string, state: "as-is" | "ready" | "exhausted" = "as-is"): void {
  // play areas are replaced, never changed in place (state.ts)
  const rest = s.seats[from]!.assets.slice();
  const taken = rest.splice(
    rest.findIndex((a) => a.id === id),
    1,
  )[0]!;
  s.seats[from]!.assets = rest;
  const held = state === "as-is" ? taken : { ...taken, exhausted: state === "exhausted" };
  s.seats[to]!.assets = [...s.seats[to]!.assets, held];
}

/** Every other seat, as options. */
export function otherPlayers(c: Ctx, owner: number, test: (seat: number) => boolean = () => true): ChoiceOption[] {
  const out: ChoiceOption[] = [];
  for (let i = 0; i < c.s.players; i++) if (i !== owner && test(i)) out.push({ value: i, label: corpName(c.s, i), intent: { act: "choose", seat: i } });
  return out;
}

/** The action types a seat may draw from now, as options (draw.ts drawableTypeOptions). */
export function typeOptions(s: GameState, label: (t: ActionType) => string): ChoiceOption[] {
  return drawableTypeOptions(s, label);
}

/**
 * "Draw N cards of the top type on your corp sheet" (Rachel Beckmann, Sunny LeBeau, Elizabeth
 * Mills): the steps draw at once, or, for a corp with no top type (Melange Mining), ask the drawer
 * for a type (variant noTopTypeDraws). `who` is the drawing seat.
 */
export function drawTopTypeSteps(n: number, who: (c: Ctx, f: EffectFrame) => number): Step[] {
  return [
    {
      do: (c, f) => {
        const seat = who(c, f);
        const t = topType(c.s, c.s.seats[seat]!.corp);
        if (t) drawAndTell(c, seat, t, n);
        else if (c.s.variant.noTopTypeDraws === "nothing") log(c, "draw", `${corpName(c.s, seat)} has no top type on its corp sheet and draws nothing.`);
        else f.vars.pickTopType = true;
      },
    },
    {
      pick: {
        who,
        prompt: `Your corp sheet has no top type: pick the type of the ${n} cards you draw`,
        options: (c, f) => (f.vars.pickTopType ? typeOptions(c.s, (t) => `Draw ${n} ${t}`) : []),
        onPick: (c, f, v) => {
          f.vars.pickTopType = false;
          drawAndTell(c, who(c, f), v as ActionType, n);
        },
      },
    },
  ];
}
