// The Feedback button on every page. The form (and the UI kit it uses) loads on the first press,
// so the button costs the first paint nothing.
import { lazy, Suspense, useState } from 'react';

const FeedbackForm = lazy(() => import('./FeedbackForm').then((m) => ({ default: m.FeedbackForm })));

export function FeedbackButton() {
  const [openCount, setOpenCount] = useState(0);
  return (
    <>
      <button type="button" className="amplify-button amplify-button--small feedback-fab" onClick={() => setOpenCount((n) => n + 1)}>
        Feedback
      </button>
      {openCount > 0 && (
        <Suspense fallback={null}>
          <FeedbackForm openCount={openCount} />
        </Suspense>
      )}
    </>
  );
}
