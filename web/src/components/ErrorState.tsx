import type { ReactNode } from 'react';
import './feedback.css';

interface ErrorStateProps {
  title?: string;
  message: string;
  onRetry?: () => void;
  children?: ReactNode;
}

/** An error in place of a page or a panel. Plain elements with the UI kit's alert look (first paint). */
export function ErrorState({ title = 'Something went wrong', message, onRetry, children }: ErrorStateProps) {
  return (
    <div className="error-state">
      <div className="amplify-alert amplify-alert--error" role="alert">
        <div>
          <div className="amplify-alert__heading">{title}</div>
          <div className="amplify-alert__body">{message}</div>
        </div>
      </div>
      {(onRetry || children) && (
        <div className="error-state__actions">
          {onRetry && <button type="button" className="amplify-button" onClick={onRetry}>Try again</button>}
          {children}
        </div>
      )}
    </div>
  );
}
