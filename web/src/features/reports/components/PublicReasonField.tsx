import { useId } from 'react';

/** The most a closure's reason may hold (the API's limit). */
export const MAX_REASON_LENGTH = 2000;

/**
 * The closure's public reason, which the moderator writes or confirms before approving. It is
 * shown on the map, the text-only pages, the open feeds and social posts, so a resident's
 * description is only a private suggestion here: it is published only if the moderator copies it
 * into the field (and may edit it first).
 */
export function PublicReasonField({ value, onChange, suggestions }: { value: string; onChange: (next: string) => void; suggestions: string[] }) {
  const id = useId();
  const distinct = [...new Set(suggestions.map((s) => s.trim()).filter(Boolean))];
  return (
    <div className="public-reason">
      <label htmlFor={`${id}-reason`}>Public reason for the closure</label>
      <p id={`${id}-hint`} className="muted">
        Shown on the map, the text-only page, the open feeds and social posts. Leave it empty to publish the closure without a reason.
      </p>
      <textarea
        id={`${id}-reason`}
        aria-describedby={`${id}-hint`}
        value={value}
        maxLength={MAX_REASON_LENGTH}
        onChange={(e) => onChange(e.target.value)}
      />
      {distinct.length > 0 && (
        <div className="public-reason__suggestions">
          <p className="public-reason__private">What residents wrote (private: not published unless you use it)</p>
          <ul>
            {distinct.map((text) => (
              <li key={text}>
                <q>{text}</q>{' '}
                <button type="button" className="rp-link" onClick={() => onChange(text.slice(0, MAX_REASON_LENGTH))} aria-label={`Use these words as the public reason: ${text}`}>
                  Use these words
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
