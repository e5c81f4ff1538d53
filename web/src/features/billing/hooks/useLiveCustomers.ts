import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { subscribeToCustomerChanges, type CustomerChange } from '../api/billing';

/**
 * Keeps customer queries fresh while a page is open: every change the Stripe webhook publishes
 * refetches the list and that council's detail. Returns the last change seen (for progress text).
 */
export function useLiveCustomers(lgaCode: string | null, enabled = true): CustomerChange | null {
  const queryClient = useQueryClient();
  const [last, setLast] = useState<CustomerChange | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    return subscribeToCustomerChanges(
      lgaCode,
      (change) => {
        setLast(change);
        void queryClient.invalidateQueries({ queryKey: ['customers'] });
        void queryClient.invalidateQueries({ queryKey: ['customer', change.lgaCode] });
      },
      () => undefined,
    );
  }, [lgaCode, enabled, queryClient]);
  return last;
}
