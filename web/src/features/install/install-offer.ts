// Whether and how this device is offered to install the app: the browser's own prompt
// (beforeinstallprompt, Chromium), Add to Home Screen instructions on iPhone and iPad (Safari has
// no prompt), or nothing: in demo mode (spec §1: install is off) and once the app runs installed.

export type InstallOffer =
  /** Demo mode, or already installed: no menu item, no card. */
  | { kind: 'hidden' }
  /** The browser offered to install: the button opens its prompt. */
  | { kind: 'prompt' }
  /** iPhone or iPad: show how to use Share → Add to Home Screen. */
  | { kind: 'ios' }
  /** A browser that has not offered (yet, or ever): the menu item says so, the card stays away. */
  | { kind: 'unavailable'; reason: string };

export interface InstallFacts {
  demo: boolean;
  /** display-mode standalone (or Safari's navigator.standalone): the app already runs installed. */
  standalone: boolean;
  /** The browser fired beforeinstallprompt and it has not been used yet. */
  promptAvailable: boolean;
  userAgent: string;
  /** navigator.maxTouchPoints: iPadOS Safari reports itself as a Mac, but one with a touch screen. */
  maxTouchPoints?: number;
}

export const NOT_OFFERED = 'Your browser has not offered to install this app';
/** Spec §8, the install failure's message, exactly. */
export const INSTALL_FAILED = 'Failed to gather permission to install...';

export function isIos(userAgent: string, maxTouchPoints = 0): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

export function installOffer(facts: InstallFacts): InstallOffer {
  if (facts.demo || facts.standalone) return { kind: 'hidden' };
  if (facts.promptAvailable) return { kind: 'prompt' };
  if (isIos(facts.userAgent, facts.maxTouchPoints)) return { kind: 'ios' };
  return { kind: 'unavailable', reason: NOT_OFFERED };
}
