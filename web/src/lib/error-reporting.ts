import { gql } from './api';

const REPORT_CLIENT_ERROR = /* GraphQL */ `
  mutation ReportClientError($input: ClientErrorInput!) {
    reportClientError(input: $input)
  }
`;

const MAX_TEXT = 4000;

/**
 * At most `maxPerWindow` reports per window, and one copy of a message per window: a render loop
 * or a failing timer repeats one error many times a second.
 */
export function createReportThrottle(maxPerWindow = 5, windowMs = 60_000) {
  let sent: number[] = [];
  const lastByMessage = new Map<string, number>();
  return (message: string, now: number): boolean => {
    sent = sent.filter((t) => now - t < windowMs);
    const last = lastByMessage.get(message);
    if (last !== undefined && now - last < windowMs) return false;
    if (sent.length >= maxPerWindow) return false;
    sent.push(now);
    if (lastByMessage.size > 100) lastByMessage.clear();
    lastByMessage.set(message, now);
    return true;
  };
}

let release = 'unknown';
const allowed = createReportThrottle();

export function reportClientError(error: unknown): void {
  const err = error instanceof Error ? error : new Error(typeof error === 'string' ? error : JSON.stringify(error));
  const message = (err.message || err.name || 'Unknown error').slice(0, MAX_TEXT);
  if (!allowed(message, Date.now())) return;
  const input = {
    message,
    stack: err.stack?.slice(0, MAX_TEXT),
    url: window.location.href.slice(0, 2000),
    userAgent: navigator.userAgent.slice(0, 500),
    release,
  };
  // Reporting must never raise a new error of its own (that would report itself in a loop).
  gql(REPORT_CLIENT_ERROR, { input }).catch(() => undefined);
}

export function installGlobalErrorReporting(appRelease: string): void {
  release = appRelease;
  window.addEventListener('error', (event) => {
    reportClientError(event.error ?? event.message);
  });
  window.addEventListener('unhandledrejection', (event) => {
    reportClientError(event.reason);
  });
}
