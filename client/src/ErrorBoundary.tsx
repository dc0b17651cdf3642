// If a screen fails to draw, say so and offer a way on, instead of leaving a blank page.
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
        <p class="refusal" role="alert">This page could not be drawn: {this.state.error}</p>
        <button type="button" onClick={() => location.reload()}>Reload (you keep your seat)</button>
      </main>
    );
  }
}
