// The unsealed-road rules a vehicle-aware trip reads: which LGA a road lies in (the ABS
// boundaries the Lambda carries) and that LGA's current unsealed-roads announcement.
import { keepsVehicleOff } from '../../core/announcements/rules';
import type { UnsealedRules } from '../../core/directions/unsealed';
import { getLgaArea, getLgaLocator } from '../../core/lga-locate';
import { currentUnsealedAnnouncement } from '../announcements/store';

/** An announcement past its expiry no longer applies, even before the hourly schedule archives it. */
export function unsealedRules(now: number): UnsealedRules {
  return {
    lgaAt: ([lng, lat]) => getLgaLocator().locate(lng, lat)?.code,
    async keepsOff(lgaCode, vehicleMass) {
      const current = await currentUnsealedAnnouncement(lgaCode);
      if (current && current.expiresAt <= now) return false;
      return keepsVehicleOff(current, vehicleMass);
    },
    boundary: (lgaCode) => getLgaArea(lgaCode)?.polygons,
  };
}
