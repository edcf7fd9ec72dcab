import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Mantine's stylesheets are imported one component at a time (app/styles.ts for the base and the sign-in screens,
 * layouts/dashboard-styles.ts for the rest), so a component used without its stylesheet draws unstyled: a bell's
 * unread count once showed as plain text above the bell. Every Mantine component a screen imports has its sheet.
 */
const src = join(dirname(fileURLToPath(import.meta.url)), '..');
const mantineStyles = join(src, '..', '..', '..', 'node_modules', '@mantine', 'core', 'styles');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function importedComponents(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of sources(src)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
      for (const raw of match[1]!.split(',')) {
        const name = raw.trim().split(/\s+as\s+/)[0]!;
        if (/^[A-Z]/.test(name) && !raw.trim().startsWith('type ')) used.set(name, file.slice(src.length + 1));
      }
    }
  }
  return used;
}

const importedSheets = () =>
  new Set(
    ['app/styles.ts', 'app/layouts/dashboard-styles.ts'].flatMap((file) =>
      [...readFileSync(join(src, file), 'utf8').matchAll(/@mantine\/core\/styles\/(\w+)\.css/g)].map((m) => m[1]!),
    ),
  );

describe('Mantine stylesheets', () => {
  it('imports the stylesheet of every Mantine component the app uses', () => {
    const sheets = importedSheets();
    const missing = [...importedComponents()]
      .filter(([name]) => existsSync(join(mantineStyles, `${name}.css`)) && !sheets.has(name))
      .map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });
});
