// The signer's half of the cold exchange (a seed, deriving keys, signing requests) belongs to the air-gapped signer
// (apps/cold-signer): the API and the engine only read account keys and verify answers. This keeps it so: no code of
// the server (tests aside) calls the functions that need a seed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SIGNER_SIDE = ['signColdRequest', 'coldAccountUr', 'masterFingerprintOf'];
const src = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function serverFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : serverFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the server and the cold signer', () => {
  it('keeps every seed-holding cold function out of the server code', () => {
    const files = serverFiles(src);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter((file) => SIGNER_SIDE.some((name) => readFileSync(file, 'utf8').includes(name)));
    expect(offenders).toEqual([]);
  });
});
