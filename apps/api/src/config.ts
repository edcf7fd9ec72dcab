import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BLOCKCHAINS,
  type Blockchain,
  ENVIRONMENTS,
  isDevelopmentEnvironment,
  isProductionEnvironment,
  LIMITS,
} from '@vaultline/contracts';
import { z } from 'zod';

/** The repository root: relative defaults (the data folder) resolve against it, whatever the working folder. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const DEV_SESSION_SECRET = 'development-only-session-secret-change-me-0000';
const DEV_MASTER_KEY = '00'.repeat(32);

const optionalUrl = z.url('must be a URL').optional();

const envSchema = z.object({
  APP_ENV: z.enum(ENVIRONMENTS).default('local'),
  HOST: z.string().trim().min(1).default('localhost'),
  PORT: z.coerce
    .number({ error: 'must be a whole number from 1 to 65535' })
    .int('must be a whole number from 1 to 65535')
    .min(1, 'must be a whole number from 1 to 65535')
    .max(65535, 'must be a whole number from 1 to 65535')
    .default(3000),
  DATABASE_URL: optionalUrl,
  /** Prepare parameterized statements once per connection (db/preparing-client.ts); false behind a pooler that cannot. */
  DATABASE_PREPARED_STATEMENTS: z.enum(['true', 'false']).default('true'),
  /**
   * Answers PostgreSQL writes as JSON itself (list pages): `full` parses each one and checks it against its call's
   * response schema, refusing any field the schema lacks; `trusted` sends it as written. Default: `trusted` in
   * production, `full` elsewhere, so every test and journey checks them.
   */
  RESPONSE_CHECK: z.enum(['full', 'trusted']).optional(),
  DATA_DIR: z.string().trim().min(1).default('data'),
  SMTP_URL: optionalUrl,
  APP_BASE_URL: optionalUrl,
  TLS_CERT_FILE: z.string().trim().min(1).optional(),
  TLS_KEY_FILE: z.string().trim().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  MASTER_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 bytes)')
    .optional(),
  CORS_ORIGINS: z.string().trim().default(''),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** The interactive API docs at /api/docs; default: on outside production. */
  API_DOCS: z.enum(['true', 'false']).optional(),
  /** Default: true in local and development, where alone it is allowed. */
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  RSA_PRIVATE_KEY: z
    .string()
    .refine((v) => v.includes('PRIVATE KEY'), 'must be a PEM private key (PKCS#8)')
    .optional(),
  SESSION_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(30)
    .max(86_400)
    .default(LIMITS.SESSION_MINUTES * 60),
  SESSION_NOTICE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  PASSWORD_EXPIRY_DAYS: z.coerce.number().int().min(0).max(3650).default(90),
  /** Multiplies the sign-in rate limits; only for test runs that sign in many times from one address. */
  AUTH_RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  MAIL_FROM: z.string().trim().min(3).optional(),
  /** in-process: the server also runs the custody engine; off: run `npm run engine` beside it. */
  ENGINE: z.enum(['in-process', 'off']).default('in-process'),
  /** How often the engine looks for jobs whose worker died (their heartbeat stopped). */
  ENGINE_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** Test runs only: a pause inside the wallet transaction, so a crash there can be provoked. */
  ENGINE_FAULT_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** The local devnet's block time (not in production); 0: no timer, blocks only when asked (tests). */
  DEVNET_BLOCK_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  /** Blocks a devnet deposit waits for before it is CONFIRMED and counted in the balance. */
  DEVNET_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).default(3),
  /** How often the engine steps the open transactions of networks with a node; 0: no timer (tests drive it). */
  CHAIN_SWEEP_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  /** How often the engine sends due travel-rule inquiries; 0: no timer (tests drive it). */
  TRAVEL_RULE_SWEEP_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  NOTIFICATION_SWEEP_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  /** How long one inquiry may take before it counts as a time-out and is retried later. */
  TRAVEL_RULE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** The provider's policy: may ADMINISTRATOR operators work the cold-signing queue besides SIGNER ones. */
  COLD_SIGNING_ADMINISTRATORS: z.enum(['true', 'false']).default('false'),
  /**
   * Seconds from a stake's transaction to its delegation earning (the consensus layer taking it), on networks where
   * the staking ledger plays that layer (devnet, tests).
   */
  STAKING_BONDING_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /**
   * Story's unbonding (14 days). Shortened only where the development doors are open (the demo waits 10 minutes by
   * default) and in tests; production refuses anything but the chain's.
   */
  STAKING_UNBONDING_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 86_400)
    .optional(),
  /**
   * Story's consensus-layer API (the story client's `api` server) of a network that runs on a node: where its
   * validator set, commissions, stake and uptime come from. The value is never echoed (it may carry a key).
   */
  STAKING_API_STORY: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  STAKING_API_STORY_TESTNET: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  /** How often the engine refreshes validators from those APIs. */
  STAKING_VALIDATORS_SYNC_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
  /**
   * Bearer token Prometheus sends for /metrics outside local and development (where it is open, the tests too);
   * without one /metrics answers 404 there.
   */
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(32, 'must be at least 32 characters (a random token Prometheus sends as Authorization: Bearer …)')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (it travels in an HTTP header)')
    .optional(),
  /** Our legal name as the originating VASP of our inquiries (IVMS101 originatingVASP). */
  TRAVEL_RULE_VASP_NAME: z.string().trim().min(1).max(100).default('Vaultline'),
});

/** `CHAIN_RPC_<BLOCKCHAIN>`: the node of one network. Read apart from envSchema, whose keys are fixed. */
const CHAIN_RPC_PREFIX = 'CHAIN_RPC_';
const nodeUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const STORY_UNBONDING_SECONDS = 14 * 86_400;
const DEMO_UNBONDING_SECONDS = 600;

export interface Config {
  env: (typeof ENVIRONMENTS)[number];
  production: boolean;
  /** local and development: the `/dev/*` routes, the demo seed, the caught-mail mailbox. Nowhere else. */
  devDoors: boolean;
  /** Interactive API docs at /api/docs. */
  apiDocs: boolean;
  host: string;
  port: number;
  databaseUrl: string | undefined;
  databasePreparedStatements: boolean;
  /**
   * How answers are checked against their call's schema (http/response-serializer.ts): `full` runs zod's check on
   * every answer (and proves the projection and PostgreSQL's JSON against it), `trusted` projects answers built in
   * TypeScript and sends PostgreSQL's JSON as written.
   */
  responseCheck: 'full' | 'trusted';
  dataDir: string;
  smtpUrl: string | undefined;
  appBaseUrl: string;
  /**
   * The server's own TLS (TLS_CERT_FILE and TLS_KEY_FILE, PEM): it then answers HTTP/2 over TLS (HTTP/1.1 for older
   * clients on the same port), so a screen's many small files share one connection. Unset: plain HTTP/1.1, as behind a
   * proxy that terminates TLS.
   */
  tls: { cert: string; key: string } | null;
  logLevel: string;
  sessionSecret: string;
  masterKey: string;
  corsOrigins: string[];
  rateLimitPerMinute: number;
  trustProxy: boolean;
  seedDemo: boolean;
  rsaPrivateKey: string | undefined;
  sessionTimeoutSeconds: number;
  sessionNoticeSeconds: number;
  /** 0: passwords never expire. */
  passwordExpiryDays: number;
  authRateLimitFactor: number;
  mailFrom: string;
  /** Cookies carry Secure everywhere but plain-HTTP loopback outside production. */
  secureCookies: boolean;
  engineInProcess: boolean;
  engineSuperviseSeconds: number;
  engineFaultDelayMs: number;
  devnetBlockMs: number;
  devnetConfirmations: number;
  /** The node URL of each network that has one (`CHAIN_RPC_<BLOCKCHAIN>`). */
  chainRpc: Partial<Record<Blockchain, string>>;
  chainSweepMs: number;
  travelRuleSweepMs: number;
  /** How often the engine hands waiting notification mails to its mail queue; 0: never (tests drive it). */
  notificationSweepMs: number;
  travelRuleTimeoutMs: number;
  /** Whether ADMINISTRATOR operators may work the cold-signing queue too (SIGNER operators always may). */
  coldSigningAdministrators: boolean;
  travelRuleVaspName: string;
  stakingBondingSeconds: number;
  stakingUnbondingSeconds: number;
  /** Story's consensus-layer API per staking network on a node (`STAKING_API_<BLOCKCHAIN>`). */
  stakingApi: Partial<Record<Blockchain, string>>;
  stakingValidatorsSyncMs: number;
  /** /metrics: open in local and development, elsewhere behind this bearer token, or a 404 without one. */
  metricsToken: string | undefined;
}

/** Where a network's transactions go: its node, the local devnet, or nowhere. */
export type ChainRuntime = { kind: 'rpc'; url: string } | { kind: 'devnet' } | { kind: 'unavailable' };

/**
 * A configured node wins; without one, the local devnet stands in outside production. In production a network
 * without a node is unavailable: a faked chain there would show customers money that does not exist.
 */
export function chainRuntimeOf(config: Pick<Config, 'chainRpc' | 'production'>, blockchain: Blockchain): ChainRuntime {
  const url = config.chainRpc[blockchain];
  if (url) return { kind: 'rpc', url };
  return config.production ? { kind: 'unavailable' } : { kind: 'devnet' };
}

/** The `CHAIN_RPC_*` variables, checked: a misspelt network or a bad URL must not silently fall back to the devnet. */
function parseChainRpc(env: Record<string, string | undefined>): Partial<Record<Blockchain, string>> {
  const known = new Set<string>(BLOCKCHAINS);
  const chainRpc: Partial<Record<Blockchain, string>> = {};
  for (const name of Object.keys(env).sort()) {
    const value = env[name];
    if (!name.startsWith(CHAIN_RPC_PREFIX) || value === undefined || value === '') continue;
    const blockchain = name.slice(CHAIN_RPC_PREFIX.length);
    if (!known.has(blockchain)) {
      throw new ConfigError(`Invalid configuration: ${name} names no supported blockchain (${blockchain})`);
    }
    const parsed = nodeUrl.safeParse(value.trim());
    // The value is not echoed: a node URL often carries an API key.
    if (!parsed.success) throw new ConfigError(`Invalid configuration: ${name} must be an http(s) URL`);
    chainRpc[blockchain as Blockchain] = parsed.data;
  }
  return chainRpc;
}

/** A configuration problem, worded for one line on the console: it names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const MAY_HOLD_SECRETS = new Set([
  'MASTER_KEY',
  'SESSION_SECRET',
  'RSA_PRIVATE_KEY',
  'DATABASE_URL',
  'SMTP_URL',
  'STAKING_API_STORY',
  'STAKING_API_STORY_TESTNET',
  'METRICS_TOKEN',
]);

/** Reads and checks the environment; throws a ConfigError naming the first bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const blanksRemoved = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = envSchema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    // A bad value is shown so it can be found, except where it may hold a secret (keys, passwords in URLs).
    const shown = env[name] === undefined || MAY_HOLD_SECRETS.has(name) ? '' : ` (got "${env[name]}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${describe(issue.message)}${shown}`);
  }
  const e = parsed.data;
  const production = isProductionEnvironment(e.APP_ENV);
  const devDoors = isDevelopmentEnvironment(e.APP_ENV);
  if (!devDoors && e.SEED_DEMO === 'true') {
    throw new ConfigError(
      `Invalid configuration: SEED_DEMO must not be true when APP_ENV is ${e.APP_ENV} (the demo seeds only in local and development)`,
    );
  }
  // Without SMTP mail is caught in-process, readable only through the development mailbox.
  if (!devDoors && !production && !e.SMTP_URL) {
    throw new ConfigError(`Invalid configuration: SMTP_URL must be set when APP_ENV is ${e.APP_ENV}`);
  }
  if (production) {
    const required = [
      'SESSION_SECRET',
      'MASTER_KEY',
      'RSA_PRIVATE_KEY',
      'APP_BASE_URL',
      'DATABASE_URL',
      'SMTP_URL',
    ] as const;
    for (const name of required) {
      if (!e[name]) throw new ConfigError(`Invalid configuration: ${name} must be set when APP_ENV is ${e.APP_ENV}`);
    }
  }
  const chainRpc = parseChainRpc(env);
  const tls = readTls(e.TLS_CERT_FILE, e.TLS_KEY_FILE);
  const appBaseUrl = (e.APP_BASE_URL ?? `${tls ? 'https' : 'http'}://localhost:${e.PORT}`).replace(/\/$/, '');
  const loopbackHttp = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(appBaseUrl);
  if (production && e.ENGINE_FAULT_DELAY_MS !== 0) {
    throw new ConfigError(`Invalid configuration: ENGINE_FAULT_DELAY_MS must be 0 when APP_ENV is ${e.APP_ENV}`);
  }
  if (production && e.AUTH_RATE_LIMIT_FACTOR !== 1) {
    throw new ConfigError(`Invalid configuration: AUTH_RATE_LIMIT_FACTOR must be 1 when APP_ENV is ${e.APP_ENV}`);
  }
  const unbondingSeconds = e.STAKING_UNBONDING_SECONDS ?? (devDoors ? DEMO_UNBONDING_SECONDS : STORY_UNBONDING_SECONDS);
  if (production && unbondingSeconds !== STORY_UNBONDING_SECONDS) {
    throw new ConfigError(`Invalid configuration: STAKING_UNBONDING_SECONDS is the chain's in ${e.APP_ENV}`);
  }
  const stakingApi: Partial<Record<Blockchain, string>> = {};
  for (const [blockchain, url] of [
    ['STORY', e.STAKING_API_STORY],
    ['STORY_TESTNET', e.STAKING_API_STORY_TESTNET],
  ] as const) {
    if (!url) continue;
    // The staking ledger plays the consensus layer of a devnet network: a second source of validators would fight it.
    if (!chainRpc[blockchain])
      throw new ConfigError(`Invalid configuration: STAKING_API_${blockchain} needs CHAIN_RPC_${blockchain} (a node)`);
    stakingApi[blockchain] = url;
  }
  return {
    env: e.APP_ENV,
    production,
    devDoors,
    apiDocs: (e.API_DOCS ?? (production ? 'false' : 'true')) === 'true',
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS === 'true',
    responseCheck: e.RESPONSE_CHECK ?? (production ? 'trusted' : 'full'),
    dataDir: resolve(REPO_ROOT, e.DATA_DIR),
    smtpUrl: e.SMTP_URL,
    appBaseUrl,
    tls,
    logLevel: e.LOG_LEVEL,
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    masterKey: (e.MASTER_KEY ?? DEV_MASTER_KEY).toLowerCase(),
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY === 'true',
    seedDemo: (e.SEED_DEMO ?? (devDoors ? 'true' : 'false')) === 'true',
    rsaPrivateKey: e.RSA_PRIVATE_KEY?.replace(/\\n/g, '\n'),
    sessionTimeoutSeconds: e.SESSION_TIMEOUT_SECONDS,
    sessionNoticeSeconds: Math.min(e.SESSION_NOTICE_SECONDS, Math.floor(e.SESSION_TIMEOUT_SECONDS / 2)),
    passwordExpiryDays: e.PASSWORD_EXPIRY_DAYS,
    authRateLimitFactor: e.AUTH_RATE_LIMIT_FACTOR,
    mailFrom: e.MAIL_FROM ?? 'Vaultline <no-reply@vaultline.local>',
    secureCookies: production || !loopbackHttp,
    engineInProcess: e.ENGINE === 'in-process',
    engineSuperviseSeconds: e.ENGINE_SUPERVISE_SECONDS,
    engineFaultDelayMs: e.ENGINE_FAULT_DELAY_MS,
    devnetBlockMs: e.DEVNET_BLOCK_MS,
    devnetConfirmations: e.DEVNET_CONFIRMATIONS,
    chainRpc,
    chainSweepMs: e.CHAIN_SWEEP_MS,
    travelRuleSweepMs: e.TRAVEL_RULE_SWEEP_MS,
    notificationSweepMs: e.NOTIFICATION_SWEEP_MS,
    travelRuleTimeoutMs: e.TRAVEL_RULE_TIMEOUT_MS,
    coldSigningAdministrators: e.COLD_SIGNING_ADMINISTRATORS === 'true',
    travelRuleVaspName: e.TRAVEL_RULE_VASP_NAME,
    stakingBondingSeconds: e.STAKING_BONDING_SECONDS,
    stakingUnbondingSeconds: unbondingSeconds,
    stakingApi,
    stakingValidatorsSyncMs: e.STAKING_VALIDATORS_SYNC_MS,
    metricsToken: e.METRICS_TOKEN,
  };
}

function describe(message: string): string {
  if (message.startsWith('Invalid option')) return `must be one of the allowed values (${message})`;
  if (message.startsWith('Invalid input')) return 'is not valid';
  return message;
}

/** Both files or neither, each a readable PEM of its kind; a problem stops the start with one line naming it. */
function readTls(certFile: string | undefined, keyFile: string | undefined): { cert: string; key: string } | null {
  if (!certFile && !keyFile) return null;
  if (!certFile || !keyFile)
    throw new ConfigError('Invalid configuration: TLS_CERT_FILE and TLS_KEY_FILE must be set together');
  const read = (name: string, file: string, marker: RegExp) => {
    let text: string;
    try {
      text = readFileSync(resolve(REPO_ROOT, file), 'utf8');
    } catch {
      throw new ConfigError(`Invalid configuration: ${name} cannot be read`);
    }
    if (!marker.test(text)) throw new ConfigError(`Invalid configuration: ${name} is not a PEM file of that kind`);
    return text;
  };
  return {
    cert: read('TLS_CERT_FILE', certFile, /-----BEGIN CERTIFICATE-----/),
    key: read('TLS_KEY_FILE', keyFile, /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/),
  };
}
