import { describe, expect, it } from 'vitest';
import { isSocialProviderEnabled, parseRuntimeConfig } from '../app-config';
import { toLocalWebSocketUrl } from '../local-websocket';

describe('toLocalWebSocketUrl', () => {
  it('downgrades loopback wss to ws, which the local runtime speaks', () => {
    expect(toLocalWebSocketUrl('wss://127.0.0.1:3000/graphql/realtime?header=abc')).toBe('ws://127.0.0.1:3000/graphql/realtime?header=abc');
    expect(toLocalWebSocketUrl('wss://localhost:3000/graphql/realtime')).toBe('ws://localhost:3000/graphql/realtime');
  });

  it('leaves real hosts alone, including ones that only start like a loopback address', () => {
    expect(toLocalWebSocketUrl('wss://abc.appsync-realtime-api.ap-southeast-2.amazonaws.com/graphql')).toBe('wss://abc.appsync-realtime-api.ap-southeast-2.amazonaws.com/graphql');
    expect(toLocalWebSocketUrl('wss://127.0.0.1.example.com/graphql')).toBe('wss://127.0.0.1.example.com/graphql');
  });
});

describe('parseRuntimeConfig', () => {
  it('splits the app section from what Amplify.configure takes', () => {
    const parsed = parseRuntimeConfig({
      Auth: { Cognito: { userPoolId: 'p', userPoolClientId: 'c' } },
      app: { stage: 'local', local: true, version: '1.2.3', features: { socialProviders: ['google'] } },
    });
    expect(parsed.amplify).toEqual({ Auth: { Cognito: { userPoolId: 'p', userPoolClientId: 'c' } } });
    expect(parsed.app).toMatchObject({ stage: 'local', local: true, version: '1.2.3', demo: false, authFlowType: 'USER_SRP_AUTH' });
    expect(parsed.app.features.push).toBe(false);
    expect(isSocialProviderEnabled(parsed.app, 'Google')).toBe(true);
    expect(isSocialProviderEnabled(parsed.app, 'Facebook')).toBe(false);
  });

  it('refuses a file that is not an object', () => {
    expect(() => parseRuntimeConfig(null)).toThrow(/not an object/);
  });
});
