import { Button } from '@aws-amplify/ui-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { lgaRequestQuery, signLgaRequest } from '../api/identity';

export const SIGN_FAILED = 'Oops! Something went wrong signing the request.';

export function signatoryText(count: number, lgaName: string): string {
  if (count === 0) return `Nobody has asked ${lgaName} to join yet. Be the first.`;
  return `${count} ${count === 1 ? 'person has' : 'people have'} asked ${lgaName} to join.`;
}

/**
 * The resident's LGA info card when their council is not a customer: how many have signed the
 * "please join" request, and a button to sign it once (spec §5).
 */
export function LgaRequestCard({ lgaCode, lgaName }: { lgaCode: string; lgaName: string }) {
  const queryClient = useQueryClient();
  const request = useQuery(lgaRequestQuery(lgaCode));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const sign = async () => {
    setError(null);
    setBusy(true);
    try {
      const updated = await signLgaRequest(lgaCode);
      queryClient.setQueryData(['lgaRequest', lgaCode], updated);
    } catch (err) {
      // Already signed is not a failure worth alarming anyone about: show the truth instead.
      if ((err as { errorType?: string }).errorType === 'Conflict') await request.refetch();
      else setError(SIGN_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel lga-request-card" aria-labelledby="lga-request-title" style={{ marginBottom: 20 }}>
      <h2 id="lga-request-title" style={{ marginTop: 0 }}>{lgaName} is not using Road Closures yet</h2>
      <p>Closures in your area appear here once your council joins. Signing the request shows your council that residents want it.</p>
      {request.isPending ? (
        <p className="muted">Loading…</p>
      ) : request.isError ? (
        <p className="form-error" role="alert">{request.error.message}</p>
      ) : (
        <>
          <p data-testid="signatory-count"><strong>{signatoryText(request.data.signatoryCount, lgaName)}</strong></p>
          {request.data.signed ? (
            <p className="muted" role="status">You have signed the request. Thank you!</p>
          ) : (
            <Button variation="primary" isLoading={busy} loadingText="Signing…" onClick={() => void sign()}>
              Sign the request for {lgaName} to join
            </Button>
          )}
        </>
      )}
      {error && <p className="form-error" role="alert" style={{ marginTop: 8 }}>{error}</p>}
    </section>
  );
}
