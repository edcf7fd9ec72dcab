// Vaultline as a beneficiary VASP: another VASP asks whether an address is one of our organizations' wallets and
// whether the beneficiary it names is that organization. We answer with the rules the counterparty VASP uses
// (travel-rule-match.ts) and keep the inquiry and our answer as an INCOMING row of that organization.
import {
  BLOCKCHAIN_INFO,
  BLOCKCHAINS,
  type Blockchain,
  rejectionCode,
  TRP_HEADERS,
  type TrpInquiry,
  type TrpRejectionReason,
  type TrpResolution,
  tokenBySymbol,
} from '@vaultline/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { travelRuleInquiries as inquiries, organizations, vasps, wallets } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { decryptAtRest } from '../../security/at-rest.js';
import { trpKeyId, VASP_SECRET_CONTEXT, verifyTrpRequest } from '../../security/trp-signature.js';
import { sealPayload } from './travel-rule.service.js';
import { beneficiaryFacts, Ivms101Error, validateIvms101 } from './travel-rule-ivms101.js';
import { matchCustomer } from './travel-rule-match.js';

type Headers = Record<string, string | string[] | undefined>;

/** The VASP that signed the request, or a refusal: unknown key, no key, bad or stale signature. */
async function authenticate(db: Db, masterKey: string, headers: Headers, rawBody: string, now: Date) {
  const keyId = trpKeyId(headers);
  const [vasp] = keyId ? await db.select().from(vasps).where(eq(vasps.keyId, keyId)) : [];
  // The same refusal whatever failed, so a caller cannot probe which key ids exist.
  if (!vasp?.secretEnc) throw new AppError('403', { reason: 'vasp-signature' });
  const secret = decryptAtRest(vasp.secretEnc, masterKey, VASP_SECRET_CONTEXT);
  if (!verifyTrpRequest(secret, headers, rawBody, now)) throw new AppError('403', { reason: 'vasp-signature' });
  if (!String(headers[TRP_HEADERS.apiVersion] ?? '').startsWith('3.')) {
    throw new AppError('4000', { reason: 'api-version' });
  }
  return vasp;
}

/** Our wallet holding `address` on `blockchain`, with its organization; EVM addresses compare without case. */
async function findWallet(db: Db, blockchain: Blockchain, address: string) {
  const evm = BLOCKCHAIN_INFO[blockchain].family === 'evm';
  const [row] = await db
    .select({
      address: wallets.address,
      organizationId: organizations.id,
      name: organizations.name,
      representativeName: organizations.representativeName,
    })
    .from(wallets)
    .innerJoin(organizations, eq(organizations.id, wallets.organizationId))
    .where(
      and(
        eq(wallets.blockchain, blockchain),
        evm ? sql`lower(${wallets.address}) = ${address.toLowerCase()}` : eq(wallets.address, address),
      ),
    )
    .limit(1);
  return row;
}

export function travelRuleBeneficiary(deps: { db: Db; masterKey: string; log: FastifyBaseLogger }) {
  const { db, masterKey, log } = deps;
  return {
    /** Answers one signed inquiry (TRP resolution in the response body). */
    async answer(headers: Headers, rawBody: string, inquiry: TrpInquiry, now: Date): Promise<TrpResolution> {
      const vasp = await authenticate(db, masterKey, headers, rawBody, now);
      let facts: ReturnType<typeof beneficiaryFacts>;
      try {
        facts = beneficiaryFacts(validateIvms101(inquiry.IVMS101), inquiry.extensions?.legalPerson);
      } catch (err) {
        if (err instanceof Ivms101Error) throw new AppError('4000', { reason: 'ivms101' });
        throw err;
      }
      const address = facts?.accountNumbers[0];
      if (!facts || !address) throw new AppError('4000', { reason: 'ivms101-beneficiary' });
      const reject = (reason: TrpRejectionReason): TrpResolution => ({ rejected: reason });

      const network = (BLOCKCHAINS as readonly string[]).includes(inquiry.asset.network)
        ? (inquiry.asset.network as Blockchain)
        : null;
      if (!network) return reject('UNSUPPORTED_NETWORK');
      if (!tokenBySymbol(network, inquiry.asset.symbol)) return reject('UNSUPPORTED_ASSET');
      const wallet = await findWallet(db, network, address);
      if (!wallet) {
        // No organization to file it under: the refusal is logged, not stored.
        log.info({ vasp: vasp.name, blockchain: network }, 'travel-rule inquiry for an address we do not hold');
        return reject('ADDRESS_NOT_FOUND');
      }
      // Our organizations are legal persons, known by one name; a representative when one is on record.
      const reason = matchCustomer(
        {
          kind: 'CORPORATION',
          nameKo: wallet.name,
          nameEn: wallet.name,
          representativeNameEn: wallet.representativeName || null,
        },
        facts,
      );
      const resolution: TrpResolution = reason ? reject(reason) : { approved: { address: wallet.address } };
      await db.insert(inquiries).values({
        organizationId: wallet.organizationId,
        direction: 'INCOMING',
        vaspId: vasp.id,
        counterparty: vasp.name,
        blockchain: network,
        address: wallet.address,
        status: reason ? 'REJECTED' : 'APPROVED',
        code: reason ? rejectionCode(reason) : null,
        attempts: 1,
        requestPayload: sealPayload(
          { requestIdentifier: headers[TRP_HEADERS.requestIdentifier] ?? null, inquiry },
          masterKey,
        ),
        responsePayload: sealPayload(resolution, masterKey),
        createdAt: now,
        answeredAt: now,
      });
      return resolution;
    },
  };
}
