/** Only same-site paths: a crafted ?redirect= must not send a signed-in user to another site. */
export function safeRedirect(value: string | null | undefined, fallback = '/dashboard'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // Returning to a sign-in page after signing in would loop.
  if (/^\/(login|sign-up|logout)(\/|\?|#|$)/.test(value)) return fallback;
  return value;
}

export function withRedirect(path: string, redirectTo: string): string {
  return `${path}?${new URLSearchParams({ redirect: redirectTo }).toString()}`;
}

export const PERMISSION_MESSAGE = 'You do not have permission to view this resource';

export function notFoundWithMessage(message: string): string {
  return `/404?${new URLSearchParams({ message }).toString()}`;
}
