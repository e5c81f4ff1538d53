// ★ The low-bandwidth page (/text, /text/{lgaCode}): the active closures of a council and its
// unsealed-road status as plain HTML, readable on one bar of signal with JavaScript off. Pure:
// the caller supplies the data; the result stays well under 30 kB (long lists are cut with a
// count of what was left out).
import type { AnnouncementRecord } from './announcements/rules';
import { NO_EXPIRY } from './announcements/rules';
import type { ClosureRecord } from './closures/types';
import { closureTypeOf } from './closures/types';
import { renderStateHazardsSection, stateReferencesOf, type StateHazardsOfCouncil } from './livetraffic/text-section';

export const TEXT_PAGE_BUDGET_BYTES = 30 * 1024;

export interface UnsealedStatusLine {
  status: 'open' | 'closed' | 'restricted';
  message?: string;
  maxGVM?: number;
  expiresAt?: number;
}

export interface TextPageInput {
  lgaCode: string;
  lgaName: string;
  closures: ClosureRecord[];
  unsealed?: UnsealedStatusLine;
  /** The state's hazards in the council (Live Traffic NSW), after its closures. */
  state?: StateHazardsOfCouncil;
  /** Unix seconds. */
  generatedAt: number;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const encoder = new TextEncoder();
const byteLength = (text: string) => encoder.encode(text).length;

const CONDITION_TEXT: Record<string, string> = { closed: 'Closed', changed: 'Changed conditions', opened: 'Reopened' };

/** "Wed 25 Nov, 3:41 pm" in Sydney time: councils using this are in eastern Australia. */
export function formatLocalTime(seconds: number): string {
  return new Date(seconds * 1000).toLocaleString('en-AU', {
    timeZone: 'Australia/Sydney',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });
}

function unsealedLine(unsealed: UnsealedStatusLine | undefined): string {
  if (!unsealed || unsealed.status === 'open') return '<p><strong>Unsealed roads: open.</strong></p>';
  const parts = [`<strong>Unsealed roads: ${unsealed.status === 'closed' ? 'CLOSED' : 'RESTRICTED'}.</strong>`];
  if (unsealed.status === 'restricted' && unsealed.maxGVM) parts.push(`Vehicles over ${unsealed.maxGVM} t GVM must keep off.`);
  if (unsealed.message) parts.push(escapeHtml(unsealed.message));
  if (unsealed.expiresAt) parts.push(`Until ${escapeHtml(formatLocalTime(unsealed.expiresAt))}.`);
  return `<p>${parts.join(' ')}</p>`;
}

/**
 * A closure is named by its place: "Newell Highway, Forbes, NSW", or "Forbes, NSW" where no named
 * road is near (a street drawn by hand). The nearest road's label is not a name: away from named
 * roads it is a road class ("Secondary road") that may lie kilometres off.
 */
function closureItem(closure: ClosureRecord, lgaName: string, stateReference?: string): string {
  const place = closure.formattedAddress || `Somewhere in ${lgaName}`;
  const lines = [
    `<b>${escapeHtml(closureTypeOf(closure.type).text)}: ${escapeHtml(place)}</b>`,
    CONDITION_TEXT[closure.condition] ?? escapeHtml(closure.condition),
  ];
  if (closure.reason) lines.push(escapeHtml(closure.reason));
  if (closure.estimatedReopening) lines.push(`Expected to reopen ${escapeHtml(formatLocalTime(closure.estimatedReopening))}`);
  lines.push(`Updated ${escapeHtml(formatLocalTime(closure.updatedAt))}`);
  if (stateReference) lines.push(escapeHtml(stateReference));
  return `<li>${lines.join('<br>')}</li>`;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:1em;max-width:40em}li{margin:.6em 0}</style></head><body>${body}</body></html>`;
}

/** The page of one council, newest change first. */
export function renderTextPage(input: TextPageInput): string {
  const sorted = [...input.closures].sort((a, b) => b.updatedAt - a.updatedAt);
  const head = `<h1>Road closures: ${escapeHtml(input.lgaName)}</h1><p>As of ${escapeHtml(formatLocalTime(input.generatedAt))}. <a href="/map">Full map</a> · <a href="/text">Other councils</a></p>${unsealedLine(input.unsealed)}`;
  const empty = '<p>No roads are closed by this council right now.</p>';
  let items = '';
  let shown = 0;
  // Bytes, not characters: council text may hold accents, dashes and emoji.
  const fixed = byteLength(page(`Road closures: ${input.lgaName}`, head + '<h2>Closures (0000)</h2><ul></ul><p>and 0000 more: see the full map.</p>'));
  let used = fixed;
  const references = stateReferencesOf(input.state?.hazards ?? [], input.closures);
  for (const closure of sorted) {
    const item = closureItem(closure, input.lgaName, references.get(closure.id));
    const size = byteLength(item);
    if (used + size > TEXT_PAGE_BUDGET_BYTES - 512) break;
    items += item;
    used += size;
    shown++;
  }
  const more = sorted.length - shown;
  const list = sorted.length === 0 ? empty : `<h2>Closures (${sorted.length})</h2><ul>${items}</ul>${more > 0 ? `<p>and ${more} more: see the full map.</p>` : ''}`;
  const state = input.state ? renderStateHazardsSection(input.state, input.closures, input.generatedAt, TEXT_PAGE_BUDGET_BYTES - 512 - used) : '';
  return page(`Road closures: ${input.lgaName}`, head + list + state);
}

/**
 * /text: links to the councils that publish closures here. On a flood day a visitor on one bar
 * of signal wants the councils with closures now, so those come first (most closures first);
 * the other councils follow by name, without a count.
 */
export function renderTextIndex(councils: { code: string; name: string; activeClosures: number }[], generatedAt: number): string {
  const link = (c: { code: string; name: string }) => `<a href="/text/${encodeURIComponent(c.code)}">${escapeHtml(c.name)}</a>`;
  const withClosures = councils.filter((c) => c.activeClosures > 0).sort((a, b) => b.activeClosures - a.activeClosures || a.name.localeCompare(b.name));
  const others = councils.filter((c) => c.activeClosures <= 0).sort((a, b) => a.name.localeCompare(b.name));
  const now = withClosures.length
    ? `<h2>Councils with closures now</h2><ul>${withClosures.map((c) => `<li>${link(c)} (${c.activeClosures} active)</li>`).join('')}</ul>`
    : '<h2>Councils with closures now</h2><p>No council has an active closure.</p>';
  const rest = others.length ? `<h2>Other councils</h2><ul>${others.map((c) => `<li>${link(c)}</li>`).join('')}</ul>` : '';
  return page(
    'Road closures: councils',
    `<h1>Road closures</h1><p>As of ${escapeHtml(formatLocalTime(generatedAt))}. A light page for slow connections; <a href="/map">open the full map</a>.</p>${
      councils.length ? now + rest : '<h2>Councils</h2><ul><li>No council publishes closures here yet.</li></ul>'
    }`,
  );
}

/** Which page a request path asks for: the index, one council's page, or nothing we serve. */
export type TextRoute = { kind: 'index' } | { kind: 'lga'; lgaCode: string } | { kind: 'none' };

/** LGA codes are the ABS's numeric codes (five digits for NSW). */
const LGA_CODE = /^[0-9]{3,8}$/;

export function parseTextPath(pathname: string): TextRoute {
  if (pathname === '/text' || pathname === '/text/') return { kind: 'index' };
  const match = /^\/text\/([^/]+)\/?$/.exec(pathname);
  if (match && LGA_CODE.test(match[1]!)) return { kind: 'lga', lgaCode: match[1]! };
  return { kind: 'none' };
}

/** The council's current unsealed-roads announcement as the page's one status line (none: open). */
export function unsealedLineOf(announcement: AnnouncementRecord | undefined): UnsealedStatusLine {
  if (!announcement || !announcement.unsealedRoadsStatus || announcement.unsealedRoadsStatus === 'open') return { status: 'open' };
  const restrictions = announcement.vehicleRestrictions;
  return {
    status: announcement.unsealedRoadsStatus,
    message: announcement.message || restrictions?.restrictionMessage || undefined,
    maxGVM: restrictions?.enabled ? restrictions.maxGVM : undefined,
    expiresAt: announcement.expiresAt && announcement.expiresAt < NO_EXPIRY ? announcement.expiresAt : undefined,
  };
}

/** The short answer for a council code we do not know. */
export function renderTextNotFound(): string {
  return page('Council not found', '<h1>Council not found</h1><p>No council has that code. <a href="/text">See the list of councils</a>.</p>');
}
