import { Loader, Placeholder } from '@aws-amplify/ui-react';
import './feedback.css';

/** Skeleton of a page while guards or data load, so the layout does not jump when it arrives. */
export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <div className="page-loader__title">
        <Loader size="large" ariaLabel={label} />
        <span>{label}</span>
      </div>
      <Placeholder size="large" />
      <Placeholder />
      <Placeholder />
    </div>
  );
}
