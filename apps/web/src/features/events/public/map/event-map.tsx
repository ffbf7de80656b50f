import 'ol/ol.css';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Event } from '@bpw/domain/schemas/event';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventMapPreviewDialog } from './event-map-preview-dialog';
import { isOnMap, showEventMarkers } from './event-markers';
import {
  baseLayerKeys,
  createSwisstopoMap,
  mapSettings,
  toMapCoordinates,
  type BaseLayerKey,
  type SwisstopoMap,
} from './swisstopo-map';
import { formatEventRange } from '../../shared/format-event-date';
import { toggleButtonColours } from '../view-switch';

/**
 * The map view of the public list (spec 02 §2): a marker per event with coordinates, a preview
 * on click, a note with the number of events without a marker. The canvas is not reachable by
 * keyboard or screen readers, so the same events are listed below it as buttons.
 */
export default function EventMap({ events }: { events: readonly Event[] }) {
  const { t, i18n } = useTranslation();
  const targetRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<SwisstopoMap | null>(null);
  const [baseLayer, setBaseLayer] = useState<BaseLayerKey>('colour');
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const located = useMemo(() => events.filter(isOnMap), [events]);
  const [markerCount, setMarkerCount] = useState(0);
  const zoomLabels = useMemo(
    () => ({ zoomIn: t('eventsPublic.map.zoomIn'), zoomOut: t('eventsPublic.map.zoomOut') }),
    [t],
  );
  const zoomLabelsRef = useRef(zoomLabels);

  useEffect(() => {
    if (!targetRef.current) return undefined;
    const created = createSwisstopoMap(targetRef.current, zoomLabelsRef.current);
    mapRef.current = created;
    const { map } = created;
    map.on('singleclick', (event) => {
      const ids: string[] = [];
      map.forEachFeatureAtPixel(
        event.pixel,
        (feature) => {
          const id = feature.get('eventId') as unknown;
          if (typeof id === 'string') ids.push(id);
        },
        { hitTolerance: 4 },
      );
      if (ids.length) setSelectedIds(ids);
    });
    map.on('pointermove', (event) => {
      const isOverMarker = map.hasFeatureAtPixel(event.pixel, { hitTolerance: 4 });
      const target = map.getTargetElement();
      if (target) target.style.cursor = isOverMarker ? 'pointer' : '';
    });
    return () => {
      map.setTarget(undefined);
      mapRef.current = null;
    };
  }, []);

  useEffect(() => {
    if (!mapRef.current) return;
    const { map, markers } = mapRef.current;
    const count = showEventMarkers(markers, located);
    setMarkerCount(count);
    // The events shown, rather than the default view, whenever they change (docs/decisions/public-event-pages-web.md).
    const extent = markers.getExtent();
    if (count > 0 && extent) {
      map.getView().fit(extent, { padding: [48, 48, 48, 48], maxZoom: mapSettings.fitMaxZoom });
    }
  }, [located]);

  useEffect(() => {
    mapRef.current?.setBaseLayer(baseLayer);
  }, [baseLayer]);

  const selected = useMemo(() => events.filter((event) => selectedIds.includes(event.id)), [events, selectedIds]);
  const withoutMarker = events.length - located.length;

  const showOnMap = (event: Event & { lat: number; long: number }) => {
    const view = mapRef.current?.map.getView();
    if (!view) return;
    view.animate({
      center: toMapCoordinates(event.long, event.lat),
      zoom: Math.max(view.getZoom() ?? 0, 13),
      duration: 300,
    });
    setSelectedIds([event.id]);
  };

  return (
    <Box>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={baseLayer}
        onChange={(_event, next: BaseLayerKey | null) => {
          if (next) setBaseLayer(next);
        }}
        aria-label={t('eventsPublic.map.layers')}
        sx={{ mb: 1, flexWrap: 'wrap' }}
      >
        {baseLayerKeys.map((key) => (
          <ToggleButton key={key} value={key} sx={toggleButtonColours}>
            {t(`eventsPublic.map.layer.${key}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box
        ref={targetRef}
        role="region"
        aria-label={t('eventsPublic.map.label', { count: markerCount })}
        data-testid="event-map"
        data-marker-count={markerCount}
        sx={{
          height: mapSettings.height,
          width: '100%',
          bgcolor: 'grey.200',
          borderRadius: 1,
          overflow: 'hidden',
          position: 'relative',
          // OpenLayers' controls in the app's colours; large enough to tap.
          '& .ol-control button': { bgcolor: 'secondary.main', color: 'secondary.contrastText', width: 32, height: 32 },
          '& .ol-attribution': { fontSize: 12 },
          '& .ol-attribution a': { color: 'text.primary' },
        }}
      />
      {withoutMarker > 0 ? (
        <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }} data-testid="events-without-marker">
          {t('eventsPublic.map.withoutMarker', { count: withoutMarker })}
        </Typography>
      ) : null}
      {located.length ? (
        <Accordion disableGutters variant="outlined" sx={{ mt: 1 }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography>{t('eventsPublic.map.listTitle', { count: located.length })}</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Box component="ul" aria-label={t('eventsPublic.map.listLabel')} sx={{ m: 0, pl: 2.5 }}>
              {located.map((event) => (
                <li key={event.id}>
                  <Link component="button" type="button" onClick={() => showOnMap(event)} sx={{ textAlign: 'left' }}>
                    {event.title}
                  </Link>{' '}
                  <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                    {formatEventRange(event.eventFrom, event.eventTo, i18n.language)}, {event.city}
                  </Typography>
                </li>
              ))}
            </Box>
          </AccordionDetails>
        </Accordion>
      ) : null}
      <EventMapPreviewDialog events={selected} onClose={() => setSelectedIds([])} />
    </Box>
  );
}
