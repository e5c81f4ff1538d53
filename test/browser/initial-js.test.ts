// The public pages' initial JavaScript budget (150 kB gzip before the map chunk), read from the
// build this project tests (npm run build:web runs first); the figures are printed. Size, not time.
import { describe, expect, it } from 'vitest';
import { INITIAL_JS_BUDGET_BYTES, initialJsOf, PUBLIC_PAGES, readManifest } from '../../bench/initial-js';

describe('initial JavaScript of the public pages', () => {
  it('stays within 150 kB gzip for /home, /map and /help, with no Amplify on the first paint', () => {
    const manifest = readManifest();
    for (const page of Object.keys(PUBLIC_PAGES)) {
      const initial = initialJsOf(manifest, page);
      console.log(`[initial JS] ${page}: ${(initial.gzipBytes / 1024).toFixed(1)} kB gzip in ${initial.chunks.length} chunks`);
      expect(initial.gzipBytes).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES);
      expect(initial.chunks.map((c) => c.file).filter((f) => /amplify/.test(f))).toEqual([]);
    }
  });
});
