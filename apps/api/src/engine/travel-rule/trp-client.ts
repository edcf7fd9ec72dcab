// The travel-rule client: one signed TRP inquiry to a beneficiary VASP and what came back, sorted into an answer
// (approved, rejected with a reason) or something to try again (time-out, refused connection, server error,
// anything that is not a TRP resolution). It never throws for the network: the sweeper decides what a failure means.
import { randomUUID } from 'node:crypto';
import { TRP_API_VERSION, TRP_HEADERS, type TrpInquiry, TrpResolution } from '@vaultline/contracts';
import { signTrpRequest } from '../../security/trp-signature.js';

export type TrpSendResult =
  | { kind: 'approved'; address: string; answer: unknown }
  | { kind: 'rejected'; reason: string; answer: unknown }
  | { kind: 'retry'; failure: { reason: string; status?: number; detail?: string } };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Where inquiries may go: HTTPS only in production (the payload is a person's identity); outside production plain
 * HTTP too, but only to this machine (the local counterparty VASP, another local Vaultline).
 */
export function endpointAllowed(endpoint: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return !production && url.protocol === 'http:' && LOOPBACK.has(url.hostname);
}

/** The URL inquiries are POSTed to: `<endpoint>/inquiries`. */
export function inquiryUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/inquiries`;
}

const MAX_ANSWER_BYTES = 64 * 1024;

export async function sendTrpInquiry(opts: {
  endpoint: string;
  key: { keyId: string; secret: string };
  inquiry: TrpInquiry;
  timeoutMs: number;
  production: boolean;
  now: Date;
}): Promise<TrpSendResult> {
  if (!endpointAllowed(opts.endpoint, opts.production)) {
    return { kind: 'retry', failure: { reason: 'endpoint-not-allowed', detail: opts.endpoint } };
  }
  const body = JSON.stringify(opts.inquiry);
  const requestIdentifier = randomUUID();
  let response: Response;
  let text: string;
  try {
    // One time limit for connecting, the answer's headers and its body: a VASP that trickles bytes is a hang too.
    const signal = AbortSignal.timeout(opts.timeoutMs);
    response = await fetch(inquiryUrl(opts.endpoint), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [TRP_HEADERS.apiVersion]: TRP_API_VERSION,
        [TRP_HEADERS.requestIdentifier]: requestIdentifier,
        ...signTrpRequest(opts.key, requestIdentifier, body, opts.now),
      },
      body,
      signal,
      redirect: 'error',
    });
    text = await response.text();
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return {
      kind: 'retry',
      failure: { reason: timedOut ? 'timeout' : 'network', detail: err instanceof Error ? err.message : String(err) },
    };
  }
  if (!response.ok) return { kind: 'retry', failure: { reason: 'http-status', status: response.status } };
  if (text.length > MAX_ANSWER_BYTES) return { kind: 'retry', failure: { reason: 'answer-too-large' } };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'retry', failure: { reason: 'not-json', detail: text.slice(0, 200) } };
  }
  const parsed = TrpResolution.safeParse(json);
  if (!parsed.success) return { kind: 'retry', failure: { reason: 'not-a-resolution', detail: text.slice(0, 200) } };
  if ('approved' in parsed.data) return { kind: 'approved', address: parsed.data.approved.address, answer: json };
  return { kind: 'rejected', reason: parsed.data.rejected, answer: json };
}
