import type { Role } from '../auth/roles';

export interface RoleCard {
  role: Role;
  title: string;
  /** What the card will show once its data arrives (spec §6), said plainly rather than faked. */
  willShow: string;
  link: { label: string; to: (lgaCode: string) => string };
}

export const ROLE_CARDS: RoleCard[] = [
  {
    role: 'account_manager',
    title: 'Pending access requests',
    willShow: 'Staff asking to join your council, newest first, five at a time, with accept, adjust and reject.',
    link: { label: 'User Role Assignment', to: (code) => `/lga/${encodeURIComponent(code)}/accounts` },
  },
  {
    role: 'closure_administrator',
    title: 'Closures',
    willShow: 'A summary of active and scheduled closures, changes in the last 12 hours and closures overdue for reopening.',
    link: { label: 'Administer Closures', to: () => '/closures' },
  },
  {
    role: 'submission_moderator',
    title: 'Pending incident reports',
    willShow: 'Reports from the public waiting for moderation, grouped by place, five at a time.',
    link: { label: 'Moderate Incident Reports', to: () => '/report-clusters' },
  },
  {
    role: 'media_comms_manager',
    title: 'Social posts',
    willShow: 'Your latest social content tasks and whether each is a draft, generating, awaiting approval or approved.',
    link: { label: 'Communications', to: () => '/comms' },
  },
  {
    role: 'announcement_manager',
    title: 'Unsealed roads status',
    willShow: 'Whether unsealed roads are open, closed or restricted, with any vehicle limits and when the notice expires.',
    link: { label: 'Announcements', to: (code) => `/lga/${encodeURIComponent(code)}/announcements` },
  },
];
