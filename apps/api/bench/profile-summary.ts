// Where a V8 CPU profile of the bench server (BENCH_CPU_PROF=1) spent its time, without a GUI: self time summed
// by function and by package (node_modules/<name>, the app's own src/…, node's internals), top entries first.
//
//   npx tsx bench/profile-summary.ts bench/.data/CPU.….cpuprofile [top=25] [skip=0]
//
// `skip` leaves out the first seconds of the profile (the server's start: module loading and compiling), so the
// figures are those of the calls alone.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg, skipArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top] [skip seconds]');
const top = Number(topArg ?? 25);
const skipUs = Number(skipArg ?? 0) * 1e6;
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

/** The package a script belongs to: the last node_modules/<name> of its path, the app's folder, or node itself. */
function packageOf(url: string): string {
  if (!url) return '(native/gc/idle)';
  const m = url.match(/.*node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1]!;
  if (url.startsWith('node:')) return 'node:internal';
  const app = url.match(/\/(apps|packages)\/([^/]+)\/(src|bench)\/([^/]+)/);
  return app ? `${app[2]}/${app[3]}/${app[4]}` : url;
}

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
let elapsedUs = 0;
profile.samples.forEach((id, i) => {
  elapsedUs += profile.timeDeltas[i] ?? 0;
  if (elapsedUs < skipUs) return;
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const [id, us] of selfUs) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const where = url
    ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/apps\//, '')}:${lineNumber + 1}`
    : '';
  const key = `${functionName || '(anonymous)'} ${where}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  const pkg = packageOf(url);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
}

const show = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`);
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
show('Self time by package', byPackage);
show('Self time by function', byFunction);
