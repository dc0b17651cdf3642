// The adjourn controls (AdjournControls.tsx) in a chunk of their own, fetched when the table opens:
// the page's first script stays smaller than the network code it leaves out.
import { useEffect, useState } from "preact/hooks";
import type { TableSession } from "../net/session.ts";
import type { TableSnapshot } from "../state.ts";

type Controls = typeof import("./AdjournControls.tsx").AdjournControls;
let loaded: Controls | null = null;

export function AdjournControlsLater(props: { model: TableSnapshot; session: TableSession }) {
  const [Loaded, setLoaded] = useState<Controls | null>(() => loaded);
  useEffect(() => {
    if (Loaded) return;
    import("./AdjournControls.tsx").then((m) => { loaded = m.AdjournControls; setLoaded(() => m.AdjournControls); }, () => {});
  }, []);
  return Loaded ? <Loaded {...props} /> : null;
}
