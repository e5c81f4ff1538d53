// What an alert mail says, in the product's words: the road, what happened to it (closed,
// changed, reopened, removed), why, when it is expected to reopen and a link to the closure, as
// plain text and as HTML. A daily digest lists the day's closures the same way. Pure: the
// consumer loads the facts and the links.
import { closureTypeOf } from '../closures/types';
import type { ClosureEvent } from '../notifications/messages';
import { MOVED_OUT_OF_ZONE } from './watch-zones';

export interface ClosureAlertFacts {
  id: string;
  type: string;
  reason?: string;
  road?: string;
  formattedAddress?: string;
  lgaName?: string;
  scheduled?: boolean;
  estimatedReopening?: number;
  /** The council's time zone, for the reopening estimate. */
  timeZone: string;
}

export interface AlertLine {
  event: ClosureEvent;
  closure: ClosureAlertFacts;
  /** The closure on the site's map. */
  link: string;
  /** The watched area (its name) this change moved the closure out of. */
  movedOutOf?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** What happened to the road, as one word a person reads first. */
function conditionOf(line: AlertLine): string {
  if (line.movedOutOf) return MOVED_OUT_OF_ZONE;
  switch (line.event) {
    case 'closure.created':
      return line.closure.scheduled ? 'Closure scheduled' : 'Road closed';
    case 'closure.changed':
      return 'Closure updated';
    case 'closure.reopened':
      return 'Road reopened';
    case 'closure.deleted':
      return 'Closure removed';
  }
}

const roadOf = (c: ClosureAlertFacts) => c.road ?? c.formattedAddress ?? (c.lgaName ? `a road in ${c.lgaName}` : 'a road you follow');

export function formatReopening(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-AU', { timeZone, weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(new Date(at * 1000));
}

/** The facts of one closure as label/value rows, the same in the text and the HTML. */
function rowsOf(line: AlertLine): [string, string][] {
  const c = line.closure;
  const rows: [string, string][] = [
    ['Road', roadOf(c)],
    ['Condition', `${conditionOf(line)}: ${closureTypeOf(c.type).text}`],
  ];
  if (c.formattedAddress && c.road && c.formattedAddress !== c.road) rows.push(['Where', c.formattedAddress]);
  if (line.movedOutOf) rows.push(['Your watched area', `${line.movedOutOf}: the closure no longer lies in it`]);
  if (c.reason) rows.push(['Reason', c.reason]);
  if (line.event !== 'closure.reopened' && line.event !== 'closure.deleted') {
    rows.push(['Expected to reopen', c.estimatedReopening ? formatReopening(c.estimatedReopening, c.timeZone) : 'Not yet known']);
  }
  return rows;
}

const FOOTER_TEXT = (manage: string, unsubscribe: string) =>
  `You receive this because you follow this on Road closures. Change how you hear about it: ${manage}\nStop these emails: ${unsubscribe}`;

function footerHtml(manage: string, unsubscribe: string): string {
  return `<p style="color:#5a6b7b;font-size:13px">You receive this because you follow this on Road closures. <a href="${escapeHtml(manage)}">Change how you hear about it</a> or <a href="${escapeHtml(unsubscribe)}">stop these emails</a>.</p>`;
}

function blockText(line: AlertLine): string {
  return [...rowsOf(line).map(([label, value]) => `${label}: ${value}`), `See it on the map: ${line.link}`].join('\n');
}

function blockHtml(line: AlertLine): string {
  const rows = rowsOf(line)
    .map(([label, value]) => `<tr><th scope="row" style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  return `<table role="presentation" style="border-collapse:collapse">${rows}</table><p><a href="${escapeHtml(line.link)}">See it on the map</a></p>`;
}

/** One alert mail about one closure event. */
export function closureAlertMail(line: AlertLine, links: { manage: string; unsubscribe: string }): RenderedMail {
  const subject = `${conditionOf(line)}: ${roadOf(line.closure)}`.slice(0, 200);
  const text = `${blockText(line)}\n\n${FOOTER_TEXT(links.manage, links.unsubscribe)}\n`;
  const html = `<!doctype html><html lang="en"><body style="font:15px system-ui,sans-serif;color:#1b2a3a"><h1 style="font-size:18px">${escapeHtml(subject)}</h1>${blockHtml(line)}${footerHtml(links.manage, links.unsubscribe)}</body></html>`;
  return { subject, text, html };
}

/** The daily digest: every closure the person heard about since the last one, latest news of each. */
export function digestMail(lines: readonly AlertLine[], links: { manage: string; unsubscribe: string }, place?: string): RenderedMail {
  const count = lines.length;
  const subject = `Road closures today${place ? ` in ${place}` : ''}: ${count} ${count === 1 ? 'update' : 'updates'}`;
  const text = `${lines.map((l) => `${conditionOf(l)}\n${blockText(l)}`).join('\n\n')}\n\n${FOOTER_TEXT(links.manage, links.unsubscribe)}\n`;
  const html = `<!doctype html><html lang="en"><body style="font:15px system-ui,sans-serif;color:#1b2a3a"><h1 style="font-size:18px">${escapeHtml(subject)}</h1>${lines
    .map((l) => `<h2 style="font-size:16px">${escapeHtml(conditionOf(l))}</h2>${blockHtml(l)}`)
    .join('')}${footerHtml(links.manage, links.unsubscribe)}</body></html>`;
  return { subject, text, html };
}

/** Keeps the latest news of each closure, in the order the closures first appeared. */
export function latestPerClosure<T extends { closure: { id: string } }>(lines: readonly T[]): T[] {
  const latest = new Map<string, T>();
  for (const line of lines) {
    latest.delete(line.closure.id);
    latest.set(line.closure.id, line);
  }
  return [...latest.values()];
}
