import { Component, type ReactNode } from "react";
import { graphQLErrorMessage } from "../transport/relayEnvironment";

/** Shows why an invitation cannot be used (expired, used, deleted, replaced) instead of the page. */
export class InvitationErrorBoundary extends Component<{ children: ReactNode }, { message: string | null }> {
  override state = { message: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { message: graphQLErrorMessage(error) ?? String(error) };
  }
  override render() {
    if (this.state.message !== null) {
      return (
        <p className="field__error" role="alert">
          {this.state.message}
        </p>
      );
    }
    return this.props.children;
  }
}
