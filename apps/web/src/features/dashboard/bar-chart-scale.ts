/**
 * The geometry of the dashboard's bar charts, apart from React so it can be tested alone:
 * integer y ticks on a "nice" scale, the bands of the x axis, and which x labels fit.
 */

export interface YScale {
  /** The top of the y axis: the largest tick, at least 1 so an all-zero chart still has a scale. */
  max: number;
  /** From 0 to max in equal integer steps. */
  ticks: number[];
}

/**
 * Integer ticks in steps of 1, 2 or 5 times a power of ten (steps people read at a glance),
 * about `targetCount` of them above zero. Head counts are whole numbers, so no step below 1.
 */
export function integerTicks(maxValue: number, targetCount = 4): YScale {
  const top = Number.isFinite(maxValue) ? Math.ceil(maxValue) : 0;
  if (top <= 0) return { max: 1, ticks: [0, 1] };
  const rough = Math.max(1, top / Math.max(1, targetCount));
  const power = 10 ** Math.floor(Math.log10(rough));
  // rough / power lies in [1, 10), so 10 * power always qualifies.
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? 10 * power;
  const max = Math.ceil(top / step) * step;
  return { max, ticks: Array.from({ length: max / step + 1 }, (_, index) => index * step) };
}

/** Where value lands on a y axis of this height, 0 at the bottom; negatives stay on the baseline. */
export function yPosition(value: number, scale: YScale, height: number): number {
  const clamped = Math.min(Math.max(value, 0), scale.max);
  return height - (clamped / scale.max) * height;
}

export interface Band {
  /** Left edge of the bar. */
  x: number;
  width: number;
  /** Middle of the band, where its label goes. */
  center: number;
}

/** `count` equal bands across `width`; each bar leaves `paddingRatio` of its band empty. */
export function bands(count: number, width: number, paddingRatio = 0.3): Band[] {
  if (count <= 0 || width <= 0) return [];
  const step = width / count;
  const barWidth = step * (1 - paddingRatio);
  return Array.from({ length: count }, (_, index) => ({
    x: index * step + (step - barWidth) / 2,
    width: barWidth,
    center: index * step + step / 2,
  }));
}

/** A width estimate of text, from its length: no DOM measuring, so layout needs no second pass. */
export const textWidth = (text: string, fontSize: number) => text.length * fontSize * 0.6;

/**
 * Every how many bands an x label can be shown without touching its neighbours: 1 when each
 * label fits its band, else every second, third... label, so narrow screens stay readable.
 */
export function labelStride(labels: readonly string[], bandWidth: number, fontSize: number, gap = 8): number {
  if (bandWidth <= 0 || labels.length === 0) return 1;
  const widest = Math.max(...labels.map((label) => textWidth(label, fontSize)));
  return Math.max(1, Math.ceil((widest + gap) / bandWidth));
}

/** Counted from the last band, so the latest quarter always keeps its label. */
export const isLabelShown = (index: number, count: number, stride: number) => (count - 1 - index) % stride === 0;
