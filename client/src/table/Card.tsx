// A card drawn as a card: its type's colour, its title and its full text, from the catalog.
import type { ComponentChildren } from "preact";
import { catalog } from "../../../shared/catalog/index.ts";
import type { WireCard } from "../../../shared/wire/index.ts";
import { assetText, cardText, emergencyText, emergencyTitle } from "../text.ts";

export type CardKind = "action" | "emergency" | "asset" | "event" | "demand" | "investment" | "rival" | "contract";

export interface CardProps {
  kind: CardKind;
  /** The action type (biotech, media…) for action cards. */
  type?: string;
  title: string;
  text: string;
  /** Copies of this card in one pile ("×2"). */
  count?: number;
  /** A note under the title (spent, exhausted, ready). */
  note?: string;
  dim?: boolean;
  children?: ComponentChildren;
  testid?: string;
  id?: string;
  /** Drawn before the title, inside the card's box (a picker's checkbox), so the title wraps after it. */
  lead?: ComponentChildren;
}

const KIND_LABEL: Record<CardKind, string> = {
  action: "action", emergency: "emergency action", asset: "asset", event: "event", demand: "demand",
  investment: "investment", rival: "rival", contract: "contract",
};

export function CardFace({ kind, type, title, text, count, note, dim, children, testid, id, lead }: CardProps) {
  const label = kind === "action" ? type ?? "action" : KIND_LABEL[kind];
  return (
    <div class={`cardface k-${kind}${type ? " t-" + type : ""}${dim ? " dim" : ""}`} data-testid={testid} data-card={id}>
      <div class="cf-head">
        <span class="cf-title">{lead}{title}</span>
        {count && count > 1 ? <span class="cf-count" aria-label={`${count} copies`}>×{count}</span> : null}
        <span class="cf-type">{label}</span>
      </div>
      {note && <div class="cf-note">{note}</div>}
      {text && <div class="cf-text">{text}</div>}
      {children}
    </div>
  );
}

/** An action card or emergency action as the server names it (hand, offers). */
export function ActionCard({ card, count, note, lead }: { card: WireCard; count?: number; note?: string; lead?: ComponentChildren }) {
  const emergency = card.type === "emergency";
  return (
    <CardFace kind={emergency ? "emergency" : "action"} type={emergency ? undefined : card.type} title={card.title}
      text={cardText(card.title)} count={count} note={note} id={card.id} lead={lead} />
  );
}

export function EmergencyCard({ id, note, dim }: { id: string; note?: string; dim?: boolean }) {
  return <CardFace kind="emergency" title={emergencyTitle(id)} text={emergencyText(id)} note={note} dim={dim} id={id} />;
}

export function AssetCard({ id, name, note, dim }: { id: string; name: string; note?: string; dim?: boolean }) {
  return <CardFace kind="asset" title={name} text={assetText(id)} note={note} dim={dim} id={id} />;
}

/** Every card of the game, for the help's search: kind, title, type and text. */
export function allCards(): CardProps[] {
  return [
    ...catalog.actionCards.map((c) => ({ kind: "action" as const, type: c.type, title: c.title, text: c.text, count: c.copies })),
    ...catalog.emergencyActions.map((e) => ({ kind: "emergency" as const, title: e.title, text: e.text })),
    ...catalog.assets.map((a) => ({ kind: "asset" as const, title: a.name, text: a.text })),
    ...catalog.events.map((e) => ({ kind: "event" as const, title: e.name, text: e.text })),
    ...catalog.demands.map((d) => ({ kind: "demand" as const, title: d.name, text: demandText(d.targets, d.penalty) })),
    ...catalog.investments.map((i) => ({ kind: "investment" as const, title: i.name, text: i.text })),
    ...catalog.rivals.map((r) => ({ kind: "rival" as const, title: r.name, text: r.text })),
  ];
}

export function demandText(targets: Record<string, number>, penalty: number): string {
  return `Targets: ${Object.entries(targets).map(([r, n]) => `${r} ${n}`).join(", ")}. Unmet: +${penalty} threat.`;
}

/** Groups identical cards (same title) into one entry with their ids, keeping the first one's order. */
export function groupByTitle<T extends { title: string }>(items: T[]): { first: T; all: T[] }[] {
  const groups = new Map<string, { first: T; all: T[] }>();
  for (const it of items) {
    const g = groups.get(it.title);
    if (g) g.all.push(it);
    else groups.set(it.title, { first: it, all: [it] });
  }
  return [...groups.values()];
}

/** A card in little: its title on its colour; its full text opens on click or tap (a disclosure). */
export function MiniCard({ kind, title, text, note, dim }: { kind: CardKind; title: string; text: string; note?: string; dim?: boolean }) {
  return (
    <details class={`minicard k-${kind}${dim ? " dim" : ""}`}>
      <summary><span class="cf-title">{title}</span>{note && <span class="cf-note"> · {note}</span>}<span class="sr-only"> ({KIND_LABEL[kind]})</span></summary>
      <div class="cf-text">{text}</div>
    </details>
  );
}
