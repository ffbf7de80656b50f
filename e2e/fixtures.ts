import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

function describeViolations(violations: AxeResults['violations']): string[] {
  return violations.map((violation) => {
    const targets = violation.nodes.map((node) => node.target.join(' ')).join(' | ');
    return `${violation.impact}: ${violation.id} – ${violation.help} (${targets})`;
  });
}

export const test = base.extend<{ expectNoAxeViolations: (page: Page) => Promise<void> }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take an object pattern
  expectNoAxeViolations: async ({}, use) => {
    await use(async (page) => {
      const results = await new AxeBuilder({ page }).analyze();
      const blocking = results.violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      );
      expect(describeViolations(blocking), 'axe found serious or critical violations').toEqual([]);
    });
  },
});

export { expect };

/** The first administrator the e2e server creates (see playwright.config.ts). */
export const admin = { username: 'admin@example.ch', password: 'Admin-Passw0rd!' };
