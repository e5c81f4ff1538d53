// The low-bandwidth closures pages behind CloudFront (/text, /text/{lgaCode}): a Lambda function
// URL that only the distribution may call. Plain HTML, no script, cached for a minute at the edge;
// locally the web server calls the same function (local/web-server.ts).
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { textPage } from '../adapters/text/pages';
import { parseTextPath } from '../core/text-page';

/** Short, so a new closure or status reaches the page within a minute on one bar of signal. */
export const TEXT_PAGE_CACHE_CONTROL = 'public, max-age=60, stale-if-error=86400';

export const TEXT_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  // No script, no styles from elsewhere: the page needs nothing but itself.
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
};

export async function respondTextPage(pathname: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { status, html } = await textPage(parseTextPath(pathname));
  return { status, headers: { ...TEXT_PAGE_HEADERS, 'cache-control': status === 200 ? TEXT_PAGE_CACHE_CONTROL : 'public, max-age=60' }, body: html };
}

export const handler = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
  const { status, headers, body } = await respondTextPage(event.rawPath ?? '/text');
  return { statusCode: status, headers, body };
};
