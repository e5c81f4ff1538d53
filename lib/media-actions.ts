// The media bucket's object actions by what a function does with it, so each function is granted
// only those (lambdas/adapters/media/bucket.ts holds the calls; test/cdk/grants.test.ts checks).

/**
 * The media bucket's object actions by what a handler does with it (lambdas/adapters/media/bucket.ts):
 * read (presigned downloads, reads), upload (presigned tagged uploads, tagged writes), untag
 * (an upload becomes attached and stops expiring), delete.
 */
export const MEDIA_ACTIONS = {
  read: ['s3:GetObject'],
  upload: ['s3:PutObject', 's3:PutObjectTagging'],
  untag: ['s3:DeleteObjectTagging'],
  delete: ['s3:DeleteObject'],
} as const;
export type MediaUse = keyof typeof MEDIA_ACTIONS;

export const mediaActions = (uses: readonly MediaUse[]): string[] => [...new Set(uses.flatMap((use) => MEDIA_ACTIONS[use]))];
