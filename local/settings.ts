// Where the local stack lives and listens. Defaults are the documented ports; tests start a
// second stack with other ports and a temporary data folder through the same settings.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface LocalSettings {
  dataDir: string;
  host: '127.0.0.1';
  ports: { web: number; cognito: number; cognitoInternal: number; dynamodb: number; s3: number; stripe?: number };
  tableName: string;
  demo: boolean;
  /** Run the EventBridge-equivalent timers (off in tests, which invoke the handlers directly). */
  schedules: boolean;
  quiet: boolean;
  /** DynamoDB Local keeps the table in memory (benchmarks on a throwaway stack; nothing survives a stop). */
  dynamoInMemory?: boolean;
  /** The built app it serves (default dist/web); each test stack serves its own copy, as a test may redeploy it. */
  webRoot?: string;
}

const portFromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

export function settingsFromEnv(overrides: Partial<LocalSettings> = {}): LocalSettings {
  return {
    dataDir: path.resolve(PROJECT_ROOT, process.env.LOCAL_DATA_DIR ?? '.local'),
    host: '127.0.0.1',
    ports: {
      web: portFromEnv('PORT', 3000),
      cognito: portFromEnv('COGNITO_PORT', 9229),
      cognitoInternal: portFromEnv('COGNITO_INTERNAL_PORT', 9230),
      dynamodb: portFromEnv('DYNAMODB_PORT', 8000),
      s3: portFromEnv('S3_PORT', 4569),
      stripe: portFromEnv('STRIPE_PORT', 12111),
    },
    tableName: 'road-closures-local',
    demo: process.env.DEMO === '1',
    schedules: true,
    quiet: false,
    ...overrides,
  };
}

export const DEMO_PASSWORD = 'LocalDemo#2026';
export const FORBES = '12900';
export const DEMO_ACCOUNTS = [
  { email: 'admin@example.com', name: 'Alex Admin', role: 'platform admin', admin: true },
  { email: 'staff@forbes.example', name: 'Sam Staff', role: 'all five roles for Forbes (12900), active customer', admin: false },
  { email: 'resident@example.com', name: 'Riley Resident', role: 'public user, Forbes (12900)', admin: false },
] as const;
