// `npm run devnet -- deposit --to <address> --amount <decimal> [--token <symbol>] [--chain <BLOCKCHAIN>] [--fail]`
// Sends a devnet deposit through the running server: the embedded database belongs to that process.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config.js';
import { DEVNET_CLI_PATH, DEVNET_TOKEN_HEADER } from './devnet.routes.js';
import { devnetToken } from './devnet-token.js';

const USAGE = `Usage: npm run devnet -- deposit --to <address> --amount <decimal> [--token <symbol>] [--chain <BLOCKCHAIN>] [--fail] [--url <server>]
  --to       the receiving address (a wallet's address; its blockchain is found when --chain is omitted)
  --amount   in token units, e.g. 1.5
  --token    the token's symbol on that blockchain (USDC); the native coin when omitted
  --chain    the blockchain (SEPOLIA, BITCOIN_TESTNET, SOLANA…)
  --fail     the transaction is mined but fails: the deposit ends FAILED
  --url      the running server (default http://127.0.0.1:$PORT, PORT defaulting to 3000)`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      amount: { type: 'string' },
      token: { type: 'string' },
      chain: { type: 'string' },
      fail: { type: 'boolean' },
      url: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
try {
  args = parse();
} catch (err) {
  fail(`${(err as Error).message}\n\n${USAGE}`);
}
const { values, positionals } = args;
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (positionals[0] !== 'deposit' || positionals.length !== 1) fail(USAGE);
if (!values.to || !values.amount) fail(`--to and --amount are required.\n\n${USAGE}`);

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  fail(err instanceof ConfigError ? err.message : String(err));
}
if (!config.devDoors) fail(`The devnet CLI exists only in local and development (APP_ENV is ${config.env}).`);
const token = devnetToken(config.masterKey);

const base = (values.url ?? `http://127.0.0.1:${config.port}`).replace(/\/$/, '');
const body = {
  toAddress: values.to,
  amount: values.amount,
  ...(values.token ? { token: values.token } : {}),
  ...(values.chain ? { blockchain: values.chain.toUpperCase() } : {}),
  ...(values.fail ? { fail: true } : {}),
};
let res: Response;
try {
  res = await fetch(`${base}${DEVNET_CLI_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', [DEVNET_TOKEN_HEADER]: token },
    body: JSON.stringify(body),
  });
} catch (err) {
  fail(`Cannot reach the server at ${base} (${(err as Error).message}): is it running? Use --url otherwise.`);
}
const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
if (!res.ok) {
  const data = (answer.data ?? {}) as {
    detail?: string;
    reason?: string;
    issues?: { path?: unknown; message?: string }[];
  };
  // Issues name their field as a dotted path under the body ('body.amount').
  const issues = (data.issues ?? []).map((i) => `  ${String(i.path ?? '').replace(/^body\./, '')}: ${i.message ?? ''}`);
  fail(
    [`Error ${String(answer.code ?? res.status)}: ${String(answer.message ?? res.statusText)}`, data.detail, ...issues]
      .filter(Boolean)
      .join('\n'),
  );
}
console.log(answer.hash);
console.error(
  `${String(answer.blockchain)} ${String(answer.tokenId)} ${String(answer.amount)} base units → ${String(answer.toAddress)} (in the mempool)`,
);
