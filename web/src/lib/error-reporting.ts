import { gql } from './api';

const REPORT_CLIENT_ERROR = /* GraphQL */ `
  mutation ReportClientError($input: ClientErrorInput!) {
    reportClientError(input: $input)
  }
`;

const MAX_PER_WINDOW = 5;
const WINDOW_MS = 60_000;
const MAX_TEXT = 4000;

let release = 'unknown';
let sentInWindow: number[] = [];
const recentMessages = new Map<string, number>();

function allowed(message: string, now: number): boolean {
  sentInWindow = sentInWindow.filter((t) => now - t < WINDOW_MS);
  const last = recentMessages.get(message);
  // A render loop or a failing timer repeats one error many times a second; one copy is enough.
  if (last !== undefined && now - last < WINDOW_MS) return false;
  if (sentInWindow.length >= MAX_PER_WINDOW) return false;
  sentInWindow.push(now);
  recentMessages.set(message, now);
  if (recentMessages.size > 100) recentMessages.clear();
  return true;
}

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
