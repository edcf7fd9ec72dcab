// One JSON-RPC 2.0 request over HTTP POST, as EVM and Solana nodes take them; each client reads the answer its way
// (EVM as plain JSON, Solana keeping integers beyond 2^53 exact).
export function postJsonRpc(url: string, id: number, method: string, params: unknown[], timeoutMs: number) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
}
