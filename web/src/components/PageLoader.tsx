import './feedback.css';

/**
 * Skeleton of a page while guards or data load, so the layout does not jump when it arrives.
 * Plain elements styled with the UI kit's placeholder classes: it is on the first paint of
 * every page, which carries none of the kit's JavaScript.
 */
export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <div className="page-loader__title">
        <span className="page-loader__spinner" aria-hidden="true" />
        <span>{label}</span>
      </div>
      <div className="amplify-placeholder amplify-placeholder--large" />
      <div className="amplify-placeholder" />
      <div className="amplify-placeholder" />
    </div>
  );
}
