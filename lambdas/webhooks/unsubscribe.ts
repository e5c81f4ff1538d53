// One-click unsubscribe from alert mail (RFC 8058). A mail client POSTs
// "List-Unsubscribe=One-Click" to the link in the List-Unsubscribe header; a person who opens the
// link gets a page with one button that POSTs the same. A GET changes nothing (mail scanners open
// links). The link's token is signed (lambdas/core/alerts/unsubscribe-token.ts): no sign-in is
// needed, and a token made up or altered is refused and changes nothing. In AWS a Lambda function
// URL behind the site's CloudFront at /alerts/unsubscribe; locally the web server's same path.
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { alertSigningKey } from '../adapters/alerts/alert-key';
import { stopEmailFor } from '../adapters/alerts/subscription-channels';
import { verifyUnsubscribe } from '../core/alerts/unsubscribe-token';

export interface UnsubscribeAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export const INVALID_LINK_MESSAGE = 'This unsubscribe link is not valid. Open your subscriptions in the app to change your emails.';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(status: number, title: string, body: string): UnsubscribeAnswer {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Road closures</title>
<style>body{font:16px system-ui,sans-serif;margin:0;color:#1b2a3a}main{max-width:36rem;margin:2rem auto;padding:0 1rem}button{font:inherit;padding:.6rem 1.2rem;border-radius:6px;border:0;background:#0b5394;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #f0b400;outline-offset:2px}a{color:#0b5394}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
  return {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex' },
    body: html,
  };
}

const SUBSCRIPTIONS_LINK = '<p><a href="/subscriptions">Your subscriptions</a></p>';

export async function handleUnsubscribe(method: string, token: string | undefined): Promise<UnsubscribeAnswer> {
  const claim = token ? verifyUnsubscribe(await alertSigningKey(), token) : undefined;
  if (!claim) return page(400, 'Link not valid', `<p>${escapeHtml(INVALID_LINK_MESSAGE)}</p>${SUBSCRIPTIONS_LINK}`);
  const what = { all: 'all alert emails', closure: 'emails about this closure', lga: "emails about this council's closures", zone: 'emails about this watched area', trip: 'emails about this saved trip' }[claim.target.kind];
  if (method === 'POST') {
    await stopEmailFor(claim.uid, claim.target);
    return page(200, 'Unsubscribed', `<p>You will get no more ${what}. You still follow it in the app; in-app and push notifications are unchanged.</p>${SUBSCRIPTIONS_LINK}`);
  }
  if (method !== 'GET' && method !== 'HEAD') return page(405, 'Not allowed', '<p>Open the link in your browser.</p>');
  return page(
    200,
    'Stop these emails?',
    `<form method="post"><input type="hidden" name="token" value="${escapeHtml(token!)}"><p>Stop ${what}?</p><button type="submit">Unsubscribe</button></form>${SUBSCRIPTIONS_LINK}`,
  );
}

/** The token from the query string, or from a form body (the page's own button). */
export function tokenOf(query: URLSearchParams, body: string | undefined): string | undefined {
  const fromQuery = query.get('token') ?? undefined;
  if (fromQuery) return fromQuery;
  if (!body) return undefined;
  return new URLSearchParams(body).get('token') ?? undefined;
}

export const handler = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
  const body = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : undefined;
  const answer = await handleUnsubscribe(event.requestContext.http.method, tokenOf(new URLSearchParams(event.rawQueryString ?? ''), body?.slice(0, 2000)));
  return { statusCode: answer.status, headers: answer.headers, body: answer.body };
};
