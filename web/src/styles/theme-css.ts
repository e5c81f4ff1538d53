// The theme's stylesheet text (what Amplify's ThemeProvider injects), with a header saying where it
// comes from. Used by scripts/make-amplify-theme-css.ts and its unit test; not by the app.
import { theme } from './theme';

export function amplifyThemeCss(): string {
  return `/* Generated from web/src/styles/theme.ts by scripts/make-amplify-theme-css.ts: do not edit. */\n${theme.cssText}\n`;
}
