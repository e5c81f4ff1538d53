// The public map's home council: remembered on this device so that the next visit's
// /early-reads.js starts that council's closures file before the app's code has loaded.
import { takeEarlyRead } from '../../../lib/early-reads';

/** Where /early-reads.js reads the council the map last opened on. */
export const MAP_LGA_STORAGE_KEY = 'road-closures:map-lga';

/** The early request for `lgaCode`'s map file, once; undefined when there is none. */
export const takeEarlyMapFile = (lgaCode: string) => takeEarlyRead('mapFile', (request) => request.lgaCode === lgaCode);

/** The next visit's early request asks for this council's file. */
export function rememberMapLga(lgaCode: string): void {
  try {
    localStorage.setItem(MAP_LGA_STORAGE_KEY, lgaCode);
  } catch {
    // Storage blocked: the next visit starts with the default council.
  }
}
