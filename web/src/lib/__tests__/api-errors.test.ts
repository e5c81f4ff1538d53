import { describe, expect, it } from 'vitest';
import { ApiError, toApiError } from '../api';

describe('toApiError', () => {
  it('keeps the errorType and message of an AppSync error', () => {
    const err = toApiError({ data: null, errors: [{ message: 'LGA does not have an active subscription', errorType: 'PaymentRequired' }] });
    expect(err).toBeInstanceOf(ApiError);
    expect([err.errorType, err.message]).toEqual(['PaymentRequired', 'LGA does not have an active subscription']);
  });

  it('reads an errorType carried in extensions', () => {
    expect(toApiError({ errors: [{ message: 'nope', extensions: { errorType: 'Forbidden' } }] }).errorType).toBe('Forbidden');
  });

  it('names network failures so the user is told to check the connection', () => {
    expect(toApiError(new TypeError('Failed to fetch')).errorType).toBe('NetworkError');
    expect(toApiError({ errors: [{ message: 'Network error', originalError: { name: 'NetworkError', message: 'Network error' } }] }).errorType).toBe('NetworkError');
  });

  it('falls back to Unknown for anything else', () => {
    expect(toApiError('boom')).toMatchObject({ errorType: 'Unknown', message: 'boom' });
  });
});
