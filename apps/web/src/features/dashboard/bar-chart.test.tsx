import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BarChart } from './bar-chart';

afterEach(cleanup);

const format = (value: number) => value.toLocaleString('de-CH');

describe('BarChart', () => {
  it('draws a bar per quarter, its labels and integer ticks', () => {
    const { container } = render(
      <BarChart
        labels={['Q4 2025', 'Q1 2026', 'Q2 2026', 'Q3 2026']}
        values={[3, 0, 12, 1250]}
        color="#00796B"
        width={600}
        height={220}
        formatValue={format}
      />,
    );
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    const bars = [...container.querySelectorAll('rect')];
    expect(bars).toHaveLength(4);
    expect(bars[1]?.getAttribute('height')).toBe('0');
    expect(Number(bars[3]?.getAttribute('height'))).toBeGreaterThan(Number(bars[2]?.getAttribute('height')));
    const texts = [...container.querySelectorAll('text')].map((text) => text.textContent);
    expect(texts).toEqual(['0', '500', format(1000), format(1500), 'Q4 2025', 'Q1 2026', 'Q2 2026', 'Q3 2026']);
  });

  it('draws an empty chart with a 0 to 1 scale', () => {
    const { container } = render(
      <BarChart labels={[]} values={[]} color="#1A1A1A" width={300} height={220} formatValue={format} />,
    );
    expect(container.querySelectorAll('rect')).toHaveLength(0);
    expect([...container.querySelectorAll('text')].map((text) => text.textContent)).toEqual(['0', '1']);
  });
});
