import { useState } from 'react';
import { readLgaBundle } from '../lga-data/bundle-store';
import { currentPosition, findLgaAt } from './lga-locate';

export interface Located {
  lat: number;
  lng: number;
  lga: { code: string; name: string } | null;
}

/** "Use my location": the browser's position and the installed boundary that holds it. */
export function useLocateLga() {
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const locate = async (): Promise<Located | null> => {
    setError(null);
    setLocating(true);
    try {
      const { lat, lng } = await currentPosition();
      const lga = findLgaAt(await readLgaBundle(), lng, lat);
      if (!lga) setError('Your location is not inside an Australian council area. Choose your council from the list.');
      return { lat, lng, lga };
    } catch (err) {
      setError((err as Error).message);
      return null;
    } finally {
      setLocating(false);
    }
  };
  return { locate, locating, error };
}
