import { describe, expect, it } from 'vitest';
import { INSTALL_FAILED, installOffer, isIos, NOT_OFFERED, type InstallFacts } from '../install-offer';

const CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const facts = (extra: Partial<InstallFacts> = {}): InstallFacts => ({ demo: false, standalone: false, promptAvailable: false, userAgent: CHROME, ...extra });

describe('install offer', () => {
  it("opens the browser's prompt once it was offered", () => {
    expect(installOffer(facts({ promptAvailable: true }))).toEqual({ kind: 'prompt' });
  });

  it('shows Add to Home Screen instructions on iPhone and iPad, where Safari has no prompt', () => {
    expect(installOffer(facts({ userAgent: IPHONE }))).toEqual({ kind: 'ios' });
    expect(installOffer(facts({ userAgent: IPAD_AS_MAC, maxTouchPoints: 5 }))).toEqual({ kind: 'ios' });
    // A real Mac (no touch screen) is not an iPad.
    expect(isIos(IPAD_AS_MAC, 0)).toBe(false);
  });

  it('says the browser has not offered when there is no prompt and no iOS', () => {
    expect(installOffer(facts())).toEqual({ kind: 'unavailable', reason: NOT_OFFERED });
  });

  it('hides install in demo mode and once the app runs installed, whatever the browser offers', () => {
    expect(installOffer(facts({ demo: true, promptAvailable: true }))).toEqual({ kind: 'hidden' });
    expect(installOffer(facts({ demo: true, userAgent: IPHONE }))).toEqual({ kind: 'hidden' });
    expect(installOffer(facts({ standalone: true, promptAvailable: true }))).toEqual({ kind: 'hidden' });
    expect(installOffer(facts({ standalone: true, userAgent: IPHONE }))).toEqual({ kind: 'hidden' });
  });

  it("uses the spec's failure message exactly", () => {
    expect(INSTALL_FAILED).toBe('Failed to gather permission to install...');
  });
});
