import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../auth/auth-provider';
import { myAccessRequestsQuery } from './api/identity';

/** The signed-in user's access requests (cached once for the nav and the dashboard). */
export function useMyAccessRequests() {
  const { status } = useAuth();
  return useQuery(myAccessRequestsQuery(status === 'signedIn'));
}

/** Whether any request still waits for an answer; false while unknown so the button shows. */
export function useHasPendingAccessRequest(): boolean {
  const requests = useMyAccessRequests();
  return (requests.data ?? []).some((r) => r.status === 'pending');
}
