import { describe, expect, it } from 'vitest';
import { bands, integerTicks, isLabelShown, labelStride, yPosition } from './bar-chart-scale';

describe('integerTicks', () => {
  it('gives an all-zero or empty chart a scale from 0 to 1', () => {
    expect(integerTicks(0)).toEqual({ max: 1, ticks: [0, 1] });
    expect(integerTicks(Math.max(0, ...[]))).toEqual({ max: 1, ticks: [0, 1] });
    expect(integerTicks(-3)).toEqual({ max: 1, ticks: [0, 1] });
    expect(integerTicks(Number.NaN)).toEqual({ max: 1, ticks: [0, 1] });
  });

  it('never steps below 1 for small head counts', () => {
    expect(integerTicks(1)).toEqual({ max: 1, ticks: [0, 1] });
    expect(integerTicks(3)).toEqual({ max: 3, ticks: [0, 1, 2, 3] });
  });

  it('rounds the top up to a step of 1, 2 or 5 times a power of ten', () => {
    expect(integerTicks(5)).toEqual({ max: 6, ticks: [0, 2, 4, 6] });
    expect(integerTicks(10)).toEqual({ max: 10, ticks: [0, 5, 10] });
    expect(integerTicks(12)).toEqual({ max: 15, ticks: [0, 5, 10, 15] });
    expect(integerTicks(37)).toEqual({ max: 40, ticks: [0, 10, 20, 30, 40] });
    expect(integerTicks(1234)).toEqual({ max: 1500, ticks: [0, 500, 1000, 1500] });
  });

  it('keeps every tick an integer and the top at or above the largest value', () => {
    for (let value = 0; value <= 5000; value += 7) {
      const { max, ticks } = integerTicks(value);
      expect(max).toBeGreaterThanOrEqual(value);
      expect(ticks.at(-1)).toBe(max);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(ticks.length).toBeGreaterThanOrEqual(2);
      expect(ticks.length).toBeLessThanOrEqual(9);
    }
  });
});

describe('yPosition', () => {
  it('puts 0 on the baseline and the top of the scale at the top', () => {
    const scale = integerTicks(10);
    expect(yPosition(0, scale, 200)).toBe(200);
    expect(yPosition(10, scale, 200)).toBe(0);
    expect(yPosition(5, scale, 200)).toBe(100);
    expect(yPosition(-4, scale, 200)).toBe(200);
  });
});

describe('bands', () => {
  it('splits the width into equal bands with the bar centred in each', () => {
    const laid = bands(4, 400, 0.5);
    expect(laid.map((band) => band.center)).toEqual([50, 150, 250, 350]);
    expect(laid.map((band) => band.x)).toEqual([25, 125, 225, 325]);
    expect(laid.every((band) => band.width === 50)).toBe(true);
  });

  it('lays out nothing for no data or no room', () => {
    expect(bands(0, 400)).toEqual([]);
    expect(bands(4, 0)).toEqual([]);
  });
});

describe('labelStride', () => {
  const quarters = ['Q4 2025', 'Q1 2026', 'Q2 2026', 'Q3 2026'];

  it('shows every label when each fits its band', () => {
    expect(labelStride(quarters, 64, 12)).toBe(1);
  });

  it('thins the labels out on narrow charts, keeping the latest one', () => {
    const stride = labelStride([...quarters, ...quarters], 32, 12);
    expect(stride).toBe(2);
    const shown = [0, 1, 2, 3, 4, 5, 6, 7].filter((index) => isLabelShown(index, 8, stride));
    expect(shown).toEqual([1, 3, 5, 7]);
  });

  it('shows a lone label', () => {
    expect(labelStride([], 50, 12)).toBe(1);
    expect(labelStride(['Q3 2026'], 0, 12)).toBe(1);
  });
});
