// The local stand-in of the Live Traffic NSW hazards API: answers
// `/dev/livetraffic/v1/live/hazards/{kind}/open` like the Transport for NSW Open Data API, from the
// recorded real payloads of June 2017 in data/livetraffic/ (their README has the source and
// licence), with every time moved forward so the newest publication is now. Each answer says it is
// recorded data (`recorded`), and the app names it so wherever it shows these hazards; as the
// Stripe emulator takes no real payments, this stand-in reports no real hazards of today.
import { readFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import { HAZARD_KINDS, type HazardKind } from '../lambdas/core/livetraffic/hazard';
import { PROJECT_ROOT } from './settings';

export const STAND_IN_PATH = '/dev/livetraffic';
/** The key the local importer sends; the stand-in refuses others, as the real API does. */
export const LOCAL_LIVE_TRAFFIC_KEY = 'local-stand-in-key';
export const RECORDED_NOTE = 'Recorded Live Traffic NSW data from 5 June 2017, replayed by the local stand-in with its times moved to today: not today\'s roads.';

const RECORDED_KINDS: readonly HazardKind[] = ['roadwork', 'incident', 'majorevent', 'flood', 'fire'];
const TIME_FIELDS = ['created', 'lastUpdated', 'start', 'end'] as const;

interface RecordedFeed {
  lastPublished?: number;
  features: { properties?: Record<string, unknown> }[];
  [key: string]: unknown;
}

let recorded: Map<HazardKind, RecordedFeed> | undefined;

function recordedFeeds(): Map<HazardKind, RecordedFeed> {
  recorded ??= new Map(
    RECORDED_KINDS.map((kind) => [kind, JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'data', 'livetraffic', `${kind}.json`), 'utf8')) as RecordedFeed]),
  );
  return recorded;
}

/** The recording's newest publication time: it becomes "now". */
function recordedAt(): number {
  return Math.max(...[...recordedFeeds().values()].map((f) => f.lastPublished ?? 0));
}

/** The shift is fixed on the first answer, so the same recording answers the same until a restart. */
let shiftMs: number | undefined;

/** One kind's recorded answer with its times moved by the same shift (so ages and durations stay). */
export function shiftedAnswer(kind: HazardKind, nowMs: number): RecordedFeed {
  const feed = recordedFeeds().get(kind);
  shiftMs ??= nowMs - recordedAt();
  const shift = shiftMs;
  const move = (value: unknown) => (typeof value === 'number' && value > 0 ? value + shift : value);
  if (!feed) return { type: 'FeatureCollection', layerName: kind, lastPublished: recordedAt() + shift, features: [], recorded: RECORDED_NOTE };
  return {
    ...feed,
    lastPublished: move(feed.lastPublished) as number,
    recorded: RECORDED_NOTE,
    features: feed.features.map((f) => ({
      ...f,
      properties: f.properties && Object.fromEntries(Object.entries(f.properties).map(([k, v]) => [k, (TIME_FIELDS as readonly string[]).includes(k) ? move(v) : v])),
    })),
  };
}

function keyMatches(header: string | undefined): boolean {
  const given = Buffer.from(header ?? '');
  const wanted = Buffer.from(`apikey ${LOCAL_LIVE_TRAFFIC_KEY}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** Answers a stand-in request; false when the path is not the stand-in's. */
export function answerLiveTraffic(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): boolean {
  if (!pathname.startsWith(`${STAND_IN_PATH}/`)) return false;
  const match = pathname.slice(STAND_IN_PATH.length).match(/^\/v1\/live\/hazards\/([a-z]+)\/open$/);
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  if (req.method !== 'GET') send(405, { message: 'Method not allowed' });
  else if (!keyMatches(req.headers.authorization)) send(401, { message: 'Invalid or missing API key' });
  else if (!match || !(HAZARD_KINDS as readonly string[]).includes(match[1])) send(404, { message: 'Not found' });
  else send(200, shiftedAnswer(match[1] as HazardKind, Date.now()));
  return true;
}
