import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportClientError } from '../lib/error-reporting';
import { ErrorState } from './ErrorState';
import { isChunkLoadError, reloadToUpdate } from '../features/offline/app-update';

interface Props {
  children: ReactNode;
  /** Changing it (e.g. the path) clears a shown error, so navigating away recovers. */
  resetKey?: string;
}

export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // A page whose code is gone after a deployment is no fault to report: the banner asks to reload.
    if (isChunkLoadError(error)) return;
    const withStack = new Error(error.message);
    withStack.stack = `${error.stack ?? ''}\nComponent stack:${info.componentStack ?? ''}`;
    reportClientError(withStack);
  }

  override componentDidUpdate(prev: Props) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    if (this.state.error && isChunkLoadError(this.state.error)) {
      return (
        <ErrorState
          title="This page has been updated"
          message="The app was updated — reload to continue."
        >
          <button type="button" className="amplify-button" onClick={() => void reloadToUpdate()}>Reload</button>
        </ErrorState>
      );
    }
    if (this.state.error) {
      return (
        <ErrorState
          title="This page stopped working"
          message={`The problem has been reported. ${this.state.error.message}`}
          onRetry={() => window.location.reload()}
        />
      );
    }
    return this.props.children;
  }
}
