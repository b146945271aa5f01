import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** WCAG 2.0 and 2.1, levels A and AA: the level the specs ask for. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The impacts that fail a journey; 'minor' and 'moderate' findings are reported by axe but tolerated. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** One finding per rule: "rule-id [impact] selector, selector (help)". */
export async function seriousViolations(page: Page): Promise<string[]> {
  // The page as it settles: a toast or a dialog fading in is measured at its final colours, not half-way (finite
  // animations only; a spinner turns for ever).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Legacy mode runs axe in the page itself. The default mode opens a blank page for every check to gather its
  // frames' results, which doubled each check's time (1.0-1.6 s against 0.5-0.75 s on the storefront's pages); its
  // only gain, frames of other origins, does not apply: the shop has no frames.
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze();
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id} [${violation.impact}] ${violation.nodes
          .map((node) => node.target.map(String).join(' >>> '))
          .join(', ')} (${violation.help})`,
    );
}

/**
 * Runs axe on the page as it is now and fails on any serious or critical WCAG 2.1 A/AA violation, listing each
 * rule, its impact and the selectors of the elements. `soft` records the failure and lets the journey go on to
 * its next page, so one run lists every page's findings.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  where: string = page.url(),
  { soft = false }: { soft?: boolean } = {},
): Promise<void> {
  const violations = await seriousViolations(page);
  (soft ? expect.soft : expect)(violations, `serious or critical axe violations on ${where}`).toEqual([]);
}
