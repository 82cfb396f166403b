/** Keeps a rendering bug in one page from blanking the whole window; the sidebar stays usable. */
import { Component, type ReactNode } from 'react';
import { ErrorNotice } from './ErrorNotice.tsx';

interface State {
  error: unknown;
}

/** Catches render errors below it; `resetKey` changing (e.g. the route) clears the error. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidUpdate(prev: { resetKey: string }): void {
    if (prev.resetKey !== this.props.resetKey && this.state.error !== undefined) this.setState({ error: undefined });
  }

  override render(): ReactNode {
    if (this.state.error !== undefined)
      return <ErrorNotice title="This page failed to display" error={this.state.error} />;
    return this.props.children;
  }
}
