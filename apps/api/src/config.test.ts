import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, chainRuntimeOf, loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults for a local run', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, env: 'local', production: false, databaseUrl: undefined });
    expect(c.appBaseUrl).toBe('http://localhost:3000');
    expect(c.dataDir).toMatch(/data$/);
  });

  it('names the bad variable in one line', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^Invalid configuration: PORT .*"abc"/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ APP_ENV: 'prod' })).toThrow(/APP_ENV/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ MASTER_KEY: 'short' })).toThrow(/MASTER_KEY/);
  });

  it('reads the devnet block time and confirmations, with defaults and bounds', () => {
    expect(loadConfig({})).toMatchObject({ devnetBlockMs: 2000, devnetConfirmations: 3 });
    expect(loadConfig({ DEVNET_BLOCK_MS: '0', DEVNET_CONFIRMATIONS: '1' })).toMatchObject({
      devnetBlockMs: 0,
      devnetConfirmations: 1,
    });
    expect(() => loadConfig({ DEVNET_BLOCK_MS: '-1' })).toThrow(/DEVNET_BLOCK_MS/);
    expect(() => loadConfig({ DEVNET_BLOCK_MS: 'fast' })).toThrow(/DEVNET_BLOCK_MS/);
    expect(() => loadConfig({ DEVNET_CONFIRMATIONS: '0' })).toThrow(/DEVNET_CONFIRMATIONS/);
    expect(() => loadConfig({ DEVNET_CONFIRMATIONS: '1.5' })).toThrow(/DEVNET_CONFIRMATIONS/);
  });

  it('reads one CHAIN_RPC_<BLOCKCHAIN> per network; a bad URL or an unknown network stops the start naming it', () => {
    const c = loadConfig({
      CHAIN_RPC_SEPOLIA: 'http://127.0.0.1:8545',
      CHAIN_RPC_BITCOIN: 'https://btc.example.com/rpc',
    });
    expect(c.chainRpc).toEqual({ SEPOLIA: 'http://127.0.0.1:8545', BITCOIN: 'https://btc.example.com/rpc' });
    expect(loadConfig({ CHAIN_RPC_SEPOLIA: '' }).chainRpc).toEqual({});
    expect(() => loadConfig({ CHAIN_RPC_SEPOLIA: 'localhost 8545' })).toThrow(
      /^Invalid configuration: CHAIN_RPC_SEPOLIA must be an http\(s\) URL$/,
    );
    expect(() => loadConfig({ CHAIN_RPC_SEPOLIA: 'ftp://node.example.com' })).toThrow(/CHAIN_RPC_SEPOLIA/);
    expect(() => loadConfig({ CHAIN_RPC_SEPOILA: 'http://127.0.0.1:8545' })).toThrow(
      /^Invalid configuration: CHAIN_RPC_SEPOILA names no supported blockchain/,
    );
    // A node URL may carry an API key, a master key is a secret: neither is echoed in the one line.
    expect(() => loadConfig({ CHAIN_RPC_SEPOLIA: 'https//key-123@node' })).toThrow(/^(?!.*key-123)/);
    expect(() => loadConfig({ MASTER_KEY: 'secret-not-hex' })).toThrow(/^Invalid configuration: MASTER_KEY [^"]*$/);
    expect(loadConfig({}).chainSweepMs).toBe(1000);
    expect(loadConfig({ CHAIN_SWEEP_MS: '0' }).chainSweepMs).toBe(0);
    expect(() => loadConfig({ CHAIN_SWEEP_MS: '-5' })).toThrow(/CHAIN_SWEEP_MS/);
  });

  it('runs a network on its node, else on the devnet outside production, else nowhere (never faked)', () => {
    const chainRpc = { SEPOLIA: 'http://127.0.0.1:8545' };
    expect(chainRuntimeOf({ chainRpc, production: false }, 'SEPOLIA')).toEqual({
      kind: 'rpc',
      url: 'http://127.0.0.1:8545',
    });
    expect(chainRuntimeOf({ chainRpc, production: true }, 'SEPOLIA')).toEqual({
      kind: 'rpc',
      url: 'http://127.0.0.1:8545',
    });
    expect(chainRuntimeOf({ chainRpc, production: false }, 'ETHEREUM')).toEqual({ kind: 'devnet' });
    expect(chainRuntimeOf({ chainRpc, production: true }, 'ETHEREUM')).toEqual({ kind: 'unavailable' });
    expect(chainRuntimeOf(loadConfig({ APP_ENV: 'testnet', SMTP_URL: 'smtp://m.example.com' }), 'SOLANA')).toEqual({
      kind: 'devnet',
    });
  });

  it('refuses development secrets in production environments', () => {
    for (const env of ['production', 'production-staging']) {
      expect(() => loadConfig({ APP_ENV: env })).toThrow(/must be set when APP_ENV/);
    }
    const full = {
      APP_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      MASTER_KEY: 'ab'.repeat(32),
      APP_BASE_URL: 'https://custody.example.com',
      DATABASE_URL: 'postgres://db.example.com/vaultline',
      SMTP_URL: 'smtp://mail.example.com:587',
      RSA_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nMIIB\\n-----END PRIVATE KEY-----',
    };
    expect(loadConfig(full).production).toBe(true);
    // Staking's unbonding is the chain's in production; only development doors shorten it (the demo's 10 minutes).
    expect(loadConfig(full).stakingUnbondingSeconds).toBe(14 * 86_400);
    expect(() => loadConfig({ ...full, STAKING_UNBONDING_SECONDS: '60' })).toThrow(/STAKING_UNBONDING_SECONDS/);
    expect(loadConfig({ APP_ENV: 'local' }).stakingUnbondingSeconds).toBe(600);
    // Story's consensus-layer API is a network's validator source only where a node runs it (the devnet's ledger
    // plays it otherwise); its URL is never echoed.
    const api = 'https://user:secret-key@story-api.example.com/';
    expect(
      loadConfig({ ...full, CHAIN_RPC_STORY: 'https://rpc.example.com', STAKING_API_STORY: api }).stakingApi,
    ).toEqual({ STORY: api });
    expect(() => loadConfig({ ...full, STAKING_API_STORY: api })).toThrow(/STAKING_API_STORY needs CHAIN_RPC_STORY/);
    expect(() => loadConfig({ ...full, STAKING_API_STORY_TESTNET: 'ftp://secret-key.example.com' })).toThrow(
      /STAKING_API_STORY_TESTNET/,
    );
    try {
      loadConfig({ ...full, STAKING_API_STORY_TESTNET: 'ftp://secret-key.example.com' });
    } catch (err) {
      expect(String(err)).not.toContain('secret-key');
    }
    expect(loadConfig({ APP_ENV: 'testnet', SMTP_URL: 'smtp://mail.example.com:587' }).stakingUnbondingSeconds).toBe(
      14 * 86_400,
    );
    expect(loadConfig({ APP_ENV: 'testnet', SMTP_URL: 'smtp://mail.example.com:587' }).production).toBe(false);
  });

  it('opens development doors and seeds the demo only in local and development', () => {
    for (const env of ['local', 'development']) {
      expect(loadConfig({ APP_ENV: env })).toMatchObject({ devDoors: true, seedDemo: true });
      expect(loadConfig({ APP_ENV: env, SEED_DEMO: 'false' }).seedDemo).toBe(false);
    }
    const smtp = { SMTP_URL: 'smtp://mail.example.com:587' };
    for (const env of ['testnet', 'testnet-staging', 'intranet-testnet']) {
      expect(loadConfig({ APP_ENV: env, ...smtp })).toMatchObject({ devDoors: false, seedDemo: false });
      expect(() => loadConfig({ APP_ENV: env, ...smtp, SEED_DEMO: 'true' })).toThrow(
        /^Invalid configuration: SEED_DEMO must not be true when APP_ENV is /,
      );
      // Without SMTP, mail would only be readable through the development mailbox, which is closed here.
      expect(() => loadConfig({ APP_ENV: env })).toThrow(/^Invalid configuration: SMTP_URL must be set/);
    }
  });

  it('stops the server start with one clear line on a bad variable', () => {
    const server = fileURLToPath(new URL('./server.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', server], {
      env: { ...process.env, PORT: 'abc' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Invalid configuration: PORT /)]);
    const badNode = spawnSync(process.execPath, ['--import', 'tsx', server], {
      env: { ...process.env, CHAIN_RPC_NOWHERE: 'http://127.0.0.1:8545' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(badNode.status).toBe(1);
    expect(badNode.stderr.trim().split('\n')).toEqual([
      'Invalid configuration: CHAIN_RPC_NOWHERE names no supported blockchain (NOWHERE)',
    ]);
  });

  it('a production start with SEED_DEMO=true stops with one clear line, before touching any database', () => {
    const server = fileURLToPath(new URL('./server.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', server], {
      env: {
        ...process.env,
        APP_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(40),
        MASTER_KEY: 'ab'.repeat(32),
        APP_BASE_URL: 'https://custody.example.com',
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        SMTP_URL: 'smtp://mail.example.com:587',
        RSA_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nMIIB\\n-----END PRIVATE KEY-----',
        SEED_DEMO: 'true',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      'Invalid configuration: SEED_DEMO must not be true when APP_ENV is production (the demo seeds only in local and development)',
    ]);
  });

  it('METRICS_TOKEN is optional, and a short or spaced one stops the start naming it, never echoing it', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    const token = 'k'.repeat(32);
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    for (const bad of ['short-secret-token', `${'k'.repeat(20)} ${'k'.repeat(20)}`]) {
      expect(() => loadConfig({ METRICS_TOKEN: bad })).toThrow(/^Invalid configuration: METRICS_TOKEN must be/);
      try {
        loadConfig({ METRICS_TOKEN: bad });
      } catch (err) {
        expect(String(err)).not.toContain(bad);
      }
    }
  });
});
