import { bands, integerTicks, isLabelShown, labelStride, textWidth, yPosition } from './bar-chart-scale';

const fontSize = 12;
const tickLength = 5;
const margin = { top: 8, right: 8, bottom: fontSize + tickLength + 8, left: 4 };
/** Used where the width cannot be measured (jsdom): the chart then draws at this width. */
const fallbackWidth = 320;

interface BarChartProps {
  labels: readonly string[];
  values: readonly number[];
  /** A bar colour with at least 3:1 contrast to the background (WCAG 1.4.11). */
  color: string;
  width: number;
  height: number;
  formatValue: (value: number) => string;
}

/**
 * A plain SVG bar chart: one bar per label on a band axis, integer ticks on the y axis. Drawn
 * by hand because @mui/x-charts made the first page after sign-in about 90 KB gzip heavier.
 * Axes and labels take the current text colour; the caller gives the chart its accessible name,
 * so the drawing itself is hidden from assistive technology.
 */
export function BarChart({ labels, values, color, width, height, formatValue }: BarChartProps) {
  const chartWidth = width > 0 ? width : fallbackWidth;
  const scale = integerTicks(Math.max(0, ...values));
  const tickTexts = scale.ticks.map(formatValue);
  const axisLeft = margin.left + Math.max(...tickTexts.map((text) => textWidth(text, fontSize))) + tickLength + 4;
  const plotWidth = Math.max(0, chartWidth - axisLeft - margin.right);
  const plotHeight = height - margin.top - margin.bottom;
  const laid = bands(labels.length, plotWidth);
  const stride = labelStride(labels, plotWidth / Math.max(1, labels.length), fontSize);
  const y = (value: number) => margin.top + yPosition(value, scale, plotHeight);
  const baseline = margin.top + plotHeight;

  return (
    <svg
      width={chartWidth}
      height={height}
      viewBox={`0 0 ${chartWidth} ${height}`}
      aria-hidden="true"
      focusable="false"
      fontSize={fontSize}
      fill="currentColor"
      style={{ display: 'block', overflow: 'visible' }}
    >
      <g stroke="currentColor" strokeOpacity={0.5} shapeRendering="crispEdges">
        <line x1={axisLeft} x2={axisLeft} y1={margin.top} y2={baseline} />
        <line x1={axisLeft} x2={axisLeft + plotWidth} y1={baseline} y2={baseline} />
        {scale.ticks.map((tick) => (
          <line key={tick} x1={axisLeft - tickLength} x2={axisLeft} y1={y(tick)} y2={y(tick)} />
        ))}
      </g>
      <g textAnchor="end" dominantBaseline="central">
        {scale.ticks.map((tick, index) => (
          <text key={tick} x={axisLeft - tickLength - 3} y={y(tick)}>
            {tickTexts[index]}
          </text>
        ))}
      </g>
      <g fill={color}>
        {laid.map((band, index) => (
          <rect
            key={index}
            x={axisLeft + band.x}
            y={y(values[index] ?? 0)}
            width={band.width}
            height={baseline - y(values[index] ?? 0)}
          />
        ))}
      </g>
      <g textAnchor="middle" dominantBaseline="hanging">
        {laid.map((band, index) =>
          isLabelShown(index, labels.length, stride) ? (
            <text key={index} x={axisLeft + band.center} y={baseline + tickLength + 2}>
              {labels[index]}
            </text>
          ) : null,
        )}
      </g>
    </svg>
  );
}
