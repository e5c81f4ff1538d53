// The local SMS stand-in: in AWS, End User Messaging SMS sends texts and delivers replies; here
// nothing leaves the machine. Texts the app would send are kept in <data>/sms-outbox.jsonl and
// listed at /dev/sms (local mode only, guarded like /dev/mail), with a form that sends the app a
// reply from a number (STOP, START) as the inbound topic would.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface SmsOutboxMessage {
  to: string;
  body: string;
  sentAt: number;
}

const fileOf = (dataDir: string) => path.join(dataDir, 'sms-outbox.jsonl');

export function smsOutboxSink(dataDir: string) {
  return (message: SmsOutboxMessage) => appendFileSync(fileOf(dataDir), `${JSON.stringify(message)}\n`);
}

export function readSmsOutbox(dataDir: string): SmsOutboxMessage[] {
  if (!existsSync(fileOf(dataDir))) return [];
  return readFileSync(fileOf(dataDir), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SmsOutboxMessage)
    .reverse();
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function smsOutboxPage(dataDir: string, notice?: string): string {
  const rows = readSmsOutbox(dataDir)
    .map((m) => `<tr><td>${new Date(m.sentAt * 1000).toLocaleString('en-AU')}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.body)}</td><td>${m.body.length}</td></tr>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Local SMS stand-in</title>
<style>body{font:15px system-ui,sans-serif;margin:2rem;color:#1b2a3a}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #dde3ea;padding:.5rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}form{margin:1rem 0;display:flex;flex-wrap:wrap;gap:.5rem;align-items:end}label{display:flex;flex-direction:column;gap:.25rem}input,button{font:inherit;padding:.4rem .6rem}</style></head>
<body><h1>Local SMS stand-in</h1><p>Texts the app would send through AWS End User Messaging SMS. Local mode only: nothing leaves this machine.</p>
${notice ? `<p role="status"><strong>${escapeHtml(notice)}</strong></p>` : ''}
<h2>Reply as a phone would</h2><form method="post" action="/dev/sms/reply"><label>From number<input name="from" required placeholder="0412 345 678"></label><label>Message<input name="body" required value="STOP"></label><button type="submit">Send reply</button></form>
<h2>Sent</h2><table><thead><tr><th>Sent</th><th>To</th><th>Message</th><th>Characters</th></tr></thead><tbody>${rows || '<tr><td colspan="4">No texts yet.</td></tr>'}</tbody></table></body></html>`;
}
