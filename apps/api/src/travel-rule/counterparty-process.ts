// Test harness: the counterparty VASP as a child process on a free port (like chains/anvil.ts starts anvil), so the
// tests speak the real protocol over a real socket to a process that is not the one under test.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface CounterpartyProcess {
  url: string;
  stop(): Promise<void>;
}

const SCRIPT = fileURLToPath(new URL('./counterparty-vasp.ts', import.meta.url));

export async function startCounterpartyProcess(secret: string): Promise<CounterpartyProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SCRIPT, '--port', '0'], {
    env: { ...process.env, COUNTERPARTY_VASP_SECRET: secret },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`counterparty VASP did not start: ${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening (http:\/\/\S+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`counterparty VASP exited with ${code}: ${output}`));
    });
  });
  return { url, stop };
}
