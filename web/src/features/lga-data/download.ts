import { isFeatureCollection, type LgaFeatureCollection } from './bundle-store';

export interface DownloadProgress {
  receivedBytes: number;
  /** null when the server does not say (compressed or chunked responses). */
  totalBytes: number | null;
}

export async function downloadLgaBundle(url: string, onProgress: (p: DownloadProgress) => void, signal?: AbortSignal): Promise<LgaFeatureCollection> {
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new Error(`Could not download the LGA data: ${(err as Error).message}`);
  }
  if (!response.ok) throw new Error(`Could not download the LGA data: the server answered ${response.status}`);

  const length = Number(response.headers.get('content-length'));
  // With content-encoding the header counts compressed bytes, not the bytes the stream yields.
  const totalBytes = Number.isFinite(length) && length > 0 && !response.headers.get('content-encoding') ? length : null;
  const chunks: Uint8Array[] = [];
  let receivedBytes = 0;
  onProgress({ receivedBytes, totalBytes });

  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      receivedBytes += value.byteLength;
      onProgress({ receivedBytes, totalBytes });
    }
  } else {
    const buffer = new Uint8Array(await response.arrayBuffer());
    chunks.push(buffer);
    receivedBytes = buffer.byteLength;
    onProgress({ receivedBytes, totalBytes });
  }

  let parsed: unknown;
  try {
    parsed = JSON.parse(await new Blob(chunks as BlobPart[]).text());
  } catch {
    throw new Error('The LGA data download is not valid JSON');
  }
  if (!isFeatureCollection(parsed)) throw new Error('The LGA data download is not a GeoJSON FeatureCollection');
  return parsed;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
