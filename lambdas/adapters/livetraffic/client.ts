// The Live Traffic NSW hazards API (Transport for NSW Open Data): one GET per kind,
// `/v1/live/hazards/{kind}/open`, with `Authorization: apikey …`. In AWS the key comes from
// Secrets Manager (LIVE_TRAFFIC_SECRET_ARN, JSON {apiKey}); locally from LIVE_TRAFFIC_API_KEY,
// with LIVE_TRAFFIC_API_URL pointing at the stand-in. An answer that is slow, too big, not JSON
// or not 200 is a failed kind: the importer keeps that kind's last good state.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { HazardKind } from '../../core/livetraffic/hazard';

export const DEFAULT_API_URL = 'https://api.transport.nsw.gov.au';
/** The recorded feeds are under 0.5 MB; a body past this is not a hazards feed we can trust. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;
export const FETCH_TIMEOUT_MS = 20_000;

export type KindAnswer = { kind: HazardKind; body: unknown; bytes: number } | { kind: HazardKind; failed: string };

let apiKey: Promise<string> | undefined;
let secrets: SecretsManagerClient | undefined;

async function loadApiKey(): Promise<string> {
  const arn = process.env.LIVE_TRAFFIC_SECRET_ARN;
  if (!arn) {
    const key = process.env.LIVE_TRAFFIC_API_KEY;
    if (!key) throw new Error('The Live Traffic NSW API key is not configured (LIVE_TRAFFIC_API_KEY)');
    return key;
  }
  secrets ??= new SecretsManagerClient({});
  const { SecretString } = await secrets.send(new GetSecretValueCommand({ SecretId: arn }));
  const key = (JSON.parse(SecretString ?? '{}') as { apiKey?: unknown }).apiKey;
  if (typeof key !== 'string' || !key) throw new Error('The Live Traffic NSW secret has no apiKey yet');
  return key;
}

function liveTrafficApiKey(): Promise<string> {
  apiKey ??= loadApiKey().catch((error: unknown) => {
    apiKey = undefined;
    throw error;
  });
  return apiKey;
}

/** Reads at most `limit` bytes of a response; more is a refusal, not a truncation. */
async function readCapped(response: Response, limit: number): Promise<string | null> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) return null;
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export interface FetchOptions {
  baseUrl?: string;
  timeoutMs?: number;
  maxBytes?: number;
}

export async function fetchHazardKind(kind: HazardKind, options: FetchOptions = {}): Promise<KindAnswer> {
  const base = (options.baseUrl ?? process.env.LIVE_TRAFFIC_API_URL ?? DEFAULT_API_URL).replace(/\/$/, '');
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), options.timeoutMs ?? FETCH_TIMEOUT_MS);
  try {
    const key = await liveTrafficApiKey();
    const response = await fetch(`${base}/v1/live/hazards/${kind}/open`, {
      headers: { Authorization: `apikey ${key}`, Accept: 'application/json' },
      signal: abort.signal,
      redirect: 'error',
    });
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      return { kind, failed: `HTTP ${response.status}` };
    }
    const text = await readCapped(response, options.maxBytes ?? MAX_BODY_BYTES);
    if (text === null) return { kind, failed: `answer larger than ${Math.round((options.maxBytes ?? MAX_BODY_BYTES) / 1024 / 1024)} MB` };
    try {
      return { kind, body: JSON.parse(text) as unknown, bytes: Buffer.byteLength(text) };
    } catch {
      return { kind, failed: 'answer is not JSON' };
    }
  } catch (error) {
    return { kind, failed: abort.signal.aborted ? 'no answer in time' : `unreachable: ${(error as Error).message}`.slice(0, 200) };
  } finally {
    clearTimeout(timer);
  }
}

/** Tests and the local runtime reset the cached key when they change the environment. */
export function resetLiveTrafficKey(): void {
  apiKey = undefined;
}
