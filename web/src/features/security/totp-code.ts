// What a code typed from an authenticator app must look like before it is sent.

/** Six digits; spaces people copy from their app are dropped. */
export function normaliseTotpCode(raw: string): string | null {
  const code = raw.replace(/\s+/g, '');
  return /^\d{6}$/.test(code) ? code : null;
}
