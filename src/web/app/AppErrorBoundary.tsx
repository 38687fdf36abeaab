import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import '../ui/plain.css';

interface AppErrorBoundaryProps {
  children: ReactNode;
}

interface AppErrorBoundaryState {
  failed: boolean;
}

/**
 * Last line of defence: a render error or a page chunk that failed to download (typically after a
 * new release replaced the old files) shows a way out instead of a blank page. Plain markup, so it
 * works when MUI's own chunk is the one that failed.
 */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): AppErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled error while rendering', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="plain-page plain-failure">
        <div className="plain-failure-box" role="alert">
          <span>Something went wrong while showing this page.</span>
          <button type="button" className="plain-button" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      </div>
    );
  }
}
