// The local web server sends the security headers CloudFront sends in AWS, on every response:
// pages, the API, config and feeds alike; only the embeddable map may be framed.
import { describe, expect, inject, it } from 'vitest';

const base = () => inject('stack').url;

function expectSecurityHeaders(headers: Headers, where: string) {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp, where).toContain("default-src 'self'");
  expect(csp, where).toContain("object-src 'none'");
  expect(headers.get('strict-transport-security'), where).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
  expect(headers.get('x-content-type-options'), where).toBe('nosniff');
  expect(headers.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
}

describe('security headers of the local web server', () => {
  // The embed's neighbours are the whole app with its navigation: never framable.
  it.each(['/', '/closures', '/sign-in', '/config.json', '/assets/missing.js', '/map-style.json', '/lga-embed/', '/lga-embedx', '/lga-embed/12900', '/lga-embed.html'])("sends them on %s with frame-ancestors 'none'", async (path) => {
    const response = await fetch(`${base()}${path}`);
    await response.arrayBuffer();
    expectSecurityHeaders(response.headers, path);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('sends them on the GraphQL API, refusals included', async () => {
    const response = await fetch(`${base()}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    await response.arrayBuffer();
    expect(response.status).toBe(401);
    expectSecurityHeaders(response.headers, '/graphql');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('lets other sites frame the embeddable map only', async () => {
    const response = await fetch(`${base()}/lga-embed?lga=12900&first=list`);
    await response.arrayBuffer();
    expectSecurityHeaders(response.headers, '/lga-embed');
    expect(response.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(response.headers.get('content-security-policy')).not.toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBeNull();
  });
});
