import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { tabContrast } from './tab-contrast';
import { ApiError } from '../api/api-error';
import { useSessionTab } from '../lib/use-session-tab';

/**
 * A tab of a detail page, the page's own or one another feature adds without the page's feature
 * importing it (DESIGN: web features never import each other; apps/web/src/app composes them).
 */
export interface DetailTab {
  /** The tab's value, remembered per path in session storage; unique among the page's tabs. */
  name: string;
  label: string;
  /** `showTab` chooses another tab and puts the focus on it (the club's Members card). */
  render: (showTab: (name: string) => void) => ReactNode;
}

interface TabbedDetailPageProps<T> {
  query: UseQueryResult<T>;
  /** The document title and heading until the entity is known, and on an error. */
  pageTitleKey: string;
  notFoundText: string;
  /** The way back when the entity cannot be shown. */
  list: { href: string; label: string };
  title: (item: T) => string;
  /** Under the title (the club's type). */
  renderSubtitle?: (item: T) => ReactNode;
  /** The actions menu beside the title. */
  renderMenu?: (item: T) => ReactNode;
  tabsLabel: string;
  /** The first is chosen at first. */
  tabs: (item: T) => DetailTab[];
}

/**
 * The page of one entity (a club, an event category): its name as heading (and the document
 * title), the actions menu and tabs whose choice is remembered per path (spec 01 §2, spec 02 §2).
 */
export function TabbedDetailPage<T>(props: TabbedDetailPageProps<T>) {
  const { t } = useTranslation();
  const { query, pageTitleKey, notFoundText, list, title } = props;
  const pageTitle = t(pageTitleKey);
  // "<name> – <application>" once the entity is known (spec 01 §2).
  const documentTitle = query.data === undefined ? pageTitle : title(query.data);
  const appTitle = t('app.title');
  useEffect(() => {
    document.title = `${documentTitle} – ${appTitle}`;
  }, [documentTitle, appTitle]);

  if (query.isPending) {
    return (
      <Box aria-busy="true">
        <Skeleton variant="text" width="40%" sx={{ fontSize: '2.5rem' }} />
        <Skeleton variant="rectangular" height={200} />
      </Box>
    );
  }
  if (query.isError) {
    const isMissing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Box component="section">
        <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
          {pageTitle}
        </Typography>
        <Alert severity={isMissing ? 'warning' : 'error'} sx={{ mb: 2 }}>
          {isMissing ? notFoundText : t('common.loadError')}
        </Alert>
        <Button component={RouterLink} to={list.href} variant="outlined" color="inherit">
          {list.label}
        </Button>
      </Box>
    );
  }
  return <DetailView {...props} item={query.data} />;
}

function DetailView<T>({
  item,
  title,
  renderSubtitle,
  renderMenu,
  tabsLabel,
  tabs: tabsOf,
}: TabbedDetailPageProps<T> & { item: T }) {
  const baseId = useId();
  const tabId = (name: string) => `${baseId}-${name}-tab`;
  const panelId = (name: string) => `${baseId}-${name}-panel`;
  const tabs = tabsOf(item);
  const [tab, setTab] = useSessionTab(
    tabs.map((entry) => entry.name),
    tabs[0]?.name ?? '',
  );
  // A tab's button may lead to another tab (the club's Members card): the focus goes along.
  const showTab = (next: string) => {
    setTab(next);
    requestAnimationFrame(() => document.getElementById(tabId(next))?.focus());
  };
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, mb: 2 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {title(item)}
          </Typography>
          {renderSubtitle?.(item)}
        </Box>
        {renderMenu?.(item)}
      </Stack>
      <Paper>
        <Tabs
          value={tab}
          onChange={(_event, next: string) => setTab(next)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={tabsLabel}
          sx={{ borderBottom: 1, borderColor: 'divider', ...tabContrast }}
        >
          {tabs.map((entry) => (
            <Tab
              key={entry.name}
              value={entry.name}
              label={entry.label}
              id={tabId(entry.name)}
              aria-controls={panelId(entry.name)}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} sx={{ p: { xs: 1.5, sm: 2 } }}>
          {tabs.find((entry) => entry.name === tab)?.render(showTab)}
        </Box>
      </Paper>
    </>
  );
}
