// The admin customer page: what text alerts may cost this council a month (its SMS spending cap)
// and what they cost so far this month. 0 stops its texts.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { gql } from '../../../lib/api';
import { useToast } from '../../../components/toast/toast-context';

interface SmsSpending {
  month: string;
  capCents: number;
  spentCents: number;
  priceCents: number;
}
const FIELDS = 'month capCents spentCents priceCents';
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export function SmsCapForm({ lgaCode }: { lgaCode: string }) {
  const key = ['smsSpending', lgaCode];
  const queryClient = useQueryClient();
  const toast = useToast();
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const spending = useQuery({
    queryKey: key,
    queryFn: async () => (await gql<{ smsSpending: SmsSpending }>(`query($c: String!) { smsSpending(lgaCode: $c) { ${FIELDS} } }`, { c: lgaCode })).smsSpending,
  });
  const save = useMutation({
    mutationFn: async (capCents: number) =>
      (await gql<{ setSmsSpendingCap: SmsSpending }>(`mutation($c: String!, $cap: Int!) { setSmsSpendingCap(lgaCode: $c, capCents: $cap) { ${FIELDS} } }`, { c: lgaCode, cap: capCents })).setSmsSpendingCap,
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      setDraft(null);
      toast.show({ kind: 'success', message: 'SMS cap saved' });
    },
    onError: (error) => toast.show({ kind: 'error', message: error.message }),
  });
  if (!spending.data) return <p className="muted">{spending.isError ? spending.error.message : 'Loading…'}</p>;
  const s = spending.data;
  const value = draft ?? (s.capCents / 100).toFixed(2);
  return (
    <form onSubmit={(e) => { e.preventDefault(); save.mutate(Math.round(Number(value) * 100)); }}>
      <p>{dollars(s.spentCents)} of {dollars(s.capCents)} spent in {s.month} ({dollars(s.priceCents)} a text). 0 stops texts.</p>
      <label htmlFor={id}>Monthly cap (AUD)</label>{' '}
      <input id={id} type="number" min={0} step="0.01" inputMode="decimal" value={value} onChange={(e) => setDraft(e.target.value)} />{' '}
      <button type="submit" className="amplify-button amplify-button--small" disabled={save.isPending || !(Number(value) >= 0)}>Save</button>
    </form>
  );
}
