// Writes web/src/styles/amplify-theme.css: the product's Amplify UI theme (web/src/styles/theme.ts)
// as the CSS that Amplify's ThemeProvider would inject at run time. As a stylesheet, the first
// paint needs none of the theme engine's JavaScript. Run after changing theme.ts:
//   npx tsx scripts/make-amplify-theme-css.ts
// (a unit test fails while the file and the theme disagree). It compiles with the web app (web/tsconfig.json):
// the theme brings React's global types, which would shadow the DOM types of the browser tests.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { amplifyThemeCss } from '../web/src/styles/theme-css';

writeFileSync(fileURLToPath(new URL('../web/src/styles/amplify-theme.css', import.meta.url)), amplifyThemeCss());
