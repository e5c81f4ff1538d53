import { Alert, Button } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import './feedback.css';

interface ErrorStateProps {
  title?: string;
  message: string;
  onRetry?: () => void;
  children?: ReactNode;
}

export function ErrorState({ title = 'Something went wrong', message, onRetry, children }: ErrorStateProps) {
  return (
    <div className="error-state">
      <Alert variation="error" heading={title} role="alert">
        {message}
      </Alert>
      {(onRetry || children) && (
        <div className="error-state__actions">
          {onRetry && <Button onClick={onRetry}>Try again</Button>}
          {children}
        </div>
      )}
    </div>
  );
}
