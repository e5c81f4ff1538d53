// Photo uploads: checked in the browser first (a clear message beats S3's XML refusal), then sent
// as the presigned POST the API hands out: its fields, then the file as `file`, multipart.

/** The API's limits (lambdas/core/closures/media.ts). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

export function checkPhoto(file: { name: string; type: string; size: number }): string | null {
  if (!file.type.startsWith('image/') || !UPLOAD_TYPES.includes(file.type)) {
    return `${file.name} is not a photo we can take: choose a JPEG, PNG, WebP or GIF image.`;
  }
  if (file.size > MAX_UPLOAD_BYTES) {
    return `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB: photos can be at most 10 MB.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

export function parseFields(fields: string | Record<string, string>): Record<string, string> {
  return typeof fields === 'string' ? (JSON.parse(fields) as Record<string, string>) : fields;
}

/** fetch() cannot report upload progress, XMLHttpRequest can. */
export function postToPresignedUrl(
  url: string,
  fields: Record<string, string>,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<void> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  // S3 ignores every field after `file`, so it goes last.
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else {
        const code = /<Code>([^<]+)<\/Code>/.exec(xhr.responseText)?.[1];
        reject(new Error(`The photo store refused the upload (${code ?? `HTTP ${xhr.status}`})`));
      }
    };
    xhr.onerror = () => reject(new Error('The photo could not be sent. Check your connection and try again.'));
    xhr.send(form);
  });
}
