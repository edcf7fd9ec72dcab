import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from './document.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CLI = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const NO_NETWORK = fileURLToPath(new URL('./no-network.cjs', import.meta.url));

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer?: string; start?: { line: number } }[];
}

/**
 * The committed document as client generators read it: the redocly CLI with the repository's redocly.yaml
 * (recommended rules, the spec's colliding paths ignored by name), offline: no usage reports, no update check,
 * and any network attempt reported by the preloaded guard.
 */
async function lint() {
  const result = await run(
    process.execPath,
    ['--require', NO_NETWORK, CLI, 'lint', '--config', 'redocly.yaml', '--format', 'json', OPENAPI_PATH.pathname],
    {
      cwd: ROOT,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      maxBuffer: 32 * 1024 * 1024,
    },
  ).catch((err: { stdout?: string; stderr?: string }) => ({ stdout: err.stdout ?? '', stderr: err.stderr ?? '' }));
  const report = JSON.parse(result.stdout) as { totals: { errors: number }; problems: Problem[] };
  return { report, stderr: result.stderr };
}

const describeProblem = (p: Problem) =>
  `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer} (line ${p.location[0]?.start?.line}): ${p.message}`;

describe('OpenAPI document lint (redocly recommended)', () => {
  it('has no errors, offline', async () => {
    const { report, stderr } = await lint();
    const errors = report.problems.filter((p) => p.severity === 'error').map(describeProblem);
    const warnings = report.problems.filter((p) => p.severity !== 'error').map(describeProblem);
    if (warnings.length > 0) console.info(`redocly warnings:\n${warnings.join('\n')}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
    expect(stderr.split('\n').filter((line) => line.startsWith('NETWORK ATTEMPT'))).toEqual([]);
  });
});
