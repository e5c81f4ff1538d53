// /admin/lga-data: the LGA boundaries imports, uploading and publishing a new ABS LGA GeoJSON,
// and rolling back to the previous bundle. A new import has a new timestamp, which is what makes
// every client's "local data installed" guard download it again.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { conflict, notFound, validationError } from '../../core/errors';
import { MAX_LGA_UPLOAD_BYTES, validateLgaGeoJson } from '../../core/admin/lga-bundle';
import { inflateUpload } from '../../core/admin/lga-upload';
import { deleteLgaUpload, listLgaImports, presignLgaUpload, publishLgaBundle, readLgaUpload, republishImport } from '../../adapters/admin/lga-data';
import { field } from '../resolver';
import { requireAdmin } from './shared';

export const UPLOAD_TOO_LARGE = 'The file is larger than 50 MB';
export const UPLOAD_NOT_FOUND = 'Upload the file first';
export const NOT_JSON = 'The file is not valid JSON';
export const NOT_GZIP = 'The .gz file is damaged and could not be unzipped';
export const NOTHING_TO_ROLL_BACK = 'There is no previous import to roll back to';

type ImportItem = Awaited<ReturnType<typeof listLgaImports>>[number];
const importView = (item: ImportItem, current: boolean) => ({
  timestamp: item.timestamp,
  lgaCount: item.lgaCount,
  bytes: item.bytes ?? null,
  rolledBackFrom: item.rolledBackFrom ?? null,
  current,
});

/** A new import's timestamp: now, but always after the current one (two publishes in a second). */
async function nextTimestamp(): Promise<number> {
  const [latest] = await listLgaImports(1);
  return Math.max(Math.floor(Date.now() / 1000), (latest?.timestamp ?? 0) + 1);
}

export const lgaDataFields = {
  lgaDataImports: field({
    args: z.object({ limit: z.number().int().min(1).max(50).optional().nullable() }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      await requireAdmin(principal);
      const items = await listLgaImports(args.limit ?? 10);
      return items.map((item, i) => importView(item, i === 0));
    },
  }),

  createLgaDataUpload: field({
    args: z.object({ bytes: z.number().int().min(1, 'The file is empty').max(MAX_LGA_UPLOAD_BYTES, UPLOAD_TOO_LARGE) }).strict(),
    access: 'user',
    async authorize({ principal }) {
      await requireAdmin(principal);
    },
    async resolve({ principal }) {
      await requireAdmin(principal);
      const uploadId = randomUUID();
      const { url, fields } = await presignLgaUpload(uploadId, MAX_LGA_UPLOAD_BYTES);
      return { uploadId, url, fields: JSON.stringify(fields), maxBytes: MAX_LGA_UPLOAD_BYTES };
    },
  }),

  publishLgaDataImport: field({
    args: z.object({ uploadId: z.string().uuid(UPLOAD_NOT_FOUND) }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      await requireAdmin(principal);
      const stored = await readLgaUpload(args.uploadId);
      if (!stored) throw notFound(UPLOAD_NOT_FOUND);
      const upload = inflateUpload(stored, MAX_LGA_UPLOAD_BYTES);
      if (!upload.ok) throw validationError(upload.reason === 'too-large' ? UPLOAD_TOO_LARGE : NOT_GZIP);
      let parsed: unknown;
      try {
        parsed = JSON.parse(upload.bytes.toString('utf8'));
      } catch {
        throw validationError(NOT_JSON);
      }
      const result = validateLgaGeoJson(parsed);
      // A malformed file changes nothing: the message lists what is wrong, feature by feature.
      if (!result.ok) throw validationError(`The file was not published. ${result.problems.join('; ')}`);
      const published = await publishLgaBundle(result.bundle, result.bundle.features.length, await nextTimestamp());
      await deleteLgaUpload(args.uploadId);
      return importView(published, true);
    },
  }),

  rollbackLgaDataImport: field({
    args: z.object({}).strict(),
    access: 'user',
    async resolve({ principal }) {
      await requireAdmin(principal);
      const imports = await listLgaImports(50);
      const [current] = imports;
      const previous = imports.find((i) => i.objectKey !== current?.objectKey);
      if (!current || !previous) throw conflict(NOTHING_TO_ROLL_BACK);
      const item = await republishImport(previous, await nextTimestamp());
      return importView(item, true);
    },
  }),
};
