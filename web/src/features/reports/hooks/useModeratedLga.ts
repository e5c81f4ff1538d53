import type { Role } from '../../auth/roles';
import { useClosureLga, type ClosureLgaChoice } from '../../closures/hooks/useClosureLga';

const MODERATING: readonly Role[] = ['submission_moderator', 'closure_administrator', 'account_manager'];

/**
 * The council whose reports the moderation screens show, kept in `?lga=`: staff choose among the
 * councils they moderate, administrators among every customer (the closure screens' own choice).
 */
export function useModeratedLga(): ClosureLgaChoice {
  return useClosureLga(MODERATING);
}
