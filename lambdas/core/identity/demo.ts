// Demo mode (spec §1, §6): the Forbes LGA only, two personas. Each persona is one fixed account
// shared by every visitor (a demo is a showroom: what one visitor does, the next one sees),
// rather than a throwaway account per browser that would pile up users in the pool. The
// accounts are marked demo, so their profile cannot be changed or deleted.
import { STAFF_ROLES, type StaffRole } from '../access';

export const DEMO_LGA = '12900';

export type DemoPersona = 'PUBLIC' | 'STAFF';

export interface DemoPersonaAccount {
  email: string;
  displayName: string;
  lgaCode: string;
  /** Roles in the demo LGA; none for the public persona. */
  roles: StaffRole[];
}

export const DEMO_PERSONAS: Record<DemoPersona, DemoPersonaAccount> = {
  PUBLIC: { email: 'demo.public@example.com', displayName: 'Demo Resident', lgaCode: DEMO_LGA, roles: [] },
  STAFF: { email: 'demo.staff@example.com', displayName: 'Demo Council Staff', lgaCode: DEMO_LGA, roles: [...STAFF_ROLES] },
};

export const isDemoMode = (env: NodeJS.ProcessEnv = process.env) => env.DEMO_MODE === '1';

export const DEMO_MODE_OFF = 'Demo mode is not enabled on this site';
export const DISABLED_IN_DEMO = 'This is disabled in demo mode';
