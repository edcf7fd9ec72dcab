// The regtest node as a `CHAIN_RPC_BITCOIN_TESTNET` URL can reach it. litecoind -regtest runs BITCOIN_TESTNET's
// scripts but spells addresses `rltc1…`, and the engine's node lookup (sweeper.ts `nodeOf`) has no setting for an
// address network: it would scan `addr(tb1…)`, which the node refuses as an invalid address. This relay rewrites
// the address descriptors of `scantxoutset` (the one call that names an address) and passes everything else, bytes
// and answers, through unchanged: the transactions the engine signs are the same on both networks.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AddressRelay {
  /** The relay's URL with the node's credentials, as a `CHAIN_RPC_*` variable names a node. */
  url: string;
  close(): Promise<void>;
}

export async function startAddressRelay(nodeUrl: string, onNode: (address: string) => string): Promise<AddressRelay> {
  const target = new URL(nodeUrl);
  const credentials = `${target.username}:${target.password}@`;
  target.username = '';
  target.password = '';
  const rewrite = (text: string) => {
    const call = JSON.parse(text) as { method?: string; params?: unknown[] };
    if (call.method !== 'scantxoutset' || !Array.isArray(call.params?.[1])) return text;
    call.params[1] = (call.params[1] as unknown[]).map((descriptor) =>
      typeof descriptor === 'string'
        ? descriptor.replace(/^addr\((.+)\)$/, (_, a: string) => `addr(${onNode(a)})`)
        : descriptor,
    );
    return JSON.stringify(call);
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      try {
        const answer = await fetch(target, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
          },
          body: rewrite(Buffer.concat(chunks).toString('utf8')),
        });
        response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
        response.end(Buffer.from(await answer.arrayBuffer()));
      } catch (error) {
        response.writeHead(502).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${credentials}127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
