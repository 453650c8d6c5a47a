import { Component, type ReactNode } from "react";
import { graphQLErrorMessage } from "../transport/relayEnvironment";

/** Shows a failed section's message (e.g. an expired share link) in place of the section. */
export class ResultsErrorBoundary extends Component<
  { children: ReactNode; fallback: (message: string | null) => ReactNode; resetKey?: string },
  { error: unknown; key?: string }
> {
  override state: { error: unknown; key?: string } = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey?: string }, state: { error: unknown; key?: string }) {
    if (props.resetKey !== state.key) return { error: null, key: props.resetKey };
    return null;
  }

  override render() {
    if (this.state.error) return this.props.fallback(graphQLErrorMessage(this.state.error));
    return this.props.children;
  }
}
