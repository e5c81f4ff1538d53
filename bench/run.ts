// `npm run bench`: every benchmark in one run, printed as tables. Timings live here, never in
// tests. Each section is a module exporting an async function that returns its printed table.
import { benchFanout } from './fanout';
import { benchFeeds } from './feeds';
import { benchInitialJs } from './initial-js';
import { benchLoad } from './load';
import { benchPublicMap } from './public-map';
import { benchOutbox } from './outbox';
import { benchRouting } from './routing';
import { benchViewport } from './viewport';

const sections: { key: string; name: string; run: () => Promise<string> }[] = [
  { key: 'routing', name: 'Road engine: routing and snapping', run: benchRouting },
  { key: 'viewport', name: 'Viewport queries: latency and items read', run: benchViewport },
  {
    key: 'fanout',
    name: `Notification fan-out: one closure event to ${Number(process.env.BENCH_FANOUT_SUBSCRIBERS ?? 10_000).toLocaleString('en-AU')} LGA subscribers`,
    run: benchFanout,
  },
  { key: 'feeds', name: 'Open feeds: one closure change with many LGAs live (in-memory DynamoDB Local and s3rver)', run: benchFeeds },
  { key: 'initial-js', name: 'Initial JavaScript of the public pages, before the map chunk (run npm run build:web first)', run: benchInitialJs },
  // Needs the running stack (npm start): public map files, details, reports, notifications under load.
  { key: 'load', name: 'Load on the local stack: 10 and 50 clients for 60 s', run: benchLoad },
  // Needs the running stack (npm start): the public map's closures listed and drawn after navigation.
  { key: 'public-map', name: 'Public map: closures listed and drawn after navigation (headless Chromium, target 1 s)', run: benchPublicMap },
  // Needs the running stack (npm start) too: sign-up to confirmation code on /dev/mail.
  { key: 'outbox', name: 'Local outbox: six sign-ups at once, each code on /dev/mail', run: benchOutbox },
];

// `npm run bench -- routing viewport` runs only those sections (all when none are named).
const wanted = process.argv.slice(2).filter((arg) => sections.some((s) => s.key === arg));
for (const section of sections.filter((s) => wanted.length === 0 || wanted.includes(s.key))) {
  console.log(`\n=== ${section.name} ===`);
  const started = Date.now();
  console.log(await section.run());
  console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
