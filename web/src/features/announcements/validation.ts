// The unsealed-roads form's rules, the same the API applies (lambdas/core/announcements/rules.ts),
// checked before sending: message ≤ 500, maxGVM 1–50 t in steps of 0.5, expiry ≥ 1 h ahead.
import { fromDatetimeLocal, toDatetimeLocal } from '../closures/format';

export const MESSAGE_MAX = 500;
export const MESSAGE_TOO_LONG = `Message is too long (maximum ${MESSAGE_MAX} characters)`;
export const GVM_MIN = 1;
export const GVM_MAX = 50;
export const GVM_STEP = 0.5;
export const GVM_DEFAULT = 4.5;
export const GVM_RANGE_MESSAGE = `Maximum GVM must be between ${GVM_MIN} and ${GVM_MAX} tonnes`;
export const GVM_STEP_MESSAGE = `Maximum GVM must be in steps of ${GVM_STEP} tonnes`;
export const EXPIRY_TOO_SOON = 'Auto-expiry must be at least one hour from now';
export const MIN_EXPIRY_AHEAD_SECONDS = 3600;

export const formatTonnes = (t: number) => `${t} t`;

/** The message restricted fills in (the officer may edit it). */
export function restrictedMessage(maxGVM = GVM_DEFAULT): string {
  return `Unsealed roads are open to vehicles of ${formatTonnes(maxGVM)} GVM or less. Heavier vehicles must not use unsealed roads until further notice.`;
}

export interface DetailsValues {
  status: 'closed' | 'restricted';
  message: string;
  /** The number input's text. */
  maxGVM: string;
  /** datetime-local value, '' for no expiry. */
  expiresAt: string;
}

export type DetailsErrors = Partial<Record<'message' | 'maxGVM' | 'expiresAt', string>>;

export function gvmProblem(text: string): string | undefined {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < GVM_MIN || value > GVM_MAX) return GVM_RANGE_MESSAGE;
  if (!Number.isInteger(value / GVM_STEP)) return GVM_STEP_MESSAGE;
  return undefined;
}

export function expiryProblem(value: string, nowSeconds: number): string | undefined {
  const at = fromDatetimeLocal(value);
  if (at === null) return undefined;
  if (Number.isNaN(at)) return 'Invalid date';
  return at < nowSeconds + MIN_EXPIRY_AHEAD_SECONDS ? EXPIRY_TOO_SOON : undefined;
}

export function validateDetails(values: DetailsValues, nowSeconds: number): DetailsErrors {
  const errors: DetailsErrors = {};
  if (values.message.length > MESSAGE_MAX) errors.message = MESSAGE_TOO_LONG;
  if (values.status === 'restricted') {
    const gvm = gvmProblem(values.maxGVM);
    if (gvm) errors.maxGVM = gvm;
  }
  const expiry = expiryProblem(values.expiresAt, nowSeconds);
  if (expiry) errors.expiresAt = expiry;
  return errors;
}

/** datetime-local's min: one hour from now, to the minute (rounded up). */
export function minExpiryLocal(nowSeconds: number): string {
  return toDatetimeLocal(Math.ceil((nowSeconds + MIN_EXPIRY_AHEAD_SECONDS) / 60) * 60);
}

export const STATUS_TEXT = { open: 'Open', closed: 'Closed', restricted: 'Restricted' } as const;
