/** Wording required by the data licences (docs/data.md#sources-and-licences); keep it verbatim. */
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors, © OpenMapTiles';
export const ABS_LGA_ATTRIBUTION =
  'Source: Australian Bureau of Statistics, Australian Statistical Geography Standard (ASGS) Edition 3, Local Government Areas 2022, © Commonwealth of Australia, licensed under CC BY 4.0.';
export const ABS_PLACES_ATTRIBUTION =
  'Source: Australian Bureau of Statistics, ASGS Edition 3 (Suburbs and Localities 2021; Urban Centres and Localities 2021) and ASGS 2016 (State Suburbs), © Commonwealth of Australia, CC BY 4.0.';
export const GEONAMES_ATTRIBUTION = 'Town centres: GeoNames (geonames.org), CC BY 4.0.';
