import { describe, expect, it, vi } from 'vitest';
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

describe('a change made offline', () => {
  it('is refused at once with the offline message, sending nothing', async () => {
    const { gql, OFFLINE_CHANGE_MESSAGE } = await import('../api');
    const sent: unknown[] = [];
    vi.stubGlobal('navigator', { onLine: false });
    vi.stubGlobal('fetch', (...args: unknown[]) => {
      sent.push(args);
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    try {
      await expect(gql('mutation Change($v: ID!) { subscribeToClosure(id: $v) { closures { id } } }', { v: 'c1' })).rejects.toMatchObject({
        errorType: 'NetworkError',
        message: OFFLINE_CHANGE_MESSAGE,
      });
      await expect(gql('\n  mutation { markAllNotificationsRead }')).rejects.toMatchObject({ message: OFFLINE_CHANGE_MESSAGE });
      expect(sent).toEqual([]);
      // A read is not refused up front (flood mode answers it from the device).
      await expect(gql('query { mySubscriptions { lgas { code } } }')).rejects.not.toMatchObject({ message: OFFLINE_CHANGE_MESSAGE });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
