// Why a moderator sees no Approve or Deny: the council's subscription has ended, and the server
// refuses both ("LGA does not have an active subscription"), so the buttons would only fail.
import { isValidCustomerStatus } from '../../auth/access';
import { useAuth } from '../../auth/auth-provider';

/** The server's gate (core/access hasActiveCustomer): admins, or a valid subscription in that council. */
export function useCanModerateNow(lgaCode: string): boolean {
  const { me } = useAuth();
  return !!me?.admin || isValidCustomerStatus(me?.managed.find((m) => m.lgaCode === lgaCode)?.customerStatus);
}

export function ModerationOffNotice({ lgaCode }: { lgaCode: string }) {
  const { me, access } = useAuth();
  const name = me?.managed.find((m) => m.lgaCode === lgaCode)?.lgaName ?? `LGA ${lgaCode}`;
  const accountManager = access.hasRole('account_manager', lgaCode);
  return (
    <p className="report-notice" role="status">
      Approving and denying are off: {name} does not have an active subscription.{' '}
      {accountManager ? 'Resubscribe from Billing information to turn them back on.' : 'An account manager of the council can resubscribe to turn them back on.'}
    </p>
  );
}
