// The help: the round and the deal in a few lines, the map legend, every card searchable with its text,
// and the full rules reference (docs/rules.md, copied into the client build).
import { useEffect, useRef, useState } from "preact/hooks";
import { CardFace, allCards } from "./Card.tsx";
import { MapLegend } from "./CityMap.tsx";

const CARDS = allCards();
export const RULES_URL = "/docs/rules.md";

/** The rules reference as plain text, fetched when first opened. */
function RulesText() {
  const [text, setText] = useState<string | null>(null);
  function load(open: boolean) {
    if (!open || text !== null) return;
    setText("Loading…");
    fetch(RULES_URL)
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
      .then(setText, () => setText("The rules reference cannot be loaded right now."));
  }
  return (
    <details class="rules" onToggle={(e) => load((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>The rules reference</summary>
      {text !== null && <pre class="rules-text" tabIndex={0}>{text}</pre>}
    </details>
  );
}

export function Help({ open, onClose, reserve }: { open: boolean; onClose(): void; reserve?: Record<string, number> }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [query, setQuery] = useState("");
  useEffect(() => {
    const d = ref.current;
    if (open && d && !d.open) d.showModal();
    if (!open && d?.open) d.close();
  }, [open]);
  const q = query.trim().toLowerCase();
  const found = q ? CARDS.filter((c) => `${c.title} ${c.type ?? ""} ${c.kind} ${c.text}`.toLowerCase().includes(q)) : [];
  return (
    <dialog ref={ref} class="help" aria-labelledby="help-h" onClose={onClose} data-testid="help">
      <header class="row">
        <h2 id="help-h">Help</h2>
        <button type="button" class="secondary" onClick={onClose} style={{ marginLeft: "auto" }}>Close</button>
      </header>
      <h3>A round</h3>
      <p>The round track runs 1, 2, D, 3, 4, D, 5, 6, D. A numbered round is an <strong>Action phase</strong> (one deal per turn; the
        turns left are shown in the top bar), then <strong>Production</strong> (every district with an android produces, and its unrest rises),
        then the <strong>Event</strong> (threat rises, units arrive). A <strong>D</strong> round scores investments, then pays the demand: if any
        resource's supply is short of its target, threat rises by the demand's penalty; then a new demand is revealed and supply starts again
        from 0. At 25 threat the game ends at once; otherwise it ends after the third demand round, and your secret rival decides whether you win.</p>
      <h3>A deal</h3>
      <p>The active player reveals an <strong>asset</strong> and makes the <strong>main offer</strong> (an action card). Others may
        <strong> counteroffer</strong>; then everyone <strong>supports</strong> one offer with cards from hand or abstains. The offer with the most
        support wins (a tie goes to the main offer): its proposer resolves the card and claims the asset. Trades are binding when both halves happen at once; promises stay in chat.</p>
      <MapLegend reserve={reserve} />
      <h3><label for="card-search">Find a card</label></h3>
      <input id="card-search" type="search" value={query} placeholder="A card's name or a word of its text" data-testid="card-search"
        onInput={(e) => setQuery(e.currentTarget.value)} />
      {q && <p class="muted" role="status">{found.length === 0 ? "No card matches." : `${found.length} card${found.length === 1 ? "" : "s"}`}</p>}
      <div class="card-results" data-testid="card-results">
        {found.slice(0, 40).map((c, i) => <CardFace key={i} {...c} count={undefined} note={c.count && c.count > 1 ? `${c.count} copies in the game` : undefined} />)}
      </div>
      <p><a href={RULES_URL} target="_blank" rel="noopener" data-testid="rules-link">The full rules reference</a> (opens in a new tab), or read it here:</p>
      <RulesText />
    </dialog>
  );
}
