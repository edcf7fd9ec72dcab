// The counterparty VASP of the demo and the tests: an exchange with customer records (counterparty-customers.json)
// that answers TRP inquiries about its deposit addresses, on its own port, as a separate process. It checks the
// inquiry's signature with the key it shares with Vaultline and answers every outcome the spec names; customers
// flagged with a `behaviour` make it answer an undefined error, hang, answer garbage or fail with a 503.
//
//   npm run vasp:counterparty -w @vaultline/api            (port 4100, the demo key; see counterparty-demo.ts)
//   tsx src/travel-rule/counterparty-vasp.ts --port 0      (any free port; prints `listening <url>` when ready)
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { TRP_API_VERSION, TRP_HEADERS, TrpInquiry, type TrpRejectionReason } from '@vaultline/contracts';
import { z } from 'zod';
import { beneficiaryFacts, validateIvms101 } from '../modules/address-books/travel-rule-ivms101.js';
import { matchCustomer } from '../modules/address-books/travel-rule-match.js';
import { verifyTrpRequest } from '../security/trp-signature.js';
import { DEMO_COUNTERPARTY } from './counterparty-demo.js';

const Customer = z.object({
  id: z.string(),
  kind: z.enum(['INDIVIDUAL', 'CORPORATION']),
  nameKo: z.string(),
  nameEn: z.string(),
  birthday: z.string().optional(),
  incorporationDate: z.string().optional(),
  representativeNameKo: z.string().optional(),
  representativeNameEn: z.string().optional(),
  /** Test behaviours: `error` answers an undefined rejection, `hang` never answers, `garbage` answers non-JSON. */
  behaviour: z.enum(['error', 'hang', 'garbage', 'server-error']).optional(),
  deposits: z.array(z.object({ network: z.string(), tokens: z.array(z.string()), address: z.string() })),
});
export const CounterpartyBook = z.object({
  name: z.string(),
  /** The networks and tokens the exchange takes deposits in. */
  supported: z.record(z.string(), z.array(z.string())),
  customers: z.array(Customer),
});
export type CounterpartyBook = z.infer<typeof CounterpartyBook>;

export const DEFAULT_CUSTOMERS_FILE = new URL('./counterparty-customers.json', import.meta.url);

const sameAddress = (a: string, b: string) => (a.startsWith('0x') ? a.toLowerCase() === b.toLowerCase() : a === b);

type Answer = { status: number; body: string } | 'hang';

const json = (status: number, value: unknown): Answer => ({ status, body: JSON.stringify(value) });
const rejected = (reason: TrpRejectionReason | 'INTERNAL_ERROR', message: string) =>
  json(200, { rejected: reason, message });

/** The exchange's decision on one request (body as received). */
export function answerInquiry(
  book: CounterpartyBook,
  secret: string,
  headers: IncomingMessage['headers'],
  raw: string,
  now: Date,
): Answer {
  if (!verifyTrpRequest(secret, headers, raw, now)) return json(401, { error: 'signature refused' });
  if (!headers[TRP_HEADERS.apiVersion]) return json(400, { error: 'api-version header missing' });
  let inquiry: TrpInquiry;
  let facts: ReturnType<typeof beneficiaryFacts>;
  try {
    inquiry = TrpInquiry.parse(JSON.parse(raw));
    facts = beneficiaryFacts(validateIvms101(inquiry.IVMS101), inquiry.extensions?.legalPerson);
  } catch {
    return json(400, { error: 'not a TRP inquiry with a valid IVMS101 record' });
  }
  const address = facts?.accountNumbers[0];
  if (!facts || !address) return json(400, { error: 'no beneficiary account number' });
  const { network, symbol } = inquiry.asset;
  const tokens = book.supported[network];
  if (!tokens) return rejected('UNSUPPORTED_NETWORK', `${network} is not supported`);
  if (!tokens.includes(symbol.toUpperCase())) return rejected('UNSUPPORTED_ASSET', `${symbol} is not supported`);
  const customer = book.customers.find((c) =>
    c.deposits.some((d) => d.network === network && d.tokens.includes(symbol) && sameAddress(d.address, address)),
  );
  if (!customer) return rejected('ADDRESS_NOT_FOUND', 'no customer holds this deposit address');
  if (customer.behaviour === 'hang') return 'hang';
  if (customer.behaviour === 'garbage') return { status: 200, body: '<html>upstream proxy error</html>' };
  if (customer.behaviour === 'server-error') return json(503, { error: 'maintenance' });
  if (customer.behaviour === 'error') return rejected('INTERNAL_ERROR', 'compliance system error');
  const reason = matchCustomer(customer, facts);
  if (reason) return rejected(reason, 'the beneficiary does not match our customer record');
  return json(200, { approved: { address, callback: `https://counterparty.invalid/transfers/${customer.id}` } });
}

export function startCounterparty(opts: { port: number; host?: string; book: CounterpartyBook; secret: string }) {
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/inquiries') {
        res.writeHead(404).end();
        return;
      }
      const answer = answerInquiry(
        opts.book,
        opts.secret,
        req.headers,
        Buffer.concat(chunks).toString('utf8'),
        new Date(),
      );
      if (answer === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      res.writeHead(answer.status, {
        'content-type': answer.body.startsWith('<') ? 'text/html' : 'application/json',
        [TRP_HEADERS.apiVersion]: TRP_API_VERSION,
        [TRP_HEADERS.requestIdentifier]: String(req.headers[TRP_HEADERS.requestIdentifier] ?? ''),
      });
      res.end(answer.body);
    });
  });
  return new Promise<{ url: string; close(): Promise<void> }>((resolve) => {
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            for (const res of hanging) res.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

async function main() {
  const { values } = parseArgs({
    options: { port: { type: 'string' }, customers: { type: 'string' } },
  });
  const port = Number(values.port ?? process.env.COUNTERPARTY_VASP_PORT ?? DEMO_COUNTERPARTY.port);
  const book = CounterpartyBook.parse(JSON.parse(readFileSync(values.customers ?? DEFAULT_CUSTOMERS_FILE, 'utf8')));
  const secret = process.env.COUNTERPARTY_VASP_SECRET ?? DEMO_COUNTERPARTY.secret;
  const server = await startCounterparty({ port, book, secret });
  console.log(`listening ${server.url}`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
