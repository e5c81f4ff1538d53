import { Aws, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
  type BucketProps,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { ORIGINAL_RETENTION_DAYS, PHOTO_ARCHIVE_DAYS, PHOTO_ARCHIVES_PREFIX, PRIVATE_ORIGINALS_PREFIX } from '../lambdas/core/drfa/photos';

/** What every bucket of the project shares: private, TLS only, encrypted, kept on stack deletion. */
export const privateBucketDefaults = {
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  enforceSSL: true,
  minimumTLSVersion: 1.2,
  encryption: BucketEncryption.S3_MANAGED,
  removalPolicy: RemovalPolicy.RETAIN,
} satisfies BucketProps;

/** How long a replaced or deleted photo can still be restored. */
export const MEDIA_VERSION_DAYS = 3;

/**
 * Buckets for uploaded media (report photos, closure images), the LGA data bundle (feeds, served
 * by CloudFront under /feeds/*) and the access logs of every bucket and of the distribution.
 */
/**
 * The media bucket's name, built from the stage, account and region only (no resource
 * reference), so the web distribution's CSP can name exactly this bucket without a dependency
 * cycle (the bucket's CORS rule names the distribution).
 */
export const mediaBucketName = (stage: string) => `road-closures-${stage.toLowerCase()}-media-${Aws.ACCOUNT_ID}-${Aws.REGION}`;

export class Media extends Construct {
  readonly logsBucket: Bucket;
  readonly mediaBucket: Bucket;
  /** Objects live under the `feeds/` prefix so the `/feeds/*` behaviour maps paths 1:1 to keys. */
  readonly feedsBucket: Bucket;

  constructor(scope: Construct, id: string, props: { stage?: string } = {}) {
    super(scope, id);

    this.logsBucket = new Bucket(this, 'AccessLogs', {
      ...privateBucketDefaults,
      // CloudFront standard logging delivers with an ACL grant, so ACLs must stay enabled.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(365) }],
    });
    Validations.of(this.logsBucket.node.defaultChild!).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log destination of the other buckets and the distribution; logging it into itself would log every log delivery.',
    });

    this.mediaBucket = new Bucket(this, 'Media', {
      ...privateBucketDefaults,
      ...(props.stage ? { bucketName: mediaBucketName(props.stage) } : {}),
      // Versioned, so a photo overwritten or deleted by mistake can be restored for a few days;
      // after that the old version goes for good, as a resident's removed photo (and a raw
      // upload with its GPS tags) must.
      versioned: true,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 's3/media/',
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Uploads nothing references (tagged at upload, untagged when attached) expire, as their
        // items do through the table's TTL (UNATTACHED_MEDIA_TTL_SECONDS).
        { id: 'ExpireUnattachedUploads', prefix: 'media/', tagFilters: { unattached: 'true' }, expiration: Duration.days(2) },
        // The private originals (uploads as they came, EXIF and all; docs/drfa.md#photo-evidence):
        // never served publicly, presigned only for the closure's council's staff. One nothing
        // references goes with its upload; the rest are claim records, kept 7 years.
        { id: 'ExpireUnattachedOriginals', prefix: PRIVATE_ORIGINALS_PREFIX, tagFilters: { unattached: 'true' }, expiration: Duration.days(2) },
        { id: 'KeepOriginalsSevenYears', prefix: PRIVATE_ORIGINALS_PREFIX, expiration: Duration.days(ORIGINAL_RETENTION_DAYS) },
        // Staff photo zips are made on request; a day later they are gone.
        { id: 'ExpirePhotoArchives', prefix: PHOTO_ARCHIVES_PREFIX, expiration: Duration.days(PHOTO_ARCHIVE_DAYS) },
        { noncurrentVersionExpiration: Duration.days(MEDIA_VERSION_DAYS), expiredObjectDeleteMarker: true },
        // DRFA claim packs are built on request and downloaded within the hour; the records they
        // are built from stay in the table.
        { id: 'ExpireClaimPacks', prefix: 'claim-packs/', expiration: Duration.days(1) },
      ],
    });

    this.feedsBucket = new Bucket(this, 'Feeds', {
      ...privateBucketDefaults,
      // Versioned so a bad LGA data import can be rolled back to the previous bundle.
      versioned: true,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 's3/feeds/',
      lifecycleRules: [
        { noncurrentVersionExpiration: Duration.days(30) },
        // Administrators' LGA GeoJSON uploads are read once when published; leftovers go after a day.
        { prefix: 'uploads/', expiration: Duration.days(1) },
      ],
    });
    // /admin/lga-data uploads a new LGA GeoJSON with a presigned POST (to uploads/ only). Any
    // origin: the distribution serves this bucket, so naming its domain here would be a cycle,
    // and what authorizes a POST is the signed policy (one key, at most 50 MB), not the origin.
    this.feedsBucket.addCorsRule({ allowedOrigins: ['*'], allowedMethods: [HttpMethods.POST], allowedHeaders: ['*'], maxAge: 3000 });
  }

  /**
   * Lets the web app at `origin` upload with presigned POSTs and read with presigned GETs.
   * Called once the distribution exists, because its domain is only known then.
   */
  allowBrowserAccessFrom(origin: string): void {
    this.mediaBucket.addCorsRule({
      allowedOrigins: [origin],
      allowedMethods: [HttpMethods.POST, HttpMethods.GET, HttpMethods.HEAD],
      allowedHeaders: ['*'],
      exposedHeaders: ['ETag', 'Location'],
      maxAge: 3000,
    });
  }
}
