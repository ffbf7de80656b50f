import { describe, it } from 'vitest';
import { coordinateSystemEnum } from './coordinate-system';
import { expectEnumToMatchSpec } from './enum-test-support';

describe('coordinate systems', () => {
  it('has the systems of spec 01 §3 as EPSG codes', () => {
    expectEnumToMatchSpec(coordinateSystemEnum, {
      LV03: 'EPSG:21781',
      LV95: 'EPSG:2056',
      WGS84: 'EPSG:4326',
      sphericalWGS84: 'EPSG:3857',
    });
  });
});
