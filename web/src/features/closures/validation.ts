import { fromDatetimeLocal } from './format';

export interface ClosureFormValues {
  type: string;
  reason: string;
  detour: string;
  condition: 'closed' | 'changed';
  scheduledFor: string;
  estimatedReopening: string;
}

export type ClosureFormErrors = Partial<Record<keyof ClosureFormValues, string>>;

export const MAX_REASON = 2000;
export const MAX_DETOUR = 500;

/** The same rules the API applies (lambdas/core/closures/input.ts), checked before sending. */
export function validateClosureForm(values: ClosureFormValues): ClosureFormErrors {
  const errors: ClosureFormErrors = {};
  if (!values.type) errors.type = 'Choose a closure type';
  if (values.reason.trim().length > MAX_REASON) errors.reason = `Reason is too long (maximum ${MAX_REASON} characters)`;
  if (values.detour.trim().length > MAX_DETOUR) errors.detour = `Detour is too long (maximum ${MAX_DETOUR} characters)`;
  const scheduledFor = fromDatetimeLocal(values.scheduledFor);
  const reopening = fromDatetimeLocal(values.estimatedReopening);
  if (Number.isNaN(scheduledFor)) errors.scheduledFor = 'Invalid date';
  if (Number.isNaN(reopening)) errors.estimatedReopening = 'Invalid date';
  if (scheduledFor !== null && reopening !== null && !Number.isNaN(scheduledFor) && !Number.isNaN(reopening) && reopening <= scheduledFor) {
    errors.estimatedReopening = 'Estimated reopening must be after the scheduled start';
  }
  return errors;
}
