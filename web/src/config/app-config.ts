import { createContext, useContext } from 'react';
import type { ResourcesConfig } from 'aws-amplify';
import type { RumSettings } from '../lib/rum';
import { takeEarlyRead } from '../lib/early-reads';

export type SocialProvider = 'Google' | 'Microsoft' | 'Facebook' | 'EmailLink';

/** The product's own section of /config.json; everything else is Amplify's ResourcesConfig. */
export interface AppSettings {
  stage: string;
  local: boolean;
  demo: boolean;
  version: string;
  mapStyle: string;
  /** Style URL per base layer (streets, minimal) a user can pick in /profile/map-view. */
  mapStyles?: Partial<Record<string, string>>;
  authFlowType: 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';
  features: { push: boolean; socialProviders: string[] };
  /** CloudWatch RUM, present only when the AWS stack was deployed with -c rum=true. */
  rum?: RumSettings;
}

export interface RuntimeConfig {
  amplify: ResourcesConfig;
  app: AppSettings;
}

const defaults: AppSettings = {
  stage: 'prod',
  local: false,
  demo: false,
  version: '0.0.0',
  mapStyle: '/map-style.json',
  authFlowType: 'USER_SRP_AUTH',
  features: { push: false, socialProviders: [] },
};

export class ConfigLoadError extends Error {
  override name = 'ConfigLoadError';
}

/** Splits the served file into Amplify's part and ours, filling gaps so a partial file still boots. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (!raw || typeof raw !== 'object') throw new ConfigLoadError('config.json is not an object');
  const { app, ...amplify } = raw as Record<string, unknown> & { app?: Partial<AppSettings> };
  const features = { ...defaults.features, ...(app?.features ?? {}) };
  return {
    amplify: amplify as ResourcesConfig,
    app: { ...defaults, ...(app ?? {}), features },
  };
}

export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  let response: Response;
  try {
    // Usually already on its way: /early-reads.js asked for it before the app's code loaded.
    const ask = () => fetch(url, { cache: 'no-store' });
    response = await ((url === '/config.json' && takeEarlyRead('config')?.catch(ask)) || ask());
  } catch (err) {
    throw new ConfigLoadError(`Could not reach the server for ${url}: ${(err as Error).message}`);
  }
  if (!response.ok) throw new ConfigLoadError(`The server answered ${response.status} for ${url}`);
  try {
    return parseRuntimeConfig(await response.json());
  } catch (err) {
    if (err instanceof ConfigLoadError) throw err;
    throw new ConfigLoadError(`${url} is not valid JSON`);
  }
}

export const AppConfigContext = createContext<AppSettings | null>(null);

export function useAppConfig(): AppSettings {
  const value = useContext(AppConfigContext);
  if (!value) throw new Error('useAppConfig outside AppConfigContext');
  return value;
}

export function isSocialProviderEnabled(app: AppSettings, provider: SocialProvider): boolean {
  return app.features.socialProviders.some((p) => p.toLowerCase() === provider.toLowerCase());
}
