// Our own small SVG icons (no publisher art): resources, unrest, tokens, units and corporations.
// Each icon is decorative (aria-hidden); the text beside it or its wrapper's label carries the meaning.
import type { JSX } from "preact";

type Shape = JSX.Element;

const SHAPES: Record<string, Shape> = {
  // resources
  energy: <path d="M9 1 3 9h4l-1 6 6-8H8l1-6z" />,
  consumables: <path d="M8 2c3 0 6 2 6 6s-3 6-6 6-6-2-6-6 3-6 6-6zm0 3v6M5 8h6" stroke-width="1.6" fill-opacity="0.35" />,
  tech: <path d="M4 4h8v8H4zM6 1v3M10 1v3M6 12v3M10 12v3M1 6h3M1 10h3M12 6h3M12 10h3" stroke-width="1.4" fill-opacity="0.35" />,
  entertainment: <path d="m8 1 2 4.5 5 .5-3.8 3.3 1.1 4.9L8 11.6l-4.3 2.6 1.1-4.9L1 6l5-.5z" />,
  credits: <><circle cx="8" cy="8" r="6.5" fill-opacity="0.35" stroke-width="1.4" /><path d="M8 4v8M10.5 5.5h-3.5a1.5 1.5 0 0 0 0 3h2a1.5 1.5 0 0 1 0 3H5.5" stroke-width="1.4" fill="none" /></>,
  // unrest and tokens
  protest: <path d="M2 6h3l6-3v10l-6-3H2zM5 10l1 4h2l-1-4" stroke-width="1.2" />,
  strike: <path d="M3 3l10 10M13 3 3 13" stroke-width="3" />,
  outage: <><path d="M9 1 3 9h4l-1 6 6-8H8l1-6z" fill-opacity="0.5" /><path d="M2 14 14 2" stroke-width="2" /></>,
  illness: <><circle cx="8" cy="8" r="6.5" fill-opacity="0.35" stroke-width="1.4" /><path d="M8 4v8M4 8h8" stroke-width="2.4" /></>,
  development: <path d="M2 15V7l4-3v11M6 15V2h6v13M14 15V8h-2M8 5h2M8 8h2M8 11h2" stroke-width="1.3" fill-opacity="0.3" />,
  android: <><rect x="3" y="4" width="10" height="9" rx="2" fill-opacity="0.4" stroke-width="1.3" /><path d="M8 1v3M6 8h.01M10 8h.01" stroke-width="2" /></>,
  // units
  humanFirst: <><circle cx="8" cy="4" r="2.6" /><path d="M3 15c0-4 2-6 5-6s5 2 5 6z" /></>,
  orgcrime: <path d="M1 6c2-2 5-2 7 0 2-2 5-2 7 0-1 4-4 5-5 5L8 9l-2 2c-1 0-4-1-5-5z" />,
  prisec: <path d="M8 1 14 3v5c0 3.5-2.5 6-6 7-3.5-1-6-3.5-6-7V3z" fill-opacity="0.5" stroke-width="1.3" />,
  root: <path d="M8 1v9M4 6l4 4 4-4M2 14h12" stroke-width="1.8" fill="none" />,
};

export type IconName = keyof typeof SHAPES | string;

export function Icon({ name, class: cls = "" }: { name: IconName; class?: string }) {
  const shape = SHAPES[name];
  if (!shape) return null;
  return (
    <svg class={`icon icon-${name} ${cls}`} viewBox="0 0 16 16" aria-hidden="true" focusable="false"
      fill="currentColor" stroke="currentColor" stroke-width="0" stroke-linecap="round" stroke-linejoin="round">
      {shape}
    </svg>
  );
}

/** A corporation's mark: its initials on its colour. */
export function CorpMark({ corp, name }: { corp: string; name: string }) {
  const initials = name.split(/[\s-]+/).filter(Boolean).map((w) => w[0]).join("").slice(0, 2).toUpperCase() || "?";
  return <span class={`corp-mark corp-${corp || "none"}`} aria-hidden="true">{initials}</span>;
}
