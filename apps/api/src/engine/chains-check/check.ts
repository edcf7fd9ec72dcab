// One native transfer per family, and one token transfer where the family has tokens, between the check's two
// wallets of that family, each driven by the executor to CONFIRMED (or a final failure) on the runtime at hand.
import { familyOf } from '@vaultline/contracts';
import type { Db } from '../../db/client.js';
import { FINAL_STATUSES } from '../transactions/executor.js';
import { checkCustody } from './check-custody.js';
import type { FamilyHarness } from './harness.js';

export interface CheckLine {
  family: string;
  blockchain: string;
  runtime: string;
  tokenId: string;
  hash: string | null;
  /** `confirmed`, or the final status and catalogue code of a transfer that did not get there. */
  outcome: string;
  ok: boolean;
}

export const formatLine = (line: CheckLine) =>
  [line.family, line.blockchain, line.runtime, line.tokenId, line.hash ?? '-', line.outcome].join('  ');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runCheck(
  db: Db,
  masterKey: string,
  harnesses: FamilyHarness[],
  options: { timeoutMs?: number; onLine?: (line: CheckLine) => void } = {},
): Promise<CheckLine[]> {
  const custody = await checkCustody(db, masterKey);
  const lines: CheckLine[] = [];
  for (const harness of harnesses) {
    const [from, to] = await custody.walletsOf(harness.blockchain);
    await harness.prepareWallets?.([from, to]);
    for (const token of harness.tokens) {
      // The native coin pays every family's fees; the token itself for a token transfer.
      await harness.fund(from.address, harness.tokens[0]!.tokenId, harness.tokens[0]!.fund);
      if (token !== harness.tokens[0]) await harness.fund(from.address, token.tokenId, token.fund);
      let row = await harness.executor.create({
        organizationId: custody.organizationId,
        requestId: await custody.newRequest(),
        purpose: 'chains-check',
        blockchain: harness.blockchain,
        fromAddress: from.address,
        toAddress: to.address,
        tokenId: token.tokenId,
        amount: token.amount,
      });
      const deadline = Date.now() + (options.timeoutMs ?? 120_000);
      while (!FINAL_STATUSES.includes(row.status) && Date.now() < deadline) {
        const before = `${row.id}:${row.status}:${row.confirmations}`;
        row = await harness.executor.advance(row.id);
        if (`${row.id}:${row.status}:${row.confirmations}` === before) {
          await harness.produceBlock();
          await sleep(50);
        }
      }
      const ok = row.status === 'CONFIRMED';
      const line: CheckLine = {
        family: familyOf(harness.blockchain),
        blockchain: harness.blockchain,
        runtime: harness.runtime,
        tokenId: token.tokenId,
        hash: row.hash,
        outcome: ok
          ? 'confirmed'
          : FINAL_STATUSES.includes(row.status)
            ? `${row.status.toLowerCase()} (code ${row.failureCode})`
            : `still ${row.status.toLowerCase()} after the timeout`,
        ok,
      };
      options.onLine?.(line);
      lines.push(line);
    }
  }
  return lines;
}
