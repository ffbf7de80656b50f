import proj4 from 'proj4';

/** Swiss LV95 (EPSG:2056), as swisstopo defines it for proj4. */
proj4.defs(
  'EPSG:2056',
  '+proj=somerc +lat_0=46.9524055555556 +lon_0=7.43958333333333 +k_0=1 +x_0=2600000 +y_0=1200000 +ellps=bessel +towgs84=674.374,15.056,405.346,0,0,0,0 +units=m +no_defs',
);

/** LV95 east/north (metres) to WGS84 latitude/longitude (degrees). */
export function lv95ToWgs84(east: number, north: number): { latitude: number; longitude: number } {
  const [longitude, latitude] = proj4('EPSG:2056', 'EPSG:4326', [east, north]) as [number, number];
  return { latitude, longitude };
}

/** WGS84 latitude/longitude to LV95 east/north. */
export function wgs84ToLv95(latitude: number, longitude: number): { east: number; north: number } {
  const [east, north] = proj4('EPSG:4326', 'EPSG:2056', [longitude, latitude]) as [number, number];
  return { east, north };
}
