import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { canManageCategories } from '@bpw/domain/permissions';
import type { EventCategoryDetail } from '@bpw/domain/schemas/event';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useEventCategory } from './api/get-event-category';
import { EventCategoryFormDialog } from './event-category-form-dialog';
import { EventCategoryMenu } from './event-category-menu';
import type { EventCategoryExtraTab } from './event-category-page-extensions';
import { ApiError } from '../../api/api-error';
import { useActor } from '../../lib/use-claims';
import { useSessionTab } from '../../lib/use-session-tab';

interface EventCategoryDetailPageProps {
  /** Tabs of other features after Details (spec 02 §2: Events with this category). */
  extraTabs?: EventCategoryExtraTab[];
}

/** /event-categories/{id} (spec 02 §2 "Event category pages"). */
export function EventCategoryDetailPage({ extraTabs = [] }: EventCategoryDetailPageProps) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const category = useEventCategory(id);
  if (category.isPending) return <CircularProgress aria-label={t('app.loading')} />;
  if (category.isError) {
    const isMissing = category.error instanceof ApiError && category.error.status === 404;
    return (
      <Box component="section">
        <Alert severity={isMissing ? 'warning' : 'error'} sx={{ mb: 2 }}>
          {t(isMissing ? 'eventCategories.detail.notFound' : 'common.loadError')}
        </Alert>
        <Button component={RouterLink} to="/event-categories" variant="outlined" color="inherit">
          {t('eventCategories.detail.backToList')}
        </Button>
      </Box>
    );
  }
  return <EventCategoryDetailView category={category.data} extraTabs={extraTabs} />;
}

function EventCategoryDetailView({
  category,
  extraTabs,
}: {
  category: EventCategoryDetail;
  extraTabs: EventCategoryExtraTab[];
}) {
  const { t } = useTranslation();
  const isAdmin = canManageCategories(useActor());
  const baseId = useId();
  const [isEditOpen, setIsEditOpen] = useState(false);
  const tabs = ['details', ...extraTabs.map((tab) => tab.name)];
  // Spec 02 §2: the active tab is remembered per path.
  const [tab, setTab] = useSessionTab(tabs, 'details');
  const appTitle = t('app.title');
  useEffect(() => {
    document.title = `${category.title} – ${appTitle}`;
  }, [category.title, appTitle]);
  const labelOf = (name: string) =>
    extraTabs.find((item) => item.name === name)?.label ?? t('eventCategories.tabs.details');

  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {category.title}
        </Typography>
        {isAdmin ? <EventCategoryMenu category={category} /> : null}
      </Stack>
      <Paper>
        <Tabs
          value={tab}
          onChange={(_event, next: string) => setTab(next)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('eventCategories.tabs.label')}
          sx={{
            borderBottom: 1,
            borderColor: 'divider',
            '& .MuiTab-root': { opacity: 1, color: 'text.secondary' },
            '& .MuiTab-root.Mui-selected': { color: 'text.primary' },
          }}
        >
          {tabs.map((name) => (
            <Tab
              key={name}
              value={name}
              label={labelOf(name)}
              id={`${baseId}-${name}-tab`}
              aria-controls={`${baseId}-${name}-panel`}
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id={`${baseId}-${tab}-panel`}
          aria-labelledby={`${baseId}-${tab}-tab`}
          sx={{ p: { xs: 1.5, sm: 2 } }}
        >
          {tab === 'details' ? (
            <Paper variant="outlined" sx={{ p: 2, maxWidth: '40rem' }}>
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                <Box>
                  <Typography variant="body2" color="text.secondary">
                    {t('eventCategories.fields.title')}
                  </Typography>
                  <Typography variant="body1" sx={{ overflowWrap: 'anywhere' }}>
                    {category.title}
                  </Typography>
                </Box>
                {isAdmin ? (
                  <Button color="inherit" startIcon={<EditIcon />} onClick={() => setIsEditOpen(true)}>
                    {t('eventCategories.detail.edit')}
                  </Button>
                ) : null}
              </Stack>
              {isAdmin && category.eventCount > 0 ? (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                  {t('eventCategories.detail.deleteHint', { count: category.eventCount })}
                </Typography>
              ) : null}
            </Paper>
          ) : (
            extraTabs.find((item) => item.name === tab)?.render(category)
          )}
        </Box>
      </Paper>
      {isEditOpen ? <EventCategoryFormDialog category={category} onClose={() => setIsEditOpen(false)} /> : null}
    </>
  );
}
