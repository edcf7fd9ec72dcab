// What `npm run lighthouse` prints of a Lighthouse result: scores, key metrics, what costs performance points and
// the failing accessibility audits (lighthouse.mjs runs the audits).

export const score = (category) => (category?.score == null ? null : Math.round(category.score * 100));
const ms = (lhr, id) => `${Math.round(lhr.audits[id]?.numericValue ?? Number.NaN)} ms`;

export function metrics(lhr) {
  return {
    FCP: ms(lhr, 'first-contentful-paint'),
    LCP: ms(lhr, 'largest-contentful-paint'),
    TBT: ms(lhr, 'total-blocking-time'),
    CLS: (lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3),
    'Speed Index': ms(lhr, 'speed-index'),
    transferred: `${Math.round((lhr.audits['total-byte-weight']?.numericValue ?? Number.NaN) / 1024)} KiB`,
  };
}

/**
 * What costs performance points: the points each metric loses (the score is their weighted sum), the LCP element
 * and its phases, the request waterfall in short, and the failing diagnostics with their savings.
 */
export function performanceFindings(lhr, base) {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  const lost = refs
    .filter((ref) => ref.group === 'metrics' && ref.weight > 0)
    .map((ref) => ({ ref, a: lhr.audits[ref.id] }))
    .filter(({ a }) => a && a.score !== null && a.score < 1)
    .map(({ ref, a }) => `${a.title} ${a.displayValue} −${((1 - a.score) * ref.weight).toFixed(1)}`);
  const lines = lost.length ? [`points lost: ${lost.join(', ')}`] : [];
  const lcp = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = lcp[0]?.items?.[0]?.node;
  if (node) lines.push(`LCP element: ${node.selector} "${String(node.nodeLabel ?? '').slice(0, 60)}"`);
  const phases = (lcp[1]?.items ?? []).map((p) => `${p.phase} ${Math.round(p.timing)} ms`);
  if (phases.length) lines.push(`LCP phases: ${phases.join(', ')}`);
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const api = requests.filter((r) => new URL(r.url).pathname.startsWith('/api/'));
  if (scripts.length) {
    const end = Math.max(...scripts.map((r) => r.networkEndTime));
    const first = api.length
      ? `, first API call at ${Math.round(Math.min(...api.map((r) => r.networkRequestTime)))} ms`
      : '';
    lines.push(`waterfall (observed): ${scripts.length} scripts, the last loaded at ${Math.round(end)} ms${first}`);
  }
  for (const ref of refs) {
    const a = lhr.audits[ref.id];
    if (!a || a.score === null || a.score >= 0.9 || ref.group === 'metrics' || ref.group === 'hidden') continue;
    // The browser's own flags (the harness's) keep the back/forward cache off; not the app's doing.
    if (ref.id === 'bf-cache' || ref.id === 'largest-contentful-paint-element') continue;
    if (a.scoreDisplayMode === 'informative' || a.scoreDisplayMode === 'notApplicable') continue;
    const savings = Object.entries(a.metricSavings ?? {})
      .filter(([, v]) => v > 0)
      .map(([k, v]) => `${k} −${Math.round(v)}${k === 'CLS' ? '' : ' ms'}`);
    lines.push(
      `${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}${savings.length ? ` [${savings.join(', ')}]` : ''}`,
    );
    const items = (a.details?.items ?? []).slice(0, 5);
    for (const item of items) {
      const what = item.url ?? item.node?.selector ?? item.label ?? item.groupLabel;
      if (!what) continue;
      const bytes = item.wastedBytes ? ` ${Math.round(item.wastedBytes / 1024)} KiB unused` : '';
      const wasted = item.wastedMs ? ` ${Math.round(item.wastedMs)} ms` : '';
      lines.push(`    ${String(what).replace(base, '')}${bytes}${wasted}`);
    }
  }
  return lines;
}

/** Failing accessibility audits (the binary ones that count) and the elements each found. */
export function accessibilityFindings(lhr) {
  const lines = [];
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const a = lhr.audits[ref.id];
    if (!a || ref.weight === 0 || a.score === null || a.score >= 1) continue;
    lines.push(`${a.id}: ${a.title}`);
    for (const item of a.details?.items ?? []) {
      const node = item.node;
      if (!node) continue;
      lines.push(`    ${node.selector}  ${node.snippet}`);
      if (node.explanation) lines.push(`      ${node.explanation.replace(/\n\s*/g, ' / ')}`);
    }
  }
  return lines;
}

export function printTable(rows) {
  const header = Object.keys(rows[0]);
  const widths = header.map((h) => Math.max(h.length, ...rows.map((r) => String(r[h]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ');
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(header.map((h) => row[h])));
}
