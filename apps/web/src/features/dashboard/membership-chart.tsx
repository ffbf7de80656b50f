import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import type { DevelopmentBucket } from '@bpw/domain/schemas/dashboard';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from './bar-chart';
import { useElementWidth } from './use-element-width';

const chartHeight = 220;

interface MembershipChartProps {
  title: string;
  buckets: readonly DevelopmentBucket[] | undefined;
  /** A bar colour with at least 3:1 contrast to white (WCAG 1.4.11). */
  color: string;
  isLoading: boolean;
}

/**
 * One quarterly trend (spec 01 §2 "Dashboard"): a bar chart titled by a heading, with the same
 * numbers in a table for screen readers and an accessible summary on the chart itself.
 */
export function MembershipChart({ title, buckets, color, isLoading }: MembershipChartProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [chartRef, chartWidth] = useElementWidth<HTMLDivElement>();
  const ordered = [...(buckets ?? [])].sort((a, b) => a.bucketNumber - b.bucketNumber);
  const summary = ordered
    .map((bucket) => t('dashboard.charts.bucketSummary', { label: bucket.bucketLabel, quantity: bucket.quantity }))
    .join(', ');
  return (
    <Paper
      component="figure"
      aria-labelledby={titleId}
      sx={{ position: 'relative', m: 0, p: 2, minWidth: 0 }}
      data-testid="membership-chart"
    >
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {isLoading && ordered.length === 0 ? (
        <Skeleton variant="rectangular" height={chartHeight} />
      ) : (
        // One image with a spoken summary; the numbers are also in the table below.
        <Box
          ref={chartRef}
          sx={{ height: chartHeight, color: 'text.secondary' }}
          role="img"
          aria-label={`${title}: ${summary}`}
        >
          <BarChart
            labels={ordered.map((bucket) => bucket.bucketLabel)}
            values={ordered.map((bucket) => bucket.quantity)}
            color={color}
            width={chartWidth}
            height={chartHeight}
            formatValue={(value) => value.toLocaleString(i18n.language)}
          />
        </Box>
      )}
      <Box component="table" sx={visuallyHidden}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.charts.quarter')}</th>
            <th scope="col">{t('dashboard.charts.quantity')}</th>
          </tr>
        </thead>
        <tbody>
          {ordered.map((bucket) => (
            <tr key={bucket.bucketNumber}>
              <th scope="row">{bucket.bucketLabel}</th>
              <td>{bucket.quantity.toLocaleString(i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Paper>
  );
}
