import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { amplifyThemeCss } from '../theme-css';

describe('the Amplify UI theme stylesheet', () => {
  it('matches web/src/styles/theme.ts (run npx tsx scripts/make-amplify-theme-css.ts after changing the theme)', () => {
    const file = readFileSync(new URL('../amplify-theme.css', import.meta.url), 'utf8');
    expect(file).toBe(amplifyThemeCss());
    expect(file).toContain('[data-amplify-theme="road-closures"]');
    expect(file).toContain('#1d5c96');
  });
});
