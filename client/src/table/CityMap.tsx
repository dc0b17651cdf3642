// The ten districts laid out along the next-district arrows, with everything on each of them.
import { useState } from "preact/hooks";
import { catalog } from "../../../shared/catalog/index.ts";
import type { DistrictDef } from "../../../shared/catalog/types.ts";
import type { ChoiceOption } from "../../../shared/protocol.ts";
import type { BoardFlag } from "../../../shared/wire/index.ts";
import type { DistrictBoard } from "../state.ts";
import { resourceLabel } from "../text.ts";
import { cityLayout } from "./city-layout.ts";
import { Icon } from "./Icons.tsx";
import { flashClass, useFlash } from "./awareness.ts";
import { NARROW_QUERY, useMedia } from "./PhoneTabs.tsx";

const LAYOUT = cityLayout(catalog.districts);
const DEFS = new Map(catalog.districts.map((d) => [d.id, d]));
// Box size in grid cells: the rest of each cell is room for the arrows.
const BOX_W = 0.9;
const BOX_H = 0.84;


/** The Root is only a label at the end of the arrows: it gets a shorter column than a district. */
const ROOT_SPAN = 0.6;

interface Box { x: number; y: number; w: number; h: number }

/** Districts you may pick now (district id → the choice's value), and what picking sends. */
export interface MapPicks { options: Map<number, ChoiceOption["value"]>; pick(value: ChoiceOption["value"]): void }

export function CityMap({ districts, picks }: { districts: DistrictBoard[]; picks?: MapPicks }) {
  const narrow = useMedia(NARROW_QUERY);
  const byId = new Map(districts.map((d) => [d.id, d]));
  // A tap (or click) on a district explains what stands there, under the map: a phone has no hover.
  const [explained, setExplained] = useState<number | null>(null);
  // The city flows left to right (wide) or top to bottom (narrow); `along` is the flow axis.
  const alongLength = LAYOUT.cols - 1 + ROOT_SPAN;
  const w = narrow ? LAYOUT.rows : alongLength;
  const h = narrow ? alongLength : LAYOUT.rows;
  // A cell's size in SVG units, chosen so the district text fits.
  const cw = narrow ? 130 : 125;
  const ch = narrow ? 130 : 122;
  const box = (id: number | "root"): Box => {
    const p = LAYOUT.places.find((q) => q.id === id)!;
    const root = id === "root";
    const along = root ? LAYOUT.cols - 1 + ROOT_SPAN / 2 : p.col + 0.5;
    const across = p.row + 0.5;
    const alongSize = root ? ROOT_SPAN * 0.85 : narrow ? BOX_H : BOX_W;
    const acrossSize = narrow ? BOX_W : BOX_H;
    return narrow
      ? { x: across, y: along, w: acrossSize, h: alongSize }
      : { x: along, y: across, w: alongSize, h: acrossSize };
  };

  return (
    <>
    <div class={`city ${narrow ? "narrow" : "wide"}`} data-testid="city" style={{ aspectRatio: `${w * cw} / ${h * ch}` }}>
      <svg class="arrows" viewBox={`0 0 ${w * cw} ${h * ch}`} aria-hidden="true">
        <defs>
          <marker id="arrowhead" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse">
            <path d="M0,0 L10,5 L0,10 z" fill="currentColor" />
          </marker>
        </defs>
        {LAYOUT.arrows.map((a) => {
          const from = box(a.from);
          const to = box(a.to);
          // From the downstream side of one box to the upstream side of the next.
          const x1 = (narrow ? from.x : from.x + from.w / 2) * cw;
          const y1 = (narrow ? from.y + from.h / 2 : from.y) * ch;
          const x2 = (narrow ? to.x : to.x - to.w / 2) * cw;
          const y2 = (narrow ? to.y - to.h / 2 : to.y) * ch;
          return <line key={`${a.from}-${a.to}`} x1={x1} y1={y1} x2={x2} y2={y2} marker-end="url(#arrowhead)" />;
        })}
      </svg>
      <ol class="districts">
        {LAYOUT.places.map((p) => {
          const b = box(p.id);
          const style = {
            left: `${((b.x - b.w / 2) / w) * 100}%`,
            top: `${((b.y - b.h / 2) / h) * 100}%`,
            width: `${(b.w / w) * 100}%`,
            minHeight: `${(b.h / h) * 100}%`,
          };
          if (p.id === "root") {
            return (
              <li key="root" class="district root" style={style} title="A unit or token that moves in here returns to the reserve, and threat rises by 2">
                <span class="name">The Root</span><span class="muted">+2 threat</span>
              </li>
            );
          }
          const value = picks?.options.get(p.id as number);
          return <District key={p.id} def={DEFS.get(p.id)!} d={byId.get(p.id)} style={style}
            onPick={value === undefined ? undefined : () => picks!.pick(value)}
            explained={explained === p.id} onExplain={() => setExplained(explained === p.id ? null : (p.id as number))} />;
        })}
      </ol>
    </div>
      {explained !== null && DEFS.get(explained) && (
        <div class="district-note" role="status" data-testid="district-note">
          <strong>{DEFS.get(explained)!.name} ({explained})</strong>{" "}
          <button type="button" class="link" onClick={() => setExplained(null)}>Close</button>
          <ul>{explainDistrict(DEFS.get(explained)!, byId.get(explained)).map((l, i) => <li key={i}>{l}</li>)}</ul>
        </div>
      )}
    </>
  );
}

/** Each board flag's words, in the order a district lists them. */
const TOKEN_WORDS: Record<BoardFlag, string> = {
  android: "Android: this district is exploited in Production",
  development: "Development: +1 primary resource",
  illness: "Illness: +2 threat when an action involves this district",
  humanFirst: "Human First unit: unrest rises two stages in Production",
  orgcrime: "Orgcrime unit: no primary resource",
  prisec: "Prisec unit",
};
const TOKENS = Object.entries(TOKEN_WORDS) as [BoardFlag, string][];

const CONDITIONS: Record<string, string> = {
  protest: "Protest: the first stage of unrest",
  strike: "Strike: the second stage of unrest; the district produces nothing",
  outage: "Outage: the district produces nothing",
};

/** What stands in a district, in words: what a tap on it shows under the map. */
export function explainDistrict(def: DistrictDef, d: DistrictBoard | undefined): string[] {
  const produce = `${def.production.primary} ${resourceLabel(def.primary)}` + (def.secondary ? `, ${def.production.secondary} ${resourceLabel(def.secondary)}` : "");
  const out = [`Tier ${def.tier}; an android here produces ${produce}.`];
  if (d?.condition && d.condition !== "none") out.push(CONDITIONS[d.condition] ?? d.condition);
  for (const [k, long] of TOKENS) if (d?.[k]) out.push(long);
  if (out.length === 1) out.push("Nothing else stands here.");
  return out;
}

function District({ def, d, style, onPick, explained, onExplain }: {
  def: DistrictDef; d: DistrictBoard | undefined; style: Record<string, string>; onPick?: () => void;
  explained?: boolean; onExplain?: () => void;
}) {
  const tokens = TOKENS.filter(([k]) => d?.[k]);
  const condition = d?.condition && d.condition !== "none" ? d.condition : null;
  const produce = `${def.production.primary} ${resourceLabel(def.primary)}` + (def.secondary ? `, ${def.production.secondary} ${resourceLabel(def.secondary)}` : "");
  const flash = useFlash(d ?? null);
  const body = (
    <>
      <span class="name">{def.name}</span>
      <span class="res" title={`Produces ${produce}`}>
        <span class="num">{def.id}</span>
        <span class="tier" title={`Tier ${def.tier}`}><span aria-hidden="true">{"▮".repeat(def.tier)}</span><span class="sr-only">, tier {def.tier}, produces</span></span>
        <span class={`r ${def.primary}`}><Icon name={def.primary} />{def.production.primary}<span class="sr-only"> {resourceLabel(def.primary)}</span></span>
        {def.secondary && <span class={`r ${def.secondary} second`}><Icon name={def.secondary} />{def.production.secondary}<span class="sr-only"> {resourceLabel(def.secondary)}</span></span>}
      </span>
      <span class="tokens">
        {condition && <span class={`tok cond ${condition}`} title={CONDITIONS[condition] ?? condition}><Icon name={condition} /><span class="sr-only">{condition}</span></span>}
        {tokens.map(([kind, long]) => <span key={kind} class={`tok ${kind}`} title={long}><Icon name={kind} /><span class="sr-only">{long}</span></span>)}
      </span>
    </>
  );
  return (
    <li class={`district tier-${def.tier}${condition ? " " + condition : ""}${onPick ? " pickable" : ""}${explained ? " explained" : ""}${flashClass(flash)}`} style={style}
      data-testid={`district-${def.id}`} data-condition={d?.condition ?? "none"} onClick={onPick ? undefined : onExplain}>
      {onPick ? <button type="button" class="pick" onClick={onPick} data-testid={`pick-district-${def.id}`}><span class="sr-only">Pick </span>{body}</button> : body}
    </li>
  );
}

/** What the map's colours and icons mean, with the reserve's counts. */
export function MapLegend({ reserve }: { reserve?: Record<string, number> }) {
  const item = (icon: string, text: string, k?: string) => (
    <li key={icon}><span class={`tok ${icon}`}><Icon name={icon} /></span> {text}{k && reserve?.[k] !== undefined ? <span class="muted"> ({reserve[k]} in reserve)</span> : null}</li>
  );
  return (
    <details class="legend" data-testid="legend">
      <summary>Map legend</summary>
      <ul>
        <li><span class="swatch tier-1" /> tier 1 <span class="swatch tier-2" /> tier 2 <span class="swatch tier-3" /> tier 3 (▮ marks)</li>
        <li>{(["energy", "consumables", "tech", "entertainment", "credits"] as const).map((r) => <span key={r} class={`r ${r}`}><Icon name={r} /> {resourceLabel(r)} </span>)}</li>
        {item("protest", "protest: first unrest stage")}
        {item("strike", "strike: second stage, produces nothing")}
        {item("outage", "outage: produces nothing", "outage")}
        {item("illness", "illness: +2 threat when involved", "illness")}
        {item("humanFirst", "Human First unit", "humanFirst")}
        {item("orgcrime", "orgcrime unit: no primary", "orgcrime")}
        {item("prisec", "prisec unit", "prisec")}
        {item("development", "development: +1 primary", "development")}
        {item("android", "android: exploited in Production")}
        <li>Arrows: where units and tokens move next; into The Root: +2 threat.</li>
      </ul>
    </details>
  );
}
