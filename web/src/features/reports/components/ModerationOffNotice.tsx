// Why a moderator sees no Approve or Deny: the council's subscription has ended, and the server
// refuses both ("LGA does not have an active subscription"), so the buttons would only fail.
import { useAuth } from '../../auth/auth-provider';

/** True when the signed-in person may act on this council's reports (admins always may). */
export function useCanModerateNow(lgaCode: string): boolean {
  return useAuth().access.customerActiveFor(lgaCode);
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
