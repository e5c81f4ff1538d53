// /subscriptions/lgas: the councils a user follows (any council, at most five), with a
// searchable list of every LGA to subscribe to and Unsubscribe for each followed one.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { PageLoader } from '../../../components/PageLoader';
import { lgasQuery } from '../../identity/api/identity';
import { MAX_LGA_SUBSCRIPTIONS, subscribeToLga, unsubscribeFromLga, type MySubscriptions } from '../api/subscriptions';
import { useSubscriptionChange } from '../hooks';
import { searchLgas } from '../../profile/lga-search';
import { EmailChoice } from './EmailChoice';

/** Matches shown at once; typing narrows the list. */
export const LGA_MATCHES_SHOWN = 20;
export const LGA_LIMIT_MESSAGE = `You can subscribe to at most ${MAX_LGA_SUBSCRIPTIONS} LGAs`;

function LgaSearch({ followed }: { followed: Set<string> }) {
  const lgas = useQuery(lgasQuery);
  const [search, setSearch] = useState('');
  const join = useSubscriptionChange(subscribeToLga, 'Failed to subscribe to the LGA');
  const inputId = useId();
  const full = followed.size >= MAX_LGA_SUBSCRIPTIONS;
  if (lgas.isPending) return <PageLoader label="Loading councils…" />;
  if (lgas.isError) return <ErrorState message={lgas.error.message} onRetry={() => void lgas.refetch()} />;
  // The profile's council search, ranked; every match counted, the first few shown.
  const matches = searchLgas(lgas.data, search, lgas.data.length);
  return (
    <section aria-labelledby={`${inputId}-h`} className="lga-search">
      <h2 id={`${inputId}-h`}>Subscribe to a council</h2>
      {full && <p role="status" className="lga-search__full">{LGA_LIMIT_MESSAGE}</p>}
      <label htmlFor={inputId}>Search councils</label>
      <input id={inputId} type="search" value={search} maxLength={100} autoComplete="off" onChange={(e) => setSearch(e.target.value)} placeholder="Council name or code" />
      <p className="muted" aria-live="polite">
        {matches.length === 0 ? 'No council matches your search.' : matches.length > LGA_MATCHES_SHOWN ? `Showing ${LGA_MATCHES_SHOWN} of ${matches.length} councils; type to narrow the list.` : `${matches.length} ${matches.length === 1 ? 'council' : 'councils'}`}
      </p>
      <ul className="subs-list">
        {matches.slice(0, LGA_MATCHES_SHOWN).map((l) => (
          <li key={l.code}>
            <span>
              <strong>{l.name}</strong>
              {l.state && <span className="muted"> {l.state}</span>}
            </span>
            {followed.has(l.code) ? (
              <span className="muted">Subscribed</span>
            ) : (
              <button type="button" className="amplify-button amplify-button--small" disabled={full || join.isPending} onClick={() => join.mutate(l.code)} aria-label={`Subscribe to ${l.name}`}>Subscribe</button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function LgaSubscriptions({ subs }: { subs: MySubscriptions }) {
  const leave = useSubscriptionChange(unsubscribeFromLga, 'Failed to unsubscribe from the LGA');
  return (
    <>
      <p className="muted">You can follow up to {MAX_LGA_SUBSCRIPTIONS} councils ({subs.lgas.length} now).</p>
      {subs.lgas.length === 0 ? (
        <div className="panel"><p style={{ margin: 0 }}>You do not follow any councils yet. Find one below.</p></div>
      ) : (
        <ul className="subs-list" aria-label="Councils you follow">
          {subs.lgas.map((l) => (
            <li key={l.code}>
              <div className="subs-item">
                <strong>{l.name}</strong>
                <EmailChoice kind="lga" target={l.code} name={l.name} />
              </div>
              <button type="button" className="amplify-button amplify-button--small" disabled={leave.isPending} onClick={() => leave.mutate(l.code)} aria-label={`Unsubscribe from ${l.name}`}>Unsubscribe</button>
            </li>
          ))}
        </ul>
      )}
      <LgaSearch followed={new Set(subs.lgas.map((l) => l.code))} />
    </>
  );
}
