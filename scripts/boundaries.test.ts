import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Proves that the import boundaries of biome.jsonc bite: plants files that cross them, runs the linter on them as
 * `npm run lint` does, and expects each to fail naming the rule. The planted files are removed whatever happens.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// A name no real file has, so a run beside another never clobbers its files.
const tag = `boundary-probe-${randomBytes(4).toString('hex')}`;
const planted = new Set<string>();

function plant(path: string, source: string): string {
  planted.add(path);
  writeFileSync(join(root, path), source);
  return path;
}

function removePlanted() {
  for (const path of planted) rmSync(join(root, path), { force: true });
  planted.clear();
}

/** `biome check --error-on-warnings` on the given files: its exit status and one line per diagnostic. */
function biomeCheck(paths: string[]): { status: number | null; lines: string[] } {
  const run = spawnSync(
    'npx',
    ['--no-install', 'biome', 'check', '--error-on-warnings', '--reporter=concise', ...paths],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return { status: run.status, lines: `${run.stdout}\n${run.stderr}`.split('\n') };
}

/** The linter's complaint about `path`, naming its rule: `path:line:col: lint/group/rule: message`. */
function complaint(lines: string[], path: string, rule: string): string | undefined {
  return lines.find((line) => line.includes(`${path}:`) && line.includes(`lint/${rule}`));
}

afterAll(removePlanted);

describe('import boundaries (biome.jsonc)', () => {
  it('refuses a cross-feature import, a feature importing the app, a module importing the engine, the engine reaching past a service, and an import cycle', () => {
    try {
      const crossFeature = plant(
        `apps/web/src/features/wallets/${tag}-cross.ts`,
        "import { useRequestList } from '../approvals/api';\n\nexport const probe = useRequestList;\n",
      );
      const intoApp = plant(
        `apps/web/src/features/wallets/${tag}-app.ts`,
        "import { DashboardLayout } from '../../app/layouts/DashboardLayout';\n\nexport const probe = DashboardLayout;\n",
      );
      const moduleToEngine = plant(
        `apps/api/src/modules/wallets/${tag}.ts`,
        "import { startEngine } from '../../engine/engine.js';\n\nexport const probe = startEngine;\n",
      );
      const enginePastService = plant(
        `apps/api/src/engine/${tag}.ts`,
        "import { walletsRepository } from '../modules/wallets/wallets.repository.js';\n\nexport const probe = walletsRepository;\n",
      );
      const cycleA = plant(
        `apps/web/src/lib/${tag}-a.ts`,
        `import { b } from './${tag}-b';\n\nexport const a = () => b;\n`,
      );
      plant(`apps/web/src/lib/${tag}-b.ts`, `import { a } from './${tag}-a';\n\nexport const b = () => a;\n`);

      const { status, lines } = biomeCheck([...planted]);

      expect(status).not.toBe(0);
      expect(complaint(lines, crossFeature, 'style/noRestrictedImports')).toContain('never imports another feature');
      expect(complaint(lines, intoApp, 'style/noRestrictedImports')).toContain('never imports src/app');
      expect(complaint(lines, moduleToEngine, 'style/noRestrictedImports')).toContain('never imports the engine');
      expect(complaint(lines, enginePastService, 'style/noRestrictedImports')).toContain('only through its service');
      expect(complaint(lines, cycleA, 'suspicious/noImportCycles')).toBeDefined();
    } finally {
      removePlanted();
    }
  });

  it('lets the same places import what they may: shared layers, a service, their own folder', () => {
    try {
      plant(
        `apps/web/src/features/wallets/${tag}-allowed.ts`,
        "import { formatDate } from '../../lib/dates';\nimport { useWallet } from './api';\n\nexport const probe = [formatDate, useWallet];\n",
      );
      plant(
        `apps/api/src/engine/${tag}-allowed.ts`,
        "import type { WalletsService } from '../modules/wallets/wallets.service.js';\n\nexport type Probe = WalletsService;\n",
      );

      const { status, lines } = biomeCheck([...planted]);

      expect(lines.filter((line) => line.includes(tag))).toEqual([]);
      expect(status).toBe(0);
    } finally {
      removePlanted();
    }
  });
});
