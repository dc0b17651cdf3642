// If a screen fails to draw, say so and offer a way on, instead of leaving a blank page. The error itself
// is no sentence for people: it is kept under "Details", for a bug report.
import { Component, type ComponentChildren } from "preact";

export class ErrorBoundary extends Component<{ children: ComponentChildren }, { error: string | null }> {
  state = { error: null as string | null };

  static getDerivedStateFromError(e: unknown) {
    return { error: e instanceof Error ? e.message : String(e) };
  }

  render() {
    if (this.state.error === null) return this.props.children;
    return (
      <main class="shell">
        <p class="refusal" role="alert">Something went wrong while drawing this page. Reloading it usually helps, and you keep your seat.</p>
        <button type="button" onClick={() => location.reload()}>Reload (you keep your seat)</button>
        <details><summary>Details for a bug report</summary><code>{this.state.error}</code></details>
      </main>
    );
  }
}
