import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// Evaluated through the browser's debugging protocol, which the panel's CSP (script-src 'self') does
// not govern, unlike a <script> tag.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type Theme = 'light' | 'dark';

/** The rules the panel is held to: WCAG 2.1 A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * The rules of AXE_TAGS whose outcome reads colours: contrast, links told from their text by colour,
 * and the data-table guess of th-has-data-cells, which looks for rows of different backgrounds. The
 * others read the markup, names, roles and what is displayed, which the theme does not change: the
 * `dark` class only sets colours (the accessibility test checks the stylesheet for that).
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block', 'th-has-data-cells'];

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  /** The elements found, each as a CSS selector, with axe's account of what is wrong when it gives one. */
  nodes: string[];
}

interface AxeResult {
  violations: {
    id: string;
    impact?: string | null;
    help: string;
    nodes: { target: unknown[]; failureSummary?: string; any: { message: string }[] }[];
  }[];
}

/** Puts axe on the page once per document. */
export async function installAxe(page: Page) {
  if (await page.evaluate(() => 'axe' in window)) return;
  await page.evaluate(axeSource);
}

/**
 * Runs axe on the page as it is and returns its serious and critical findings. `rules` narrows the run
 * to those rules; all of AXE_TAGS otherwise.
 */
export async function seriousFindings(page: Page, rules?: string[]): Promise<AxeFinding[]> {
  await installAxe(page);
  const runOnly = rules ? { type: 'rule', values: rules } : { type: 'tag', values: AXE_TAGS };
  const result = await page.evaluate(
    (runOnly) =>
      (
        window as unknown as {
          axe: { run: (context: Document, options: object) => Promise<AxeResult> };
        }
      ).axe.run(document, { runOnly, resultTypes: ['violations'] }),
    runOnly,
  );
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact!,
      help: violation.help,
      nodes: violation.nodes.map((node) => {
        const why = node.any.map((check) => check.message).join(' ');
        return `${node.target.join(' ')}${why ? ` (${why})` : ''}`;
      }),
    }));
}

/**
 * Shows the page in a theme the way the panel does, by the `dark` class on <html>, without a reload.
 * Transitions are held off meanwhile: a button's colour fading to the new theme would be measured
 * halfway.
 */
export const showTheme = (page: Page, theme: Theme) =>
  page.evaluate((dark) => {
    const still = document.head.appendChild(document.createElement('style'));
    still.textContent = '*, *::before, *::after { transition: none !important; }';
    document.documentElement.classList.toggle('dark', dark);
    // Read a style so the change applies now, before the stylesheet that holds transitions off goes.
    void getComputedStyle(document.body).color;
    still.remove();
  }, theme === 'dark');

export const otherTheme = (theme: Theme): Theme => (theme === 'dark' ? 'light' : 'dark');

/**
 * The serious and critical findings on the page: every rule in `theme` (the one the page was loaded
 * in) and, when `otherThemeToo`, the colour rules again in the other theme, switched to and back
 * without a reload. Each finding is one line naming `where` and the theme.
 */
export async function axeFindings(
  page: Page,
  theme: Theme,
  where: string,
  otherThemeToo: boolean,
): Promise<string[]> {
  const lines = (shown: Theme, found: AxeFinding[]) =>
    found.map(
      (finding) =>
        `${where} ${shown}: ${finding.impact} ${finding.rule} (${finding.help}): ${finding.nodes
          .slice(0, 5)
          .join('; ')}${finding.nodes.length > 5 ? ` and ${finding.nodes.length - 5} more` : ''}`,
    );
  const found = lines(theme, await seriousFindings(page));
  if (!otherThemeToo) return found;
  await showTheme(page, otherTheme(theme));
  try {
    found.push(...lines(otherTheme(theme), await seriousFindings(page, COLOUR_RULES)));
  } finally {
    await showTheme(page, theme);
  }
  return found;
}
