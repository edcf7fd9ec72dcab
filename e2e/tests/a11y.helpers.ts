import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/** The WCAG 2.2 AA rule set every journey's screens are held to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Rules outside the tags that the goal names: label-in-name (WCAG 2.5.3, level A), which axe still ships as
 * experimental, so an accessible name that does not contain the visible label is found too.
 */
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };

/** The findings that fail a journey. */
const BLOCKING = new Set(['serious', 'critical']);

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
  /** What axe measured, per element (colours and ratio of a contrast finding), for the summary. */
  data: unknown[];
}

/**
 * The serious and critical WCAG 2.2 AA findings of axe on the page as it is now; `named` rules (best practices such
 * as landmark-one-main) run too and count whatever their impact.
 */
export async function axeFindings(page: Page, named: string[] = []): Promise<AxeFinding[]> {
  const rules = { ...EXTRA_RULES, ...Object.fromEntries(named.map((id) => [id, { enabled: true }])) };
  const result = await new AxeBuilder({ page }).options({ rules }).withTags(WCAG_TAGS).analyze();
  return result.violations
    .filter((v) => BLOCKING.has(v.impact ?? '') || named.includes(v.id))
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
      data: v.nodes.map((n) => n.any[0]?.data ?? n.failureSummary),
    }));
}

/** One line per rule: the rule, its impact and the elements it found, readable in a test report. */
export function describeFindings(findings: AxeFinding[]): string[] {
  return findings.map((f) => `${f.id} (${f.impact}, ${f.help}): ${f.targets.join(', ')}`);
}

/** Screens that are not the product's own (the dev mailbox, the API docs' third-party UI). */
function isProductScreen(page: Page): boolean {
  const { pathname } = new URL(page.url());
  return !pathname.startsWith('/dev/') && !pathname.startsWith('/api/');
}

/**
 * axe at a screenshot point of a journey: a serious or critical finding fails the test (softly, so the journey goes
 * on and every screen's findings are reported), named by the screen. Each screen's counts also go to
 * axe-summary.jsonl in the run's output folder.
 */
export async function checkA11y(page: Page, screen: string) {
  if (!isProductScreen(page)) return;
  const findings = await axeFindings(page);
  const info = test.info();
  const summary = join(info.project.outputDir, 'axe-summary.jsonl');
  mkdirSync(dirname(summary), { recursive: true });
  const count = (impact: string) =>
    findings.filter((f) => f.impact === impact).reduce((n, f) => n + f.targets.length, 0);
  appendFileSync(
    summary,
    `${JSON.stringify({
      test: info.titlePath.slice(1).join(' › '),
      screen,
      serious: count('serious'),
      critical: count('critical'),
      rules: findings.map((f) => f.id),
      findings: findings.map((f) => ({ id: f.id, nodes: f.targets.map((target, i) => ({ target, data: f.data[i] })) })),
    })}\n`,
  );
  // E2E_AXE=report measures without failing (a before-and-after count of a change).
  if (process.env.E2E_AXE === 'report') return;
  expect
    .soft(describeFindings(findings), `axe (WCAG 2.2 AA) serious/critical findings on screen "${screen}"`)
    .toEqual([]);
}
