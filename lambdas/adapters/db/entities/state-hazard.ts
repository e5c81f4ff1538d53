// The state's hazards (Live Traffic NSW), in records of their own: keyed per council like the
// council's own items, never closures, so no council screen or mutation reaches them. The last
// import's manifest and health sit in one item, read once per import cycle.
import { Entity } from 'electrodb';
import { compactJson } from './compact-json';
import { SERVICE } from './common';

/** One hazard the state lists as open, in the council its point lies in. */
export const StateHazardEntity = new Entity(
  {
    model: { entity: 'stateHazard', version: '1', service: SERVICE },
    attributes: {
      lgaCode: { type: 'string', required: true },
      source: { type: ['livetraffic'] as const, required: true },
      id: { type: 'string', required: true },
      /** CLOSED when the road is closed (directions read these), else OPEN. */
      traffic: { type: ['CLOSED', 'OPEN'] as const, required: true },
      hash: { type: 'string', required: true },
      /** The whole hazard (lambdas/core/livetraffic/hazard.ts StateHazard) as JSON text. */
      hazard: { type: 'any', required: true, ...compactJson },
      importedAt: { type: 'number', required: true },
    },
    indexes: {
      byLga: {
        pk: { field: 'pk', composite: ['lgaCode'], casing: 'none', template: 'LGA#${lgaCode}' },
        sk: { field: 'sk', composite: ['source', 'id'], casing: 'none', template: 'HAZARD#${source}#${id}' },
      },
      byTraffic: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['source', 'traffic'], casing: 'none', template: 'HAZARDS#${source}#${traffic}' },
        sk: { field: 'gsi1sk', composite: ['lgaCode', 'id'], casing: 'none', template: '${lgaCode}#${id}' },
      },
    },
  },
  { table: 'placeholder' },
);

/** The importer's memory: what the last cycle wrote (id → hash, council, kind) and how the feed answered. */
export const StateFeedImportEntity = new Entity(
  {
    model: { entity: 'stateFeedImport', version: '1', service: SERVICE },
    attributes: {
      source: { type: ['livetraffic'] as const, required: true },
      /** lambdas/core/livetraffic/plan.ts Manifest, as JSON text. */
      manifest: { type: 'any', required: true, ...compactJson },
      /** Unix seconds of the last cycle, and of the last one where every kind answered. */
      lastRunAt: { type: 'number', required: true },
      lastGoodAt: { type: 'number' },
      /** Per kind: ok or why it failed, and the last time it answered. JSON text. */
      kinds: { type: 'any', required: true, ...compactJson },
      /** Items refused in the last cycle, by reason, with a few ids. JSON text. */
      refused: { type: 'any', required: true, ...compactJson },
      hazards: { type: 'number', required: true },
      ended: { type: 'number', required: true },
      /** Set when the answers were recorded data replayed by a stand-in. */
      recorded: { type: 'string' },
    },
    indexes: {
      bySource: {
        pk: { field: 'pk', composite: ['source'], casing: 'none', template: 'STATE_FEED#${source}' },
        sk: { field: 'sk', composite: [], casing: 'none', template: 'IMPORT' },
      },
    },
  },
  { table: 'placeholder' },
);
