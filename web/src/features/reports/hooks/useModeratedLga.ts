import { useSearchParams } from 'react-router-dom';
import { useAuth } from '../../auth/auth-provider';
import { isValidCustomerStatus } from '../../auth/access';

const MODERATING = ['submission_moderator', 'closure_administrator', 'account_manager'];

/** The council whose reports the moderation screens show: `?lga=`, else the first one moderated. */
export function useModeratedLga(): { lgaCode: string | null; options: { code: string; name: string }[] } {
  const { me, access } = useAuth();
  const [params] = useSearchParams();
  const options = (me?.managed ?? [])
    .filter((m) => m.roles.some((r) => MODERATING.includes(r)) && isValidCustomerStatus(m.customerStatus))
    .map((m) => ({ code: m.lgaCode, name: m.lgaName ?? `LGA ${m.lgaCode}` }));
  const requested = params.get('lga');
  const lgaCode = options.find((o) => o.code === requested)?.code ?? (requested && access.isAdmin ? requested : null) ?? options[0]?.code ?? (access.isAdmin ? '12900' : null);
  return { lgaCode, options };
}
