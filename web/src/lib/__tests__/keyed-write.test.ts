// Keyed writes from the web app: the key goes in the mutation's idempotencyKey argument (no
// custom HTTP header, which AppSync's CORS preflight is not documented to admit), the same key
// on every retry after a dropped connection, and every keyed mutation document of the app passes it.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ gql: vi.fn() }));
vi.mock('../api', async (importOriginal) => ({ ...(await importOriginal<object>()), gql: api.gql }));

const { keyedGql, KEY_ARGUMENT } = await import('../keyed-write');
const { ApiError } = await import('../api');
const { IDEMPOTENT_MUTATIONS } = await import('../../../../lambdas/core/idempotency');

const DOC = 'mutation($input: ReportInput!, $idempotencyKey: String) { submitReport(input: $input, idempotencyKey: $idempotencyKey) { id } }';

beforeEach(() => api.gql.mockReset());

describe('keyedGql', () => {
  it('sends the key as the idempotencyKey variable and no header option', async () => {
    api.gql.mockResolvedValue({ submitReport: { id: 'r1' } });
    await keyedGql(DOC, { input: { type: 'flood' } }, { key: 'report-key-0001' });
    expect(api.gql).toHaveBeenCalledTimes(1);
    expect(api.gql.mock.calls[0]).toEqual([DOC, { input: { type: 'flood' }, idempotencyKey: 'report-key-0001' }]);
  });

  it('makes a fresh key per action that the server accepts', async () => {
    api.gql.mockResolvedValue({});
    await keyedGql(DOC, {});
    await keyedGql(DOC, {});
    const [a, b] = api.gql.mock.calls.map((c) => (c[1] as { idempotencyKey: string }).idempotencyKey);
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(a).not.toBe(b);
  });

  it('retries a dropped connection with the same key', async () => {
    api.gql.mockRejectedValueOnce(new ApiError('NetworkError', 'Failed to fetch')).mockResolvedValueOnce({ submitReport: { id: 'r1' } });
    await keyedGql(DOC, {}, { key: 'report-key-0002', retryDelaysMs: [0] });
    expect(api.gql.mock.calls.map((c) => (c[1] as { idempotencyKey: string }).idempotencyKey)).toEqual(['report-key-0002', 'report-key-0002']);
  });

  it('refuses a document that does not pass the key (it could write twice)', async () => {
    await expect(keyedGql('mutation($input: ReportInput!) { submitReport(input: $input) { id } }', {})).rejects.toThrow(KEY_ARGUMENT);
    expect(api.gql).not.toHaveBeenCalled();
  });
});

describe("the app's keyed mutation documents", () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return name === '__tests__' ? [] : files(full);
      return /\.tsx?$/.test(name) ? [full] : [];
    });

  it('pass idempotencyKey wherever they call a keyed mutation', () => {
    let found = 0;
    for (const file of files('web/src')) {
      const source = readFileSync(file, 'utf8');
      for (const name of IDEMPOTENT_MUTATIONS) {
        for (const match of source.matchAll(new RegExp(`\\b${name}\\(([^)]*)\\)`, 'g'))) {
          // Only GraphQL calls of the field (their arguments are `name: $variable` pairs).
          if (!match[1]!.includes('$')) continue;
          found++;
          expect({ file, call: match[0] }).toEqual({ file, call: expect.stringContaining(KEY_ARGUMENT) });
        }
      }
    }
    expect(found).toBeGreaterThanOrEqual(11);
  });

  it('call keyedGql only for mutations the server keys (any other would be refused at run time)', () => {
    const keyed = new RegExp(`\\b(${IDEMPOTENT_MUTATIONS.join('|')})\\(`);
    for (const file of files('web/src').filter((f) => !f.endsWith(path.join('lib', 'keyed-write.ts')))) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/keyedGql(?:<[^(]*?>)?\(\s*/g)) {
        // The document is the first argument: a literal right there, or a constant of the same file.
        const text = source.slice(match.index + match[0].length, match.index + match[0].length + 400);
        const constant = /^([A-Z_]+)\s*,/.exec(text)?.[1];
        const document = constant ? (source.match(new RegExp(`const ${constant}\\s*=\\s*([^;]+);`))?.[1] ?? '') : text;
        expect({ file, document: document.slice(0, 200) }).toEqual({ file, document: expect.stringMatching(keyed) });
      }
    }
  });
});
