import { defineEnum, type EnumValue } from './enum-helpers';

/**
 * Spec 01 §3 "Coordinate systems". The values are the EPSG codes proj4 and OpenLayers use.
 * Events store WGS84 lat/long; the Swiss federal map link uses LV95 (spec 01 §7, spec 02 §2).
 */
export const CoordinateSystem = {
  LV03: 'EPSG:21781',
  LV95: 'EPSG:2056',
  WGS84: 'EPSG:4326',
  sphericalWGS84: 'EPSG:3857',
} as const;
export type CoordinateSystem = EnumValue<typeof CoordinateSystem>;

export const coordinateSystemEnum = defineEnum('coordinateSystem', CoordinateSystem);
export const {
  values: coordinateSystemValues,
  schema: coordinateSystemSchema,
  labelKey: coordinateSystemLabelKey,
} = coordinateSystemEnum;
