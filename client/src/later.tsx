// A component fetched in a chunk of its own when it is first shown, so that the page's first script (the
// lobby) stays small: the table's screens, the adjourn controls. Until it arrives, `fallback` is shown; if
// it cannot be fetched (the server was updated and the old chunk is gone), the reader is offered a reload.
import type { ComponentChildren, FunctionComponent } from "preact";
import { useEffect, useState } from "preact/hooks";

export function later<P extends object>(load: () => Promise<FunctionComponent<P>>, fallback: ComponentChildren = null): FunctionComponent<P> {
  let loaded: FunctionComponent<P> | null = null;
  let loading: Promise<FunctionComponent<P>> | null = null;
  return function Later(props: P) {
    const [Loaded, setLoaded] = useState<FunctionComponent<P> | null>(() => loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (Loaded) return;
      loading ??= load().then((c) => (loaded = c));
      loading.then((c) => setLoaded(() => c), () => { loading = null; setFailed(true); });
    }, []);
    if (Loaded) return <Loaded {...props} />;
    if (failed) {
      return (
        <p role="alert" data-testid="chunk-failed">
          This page could not load a part of itself (the server may have been updated).{" "}
          <button type="button" class="small" onClick={() => location.reload()}>Reload the page</button>
        </p>
      );
    }
    return <>{fallback}</>;
  };
}
