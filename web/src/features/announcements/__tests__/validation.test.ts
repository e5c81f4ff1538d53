// The unsealed roads form checks the same limits as the API, with the same words.
import { describe, expect, it } from 'vitest';
import { toDatetimeLocal } from '../../closures/format';
import { EXPIRY_TOO_SOON, GVM_RANGE_MESSAGE, GVM_STEP_MESSAGE, MESSAGE_TOO_LONG, minExpiryLocal, restrictedMessage, validateDetails } from '../validation';

const NOW = 1_800_000_000;
const base = { status: 'restricted' as const, message: '', maxGVM: '4.5', expiresAt: '' };

describe('unsealed roads form', () => {
  it('accepts the defaults and a 500-character message', () => {
    expect(validateDetails(base, NOW)).toEqual({});
    expect(validateDetails({ ...base, message: 'x'.repeat(500) }, NOW)).toEqual({});
  });

  it('refuses a 501-character message, GVM 0, 51 and 4.2, and an expiry under an hour ahead', () => {
    expect(validateDetails({ ...base, message: 'x'.repeat(501) }, NOW).message).toBe(MESSAGE_TOO_LONG);
    expect(MESSAGE_TOO_LONG).toBe('Message is too long (maximum 500 characters)');
    expect(validateDetails({ ...base, maxGVM: '0' }, NOW).maxGVM).toBe(GVM_RANGE_MESSAGE);
    expect(validateDetails({ ...base, maxGVM: '51' }, NOW).maxGVM).toBe(GVM_RANGE_MESSAGE);
    expect(validateDetails({ ...base, maxGVM: '' }, NOW).maxGVM).toBe(GVM_RANGE_MESSAGE);
    expect(validateDetails({ ...base, maxGVM: '4.2' }, NOW).maxGVM).toBe(GVM_STEP_MESSAGE);
    expect(validateDetails({ ...base, expiresAt: toDatetimeLocal(NOW + 1800) }, NOW).expiresAt).toBe(EXPIRY_TOO_SOON);
    expect(validateDetails({ ...base, expiresAt: toDatetimeLocal(NOW + 7200) }, NOW).expiresAt).toBeUndefined();
  });

  it('ignores the GVM when closed; offers an expiry minimum an hour ahead; fills the restricted message', () => {
    expect(validateDetails({ ...base, status: 'closed', maxGVM: '0' }, NOW)).toEqual({});
    expect(minExpiryLocal(NOW)).toBe(toDatetimeLocal(Math.ceil((NOW + 3600) / 60) * 60));
    expect(restrictedMessage(8)).toContain('8 t GVM or less');
  });
});
