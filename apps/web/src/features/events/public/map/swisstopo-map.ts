import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import { defaults as defaultControls } from 'ol/control/defaults.js';
import TileLayer from 'ol/layer/Tile.js';
import VectorLayer from 'ol/layer/Vector.js';
import { get as getProjection, transform } from 'ol/proj.js';
import { register } from 'ol/proj/proj4.js';
import VectorSource from 'ol/source/Vector.js';
import WMTS from 'ol/source/WMTS.js';
import WMTSTileGrid from 'ol/tilegrid/WMTS.js';
import proj4 from 'proj4';
// Defines EPSG:2056 in proj4 (the app's one definition of LV95).
import '../../../../lib/lv95';

/**
 * The swisstopo map of the public event list (spec 02 §2 "Map view"): the national map in colour
 * and grey and the aerial images, as WMTS tiles in Swiss LV95 (EPSG:2056).
 */
register(proj4);

/** The LV95 tile matrix set 2056 of wmts.geo.admin.ch: its area, top-left origin and resolutions (m/px). */
export const swissExtent = [2420000, 1030000, 2900000, 1350000];
const tileOrigin = [2420000, 1350000];
const tileResolutions = [
  4000, 3750, 3500, 3250, 3000, 2750, 2500, 2250, 2000, 1750, 1500, 1250, 1000, 750, 650, 500, 250, 100, 50, 20, 10, 5,
  2.5, 2, 1.5, 1, 0.5, 0.25, 0.1,
];

/** Spec 02 §2 and §9 map constants. */
export const mapSettings = {
  maxZoom: 17,
  defaultZoom: 10,
  /** Longitude, latitude (WGS84): about the centre of Switzerland. */
  defaultCenter: [8.22, 46.8] as const,
  height: '20rem',
  eventOpacity: 0.75,
  /** Showing the events never zooms closer than this (one event: its surroundings). */
  fitMaxZoom: 13,
};

/**
 * Zoom levels as web maps count them: zoom 0 puts the earth's circumference on 256 pixels and
 * each level halves the resolution (zoom 10 about 153 m, zoom 17 about 1.2 m per pixel). The
 * tiles come from the nearest of swisstopo's own levels.
 */
const zoomZeroResolution = 40075016.68557849 / 256;

export type BaseLayerKey = 'colour' | 'grey' | 'satellite';
export const baseLayerKeys: readonly BaseLayerKey[] = ['colour', 'grey', 'satellite'];

const layerNames: Record<BaseLayerKey, string> = {
  colour: 'ch.swisstopo.pixelkarte-farbe',
  grey: 'ch.swisstopo.pixelkarte-grau',
  satellite: 'ch.swisstopo.swissimage',
};

function lv95Projection() {
  const projection = getProjection('EPSG:2056');
  if (!projection) throw new Error('EPSG:2056 is not registered.');
  projection.setExtent(swissExtent);
  return projection;
}

function baseLayer(key: BaseLayerKey) {
  const projection = lv95Projection();
  const layer = layerNames[key];
  const source = new WMTS({
    url: `https://wmts.geo.admin.ch/1.0.0/${layer}/default/current/2056/{TileMatrix}/{TileCol}/{TileRow}.jpeg`,
    requestEncoding: 'REST',
    layer,
    matrixSet: '2056',
    format: 'image/jpeg',
    style: 'default',
    projection,
    tileGrid: new WMTSTileGrid({
      origin: tileOrigin,
      resolutions: tileResolutions,
      matrixIds: tileResolutions.map((_, index) => String(index)),
    }),
    attributions: '© <a href="https://www.swisstopo.admin.ch/" target="_blank" rel="noopener noreferrer">swisstopo</a>',
    // Tiles that fail to load (offline, blocked) leave the map grey; the markers stay.
    transition: 0,
  });
  return new TileLayer({ source, visible: key === 'colour', properties: { baseLayerKey: key } });
}

/** WGS84 longitude/latitude to map coordinates. */
export const toMapCoordinates = (longitude: number, latitude: number) =>
  transform([longitude, latitude], 'EPSG:4326', 'EPSG:2056');

export interface SwisstopoMap {
  map: OlMap;
  markers: VectorSource;
  setBaseLayer: (key: BaseLayerKey) => void;
}

/** Builds the map into `target` with the three base layers and an empty marker layer. */
export function createSwisstopoMap(target: HTMLElement, labels: { zoomIn: string; zoomOut: string }): SwisstopoMap {
  const baseLayers = baseLayerKeys.map(baseLayer);
  const markers = new VectorSource();
  const map = new OlMap({
    target,
    layers: [...baseLayers, new VectorLayer({ source: markers, opacity: mapSettings.eventOpacity })],
    controls: defaultControls({
      rotate: false,
      zoomOptions: { zoomInTipLabel: labels.zoomIn, zoomOutTipLabel: labels.zoomOut },
      attributionOptions: { collapsible: false },
    }),
    view: new View({
      projection: lv95Projection(),
      center: toMapCoordinates(...mapSettings.defaultCenter),
      zoom: mapSettings.defaultZoom,
      maxZoom: mapSettings.maxZoom,
      maxResolution: zoomZeroResolution,
      extent: swissExtent,
    }),
  });
  const setBaseLayer = (key: BaseLayerKey) => {
    for (const layer of baseLayers) layer.setVisible(layer.get('baseLayerKey') === key);
  };
  return { map, markers, setBaseLayer };
}
