// `npm run bench`: every benchmark in one run, printed as tables. Timings live here, never in
// tests. Each section is a module exporting an async function that returns its printed table.
import { benchFanout } from './fanout';
import { benchRouting } from './routing';
import { benchViewport } from './viewport';

const sections: { name: string; run: () => Promise<string> }[] = [
  { name: 'Road engine: routing and snapping', run: benchRouting },
  { name: 'Viewport queries: latency and items read', run: benchViewport },
  { name: 'Notification fan-out: one closure event to 10,000 LGA subscribers', run: benchFanout },
];

for (const section of sections) {
  console.log(`\n=== ${section.name} ===`);
  const started = Date.now();
  console.log(await section.run());
  console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
