// The ten districts laid out along the next-district arrows, with everything on each of them.
import { useEffect, useState } from "preact/hooks";
import { catalog } from "../../../shared/catalog/index.ts";
import type { DistrictDef } from "../../../shared/catalog/types.ts";
import type { DistrictSnap } from "../state.ts";
import { resourceLabel, resourceShort } from "../text.ts";
import { cityLayout } from "./city-layout.ts";

const LAYOUT = cityLayout(catalog.districts);
const DEFS = new Map(catalog.districts.map((d) => [d.id, d]));
// Box size in grid cells: the rest of each cell is room for the arrows.
const BOX_W = 0.8;
const BOX_H = 0.84;

/** On narrow screens the city flows top to bottom instead of left to right. */
function useNarrow(): boolean {
  const query = "(max-width: 700px)";
  const [narrow, setNarrow] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const m = window.matchMedia(query);
    const on = () => setNarrow(m.matches);
    m.addEventListener("change", on);
    return () => m.removeEventListener("change", on);
  }, []);
  return narrow;
}

/** The Root is only a label at the end of the arrows: it gets a shorter column than a district. */
const ROOT_SPAN = 0.6;

interface Box { x: number; y: number; w: number; h: number }

export function CityMap({ districts }: { districts: DistrictSnap[] }) {
  const narrow = useNarrow();
  const byId = new Map(districts.map((d) => [d.id, d]));
  // The city flows left to right (wide) or top to bottom (narrow); `along` is the flow axis.
  const alongLength = LAYOUT.cols - 1 + ROOT_SPAN;
  const w = narrow ? LAYOUT.rows : alongLength;
  const h = narrow ? alongLength : LAYOUT.rows;
  // A cell's size in SVG units, chosen so the district text fits.
  const cw = narrow ? 130 : 125;
  const ch = narrow ? 130 : 130;
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
          return <District key={p.id} def={DEFS.get(p.id)!} d={byId.get(p.id)} style={style} />;
        })}
      </ol>
    </div>
  );
}

function District({ def, d, style }: { def: DistrictDef; d: DistrictSnap | undefined; style: Record<string, string> }) {
  const tokens: [string, string, string][] = [];
  if (d?.android) tokens.push(["android", "Android", "Android: exploited in Production"]);
  if (d?.development) tokens.push(["development", "Dev", "Development: +1 primary resource"]);
  if (d?.illness) tokens.push(["illness", "Illness", "Illness: +2 threat when an action involves it"]);
  if (d?.humanFirst) tokens.push(["humanFirst", "HF", "Human First unit"]);
  if (d?.orgcrime) tokens.push(["orgcrime", "Orgcrime", "Orgcrime unit: no primary resource"]);
  if (d?.prisec) tokens.push(["prisec", "Prisec", "Prisec unit"]);
  const condition = d?.condition && d.condition !== "none" ? d.condition : null;
  const produce = `${def.production.primary} ${resourceLabel(def.primary)}` + (def.secondary ? `, ${def.production.secondary} ${resourceLabel(def.secondary)}` : "");
  return (
    <li class={`district tier-${def.tier}${condition ? " " + condition : ""}`} style={style}
      data-testid={`district-${def.id}`} data-condition={d?.condition ?? "none"}>
      <span class="name"><span class="num">{def.id}</span> {def.name}</span>
      <span class="tier" title={`Tier ${def.tier}`}><span aria-hidden="true">{"▮".repeat(def.tier)}</span><span class="sr-only">, tier {def.tier}, produces</span></span>
      <span class="res" title={`Produces ${produce}`}>
        <span class={`r ${def.primary}`}>{def.production.primary} {resourceShort(def.primary)}</span>
        {def.secondary && <span class={`r ${def.secondary} second`}>{def.production.secondary} {resourceShort(def.secondary)}</span>}
      </span>
      <span class="tokens">
        {condition && <span class={`chip cond ${condition}`}>{condition}</span>}
        {tokens.map(([kind, short, long]) => <span key={kind} class={`chip ${kind}`} title={long}><span aria-hidden="true">{short}</span><span class="sr-only">{long}</span></span>)}
      </span>
    </li>
  );
}
