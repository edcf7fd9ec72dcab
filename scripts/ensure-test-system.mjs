// What the test run needs from the system besides npm packages: Debian's Chromium (Playwright drives it; no
// browser is downloaded), CJK fonts for the Korean screens, and Debian's litecoind (a Bitcoin Core 0.21 fork) whose
// regtest node the bitcoin-type transaction tests broadcast to, and openssl (the HTTP/2 test's self-signed certificate).
// Installed with apt-get when running as root;
// otherwise one line says what to run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PACKAGES = ['chromium', 'fonts-noto-cjk', 'litecoind', 'openssl'];

function hasCjkFont() {
  const list = spawnSync('fc-list', [], { encoding: 'utf8' });
  return list.status === 0 && /noto sans cjk/i.test(list.stdout);
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).status === 0;
}

/** Returns the Chromium path to use, installing what is missing when it can; exits with one line when it cannot. */
export function ensureTestSystem() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const missing = [
    ...(existsSync(chromium) ? [] : ['chromium']),
    ...(hasCjkFont() ? [] : ['fonts-noto-cjk']),
    ...(hasCommand('litecoind') ? [] : ['litecoind']),
    ...(hasCommand('openssl') ? [] : ['openssl']),
  ];
  if (missing.length === 0) return chromium;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const apt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  if (!root || !apt) {
    console.error(
      `The tests need ${missing.join(' and ')}: run \`sudo apt-get install -y ${PACKAGES.join(' ')}\` (or set CHROMIUM_PATH), then npm test again.`,
    );
    process.exit(1);
  }
  console.log(`Installing ${missing.join(' and ')} with apt-get (once)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...PACKAGES],
  ]) {
    const run = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (run.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed (exit ${run.status}).`);
      process.exit(1);
    }
  }
  const installed = existsSync(chromium) ? chromium : '/usr/bin/chromium';
  if (!existsSync(installed)) {
    console.error(`Chromium is still missing at ${installed} after apt-get install.`);
    process.exit(1);
  }
  return installed;
}
