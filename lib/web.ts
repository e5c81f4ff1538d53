import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  OriginRequestPolicy,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { FunctionUrlOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IFunctionUrl } from 'aws-cdk-lib/aws-lambda';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { privateBucketDefaults } from './media';
import { rumCspSources, rumEnabled } from './rum';
import { mapStyleUrls, type BaseLayerId } from './map-styles';

export interface WebProps {
  readonly logsBucket: IBucket;
  readonly feedsBucket: IBucket;
  /** AppSync host names (HTTPS and realtime WebSocket) the app talks to. */
  readonly graphqlHost: string;
  readonly realtimeHost: string;
  /** The media bucket's name (lib/media.ts mediaBucketName): the only bucket the CSP lets the app reach. */
  readonly mediaBucketName?: string;
  /** The low-bandwidth closures pages' function URL (lib/text-pages.ts), served at /text and /text/*. */
  readonly textPagesUrl?: IFunctionUrl;
  /** One-click unsubscribe from alert mail, served at /alerts/unsubscribe (lib/alerts.ts). */
  readonly unsubscribeUrl?: IFunctionUrl;
  /** Optional own domain; its ACM certificate must be in us-east-1. */
  readonly customDomain?: { readonly domainName: string; readonly certificateArn: string };
}

/**
 * Context `amazonLocationStyleUrl`: an Amazon Location Maps v2 style descriptor with its API key,
 * https://maps.geo.<region>.amazonaws.com/v2/styles/<Style>/descriptor?key=<key>. When set, the
 * web app draws that base map instead of the pre-built /map-style.json. The key is public by
 * design (it sits in /config.json); restrict it to the site's referrers in Amazon Location.
 */
export function amazonLocationStyle(scope: Construct): { url: string; origin: string } | undefined {
  const value = scope.node.tryGetContext('amazonLocationStyleUrl') as unknown;
  if (value === undefined || value === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(String(value));
  } catch {
    url = undefined;
  }
  if (!url || url.protocol !== 'https:' || !/^maps\.geo\.[a-z0-9-]+\.amazonaws\.com$/.test(url.hostname)) {
    throw new Error(`Context "amazonLocationStyleUrl" must be https://maps.geo.<region>.amazonaws.com/v2/styles/... (got "${String(value)}")`);
  }
  return { url: url.href, origin: url.origin };
}

/**
 * The path of the embeddable map, the only page other sites may frame. Exact, without a
 * wildcard: `/lga-embed*` would also let `/lga-embed/` and `/lga-embedx` (the whole app with its
 * navigation) be framed.
 */
export const embedPathPattern = '/lga-embed';

/** The public map's per-LGA closures file (lambdas/core/comms/map-file.ts mapFileKey). */
export const MAP_FILE_PATH_PATTERN = '/feeds/*/map.json';

/**
 * The React SPA on S3 behind CloudFront, the LGA data bundle under /feeds/*, and the security
 * headers: a strict CSP everywhere, with framing allowed for the embed page only.
 */
export class Web extends Construct {
  readonly siteBucket: Bucket;
  readonly distribution: Distribution;
  /** `https://` + the site's host, for CORS rules and links in e-mails. */
  readonly siteUrl: string;
  /** What /config.json's app.mapStyle says: Amazon Location's style when configured, else ours. */
  readonly mapStyleUrl: string;
  /** What /config.json's app.mapStyles says: every base layer's style (lib/map-styles.ts). */
  readonly mapStyleUrls: Record<BaseLayerId, string>;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const region = Stack.of(this).region;
    const amazonLocation = amazonLocationStyle(this);
    this.mapStyleUrl = amazonLocation?.url ?? '/map-style.json';
    this.mapStyleUrls = mapStyleUrls(amazonLocation?.url);
    // The style, its tiles, glyphs and sprites all come from the Maps v2 host (fetched by
    // maplibre-gl, sprites also drawn as images); its workers stay on blob: URLs.
    const mapHost = amazonLocation ? ` ${amazonLocation.origin}` : '';

    this.siteBucket = new Bucket(this, 'Site', {
      ...privateBucketDefaults,
      // Not versioned: every deploy uploads the build from git, which is the history.
      serverAccessLogsBucket: props.logsBucket,
      serverAccessLogsPrefix: 's3/site/',
    });

    // CloudWatch RUM (context rum=true): its client script and the hosts it reports to.
    const rum = rumEnabled(this) ? rumCspSources(region) : undefined;
    const mediaHost = props.mediaBucketName ? `https://${props.mediaBucketName}.s3.${region}.amazonaws.com` : `https://*.s3.${region}.amazonaws.com`;
    const csp = (frameAncestors: string) =>
      [
        "default-src 'self'",
        `script-src 'self'${rum ? ` ${rum.script}` : ''}`,
        // Amplify UI's ThemeProvider injects a <style> element; styles cannot run script.
        "style-src 'self' 'unsafe-inline'",
        // Presigned S3 URLs (media uploads and photos) use the media bucket's virtual host: that
        // bucket only, named without a reference (see mediaBucketName), never every bucket.
        `connect-src 'self' https://${props.graphqlHost} wss://${props.realtimeHost} https://cognito-idp.${region}.amazonaws.com ${mediaHost}${mapHost}${rum ? ` ${rum.connect}` : ''}`,
        `img-src 'self' data: blob: ${mediaHost}${mapHost}`,
        "font-src 'self' data:",
        // maplibre-gl runs its tile workers from blob: URLs; the service worker is same-origin.
        "worker-src 'self' blob:",
        "child-src 'self' blob:",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        `frame-ancestors ${frameAncestors}`,
        'upgrade-insecure-requests',
      ].join('; ');

    const headersPolicy = (policyId: string, frameAncestors: string, frameOption?: HeadersFrameOption) =>
      new ResponseHeadersPolicy(this, policyId, {
        comment: `Security headers (frame-ancestors ${frameAncestors})`,
        securityHeadersBehavior: {
          contentSecurityPolicy: { contentSecurityPolicy: csp(frameAncestors), override: true },
          strictTransportSecurity: {
            accessControlMaxAge: Duration.days(730),
            includeSubdomains: true,
            override: true,
          },
          contentTypeOptions: { override: true },
          referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
          ...(frameOption ? { frameOptions: { frameOption, override: true } } : {}),
        },
        customHeadersBehavior: {
          customHeaders: [
            // Geolocation for "near me"; nothing else the app does needs a powerful feature.
            { header: 'Permissions-Policy', value: 'geolocation=(self), camera=(), microphone=(), payment=()', override: true },
          ],
        },
      });
    const appHeaders = headersPolicy('AppHeaders', "'none'", HeadersFrameOption.DENY);
    // Councils embed the map on their own websites, whose origins are not known in advance.
    const embedHeaders = headersPolicy('EmbedHeaders', '*');

    // The embed page is a client-side route. Serving it through the 403/404 fallback would rely
    // on which behaviour's headers CloudFront applies to an error page; rewriting to the app
    // shell keeps the response on this behaviour and its framing policy.
    const embedShell = new CloudFrontFunction(this, 'EmbedShell', {
      comment: 'Serves the SPA shell for the embeddable map route',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(
        "function handler(event) { var request = event.request; if (request.uri.indexOf('.') === -1) { request.uri = '/index.html'; } return request; }",
      ),
    });

    const siteOrigin = S3BucketOrigin.withOriginAccessControl(this.siteBucket);
    const secure = { viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS, compress: true };
    const embedBehavior: BehaviorOptions = {
      ...secure,
      origin: siteOrigin,
      responseHeadersPolicy: embedHeaders,
      functionAssociations: [{ function: embedShell, eventType: FunctionEventType.VIEWER_REQUEST }],
    };
    // Open data: any site may fetch the feeds (CORS open); the app's security headers still apply.
    const feedsHeaders = new ResponseHeadersPolicy(this, 'FeedsHeaders', {
      comment: 'Open feeds: CORS for every origin, security headers',
      corsBehavior: {
        accessControlAllowCredentials: false,
        accessControlAllowHeaders: ['*'],
        accessControlAllowMethods: ['GET', 'HEAD', 'OPTIONS'],
        accessControlAllowOrigins: ['*'],
        accessControlExposeHeaders: ['ETag'],
        originOverride: true,
      },
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: csp("'none'"), override: true },
        contentTypeOptions: { override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      },
    });
    const feedsBehavior: BehaviorOptions = {
      ...secure,
      origin: S3BucketOrigin.withOriginAccessControl(props.feedsBucket),
      responseHeadersPolicy: feedsHeaders,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
      // The import sets Cache-Control per object; the version query string busts caches.
      cachePolicy: CachePolicy.USE_ORIGIN_CACHE_CONTROL_HEADERS_QUERY_STRINGS,
    };
    // The public map's per-LGA file (feeds/{lga}/map.json), rewritten on every closure change:
    // every visitor's map is a CloudFront hit (no Lambda, no DynamoDB). Nothing but the path is in
    // the cache key, so a query string cannot bypass the cache; the object's s-maxage (10 s) sets
    // how long an edge keeps it, capped at a minute; browsers revalidate with the ETag.
    const mapFileCache = new CachePolicy(this, 'MapFileCache', {
      comment: 'Public map per-LGA closures file: short edge TTL, path-only key, compressed',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(10),
      maxTtl: Duration.seconds(60),
      queryStringBehavior: CacheQueryStringBehavior.none(),
      headerBehavior: CacheHeaderBehavior.none(),
      cookieBehavior: CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const mapFileBehavior: BehaviorOptions = { ...feedsBehavior, cachePolicy: mapFileCache };

    // The low-bandwidth closures pages: rendered by a function, cached at the edge for a minute
    // (the function's Cache-Control), so a burst of visitors during a flood costs one call a minute.
    const textBehaviors: Record<string, BehaviorOptions> = {};
    if (props.textPagesUrl) {
      const textBehavior: BehaviorOptions = {
        ...secure,
        origin: FunctionUrlOrigin.withOriginAccessControl(props.textPagesUrl),
        responseHeadersPolicy: appHeaders,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: new CachePolicy(this, 'TextPagesCache', {
          comment: 'Low-bandwidth closures pages: the origin says a minute; no cookies, headers or query strings',
          defaultTtl: Duration.seconds(60),
          minTtl: Duration.seconds(0),
          maxTtl: Duration.minutes(5),
          enableAcceptEncodingGzip: true,
          enableAcceptEncodingBrotli: true,
        }),
      };
      textBehaviors['/text'] = textBehavior;
      textBehaviors['/text/*'] = textBehavior;
    }

    // One-click unsubscribe: mail clients POST with no AWS signature (origin access control would
    // need one for a POST), so the function URL is public and checks each link's HMAC itself.
    if (props.unsubscribeUrl) {
      textBehaviors['/alerts/unsubscribe'] = {
        ...secure,
        origin: new FunctionUrlOrigin(props.unsubscribeUrl),
        responseHeadersPolicy: appHeaders,
        allowedMethods: AllowedMethods.ALLOW_ALL,
        cachePolicy: CachePolicy.CACHING_DISABLED,
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      };
    }

    const domain = props.customDomain;
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Road closures web app',
      defaultRootObject: 'index.html',
      defaultBehavior: { ...secure, origin: siteOrigin, responseHeadersPolicy: appHeaders },
      // CloudFront takes the first matching pattern: the map file's before the feeds'.
      additionalBehaviors: { [embedPathPattern]: embedBehavior, [MAP_FILE_PATH_PATTERN]: mapFileBehavior, '/feeds/*': feedsBehavior, ...textBehaviors },
      // Client-side routes: S3 answers 403 (no ListBucket) or 404 for them; serve the app shell.
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 200,
        responsePagePath: '/index.html',
        ttl: Duration.seconds(10),
      })),
      httpVersion: HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: props.logsBucket,
      logFilePrefix: 'cloudfront/',
      ...(domain
        ? {
            domainNames: [domain.domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    });
    this.siteUrl = `https://${domain ? domain.domainName : this.distribution.distributionDomainName}`;

    Validations.of(this.distribution.node.defaultChild!).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'The app serves Australian councils but also travellers and residents abroad checking roads before a trip; the product asks for no geo restriction.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason: 'The distribution serves static files only; the one dynamic surface, the AppSync API, has its own regional WAF. A CLOUDFRONT-scope web ACL would have to live in a us-east-1 stack.',
      },
    );
    if (!domain) {
      Validations.of(this.distribution.node.defaultChild!).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason: 'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose viewer TLS policy cannot be chosen; with context domainName/certificateArn it enforces TLSv1.2_2021.',
      });
    }
  }
}
