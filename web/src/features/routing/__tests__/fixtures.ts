import type { Me, ManagedLga } from '../../auth/api/me';

export function makeMe(overrides: Partial<Me> = {}): Me {
  return {
    uid: 'u-1',
    email: 'person@example.com',
    displayName: 'Pat Person',
    preferredName: null,
    admin: false,
    staff: false,
    managed: [],
    lgaCode: null,
    ...overrides,
  };
}

export function managed(lgaCode: string, roles: string[], customerStatus = 'active'): ManagedLga {
  return { lgaCode, lgaName: `LGA ${lgaCode}`, roles, customerStatus };
}

export const ALL_ROLES = ['account_manager', 'closure_administrator', 'submission_moderator', 'media_comms_manager', 'announcement_manager'];
