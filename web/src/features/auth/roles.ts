export const ROLES = [
  'account_manager',
  'closure_administrator',
  'submission_moderator',
  'media_comms_manager',
  'announcement_manager',
] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export const ROLE_LABELS: Record<Role, string> = {
  account_manager: 'Account manager',
  closure_administrator: 'Closure administrator',
  submission_moderator: 'Submission moderator',
  media_comms_manager: 'Media & communications manager',
  announcement_manager: 'Announcement manager',
};
