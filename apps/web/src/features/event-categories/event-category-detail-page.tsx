import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { canManageCategories } from '@bpw/domain/permissions';
import type { EventCategoryDetail } from '@bpw/domain/schemas/event';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useEventCategory } from './api/get-event-category';
import { EventCategoryFormDialog } from './event-category-form-dialog';
import { EventCategoryMenu } from './event-category-menu';
import { TabbedDetailPage, type DetailTab } from '../../components/tabbed-detail-page';
import { useActor } from '../../lib/use-claims';

interface EventCategoryDetailPageProps {
  /** Tabs of other features after Details (spec 02 §2: Events with this category). */
  extraTabs?: (category: EventCategoryDetail) => DetailTab[];
}

/** /event-categories/{id} (spec 02 §2 "Event category pages"). */
export function EventCategoryDetailPage({ extraTabs }: EventCategoryDetailPageProps) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const category = useEventCategory(id);
  const isAdmin = canManageCategories(useActor());
  return (
    <TabbedDetailPage
      query={category}
      pageTitleKey="pages.eventCategory"
      notFoundText={t('eventCategories.detail.notFound')}
      list={{ href: '/event-categories', label: t('eventCategories.detail.backToList') }}
      title={(data) => data.title}
      renderMenu={(data) => (isAdmin ? <EventCategoryMenu category={data} /> : null)}
      tabsLabel={t('eventCategories.tabs.label')}
      tabs={(data) => [
        {
          name: 'details',
          label: t('eventCategories.tabs.details'),
          render: () => <EventCategoryDetailsCard category={data} isAdmin={isAdmin} />,
        },
        ...(extraTabs?.(data) ?? []),
      ]}
    />
  );
}

/** The Details tab: the title, rename for admins and why a category with events cannot go. */
function EventCategoryDetailsCard({ category, isAdmin }: { category: EventCategoryDetail; isAdmin: boolean }) {
  const { t } = useTranslation();
  const [isEditOpen, setIsEditOpen] = useState(false);
  return (
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
      {isEditOpen ? <EventCategoryFormDialog category={category} onClose={() => setIsEditOpen(false)} /> : null}
    </Paper>
  );
}
