import { useClosureLga } from '../../closures/hooks/useClosureLga';
import type { Role } from '../../auth/roles';

const COMMS: readonly Role[] = ['media_comms_manager'];
const EVIDENCE: readonly Role[] = ['media_comms_manager', 'closure_administrator'];

/** The council a communications screen works on (`?lga=`), among those where the caller is media_comms_manager. */
export const useCommsLga = () => useClosureLga(COMMS);
/** The DRFA export also admits closure administrators, whatever the council's subscription (records are kept 7 years). */
export const useEvidenceLga = () => useClosureLga(EVIDENCE, { anySubscription: true });
