import { canonicalAddress, isValidAddress } from '@vaultline/chains';
import {
  type AddressBookInput,
  type AddressBookState,
  type Blockchain,
  familyOf,
  PERSON_NAME_PATTERN,
  type ReceiverInput,
  tokenById,
  type ValidationKey,
} from '@vaultline/contracts';

/**
 * The rules of an address-book entry (spec section 5 and issue 14), field by field: what the create call enforces
 * and what the register form's validate calls answer before it submits. One list of issues, each a field path and a
 * message key; the caller translates them at the edge and never echoes the input back.
 */

export interface RuleIssue {
  /** Field path in the draft (`receiver.birthday`); create answers it under `body.`. */
  path: string;
  key: ValidationKey;
  params?: Record<string, unknown>;
}

/** A draft as far as it parsed: every field that passed its own schema, the others left out. */
export type DraftFields = Partial<Omit<AddressBookInput, 'receiver'>> & { receiver?: Partial<ReceiverInput> };

/** What the rules ask the database, always within the caller's organization. */
export interface RuleLookups {
  nameTaken(name: string): Promise<boolean>;
  /** The state of the live entry holding this (token, address key), if any. */
  pairState(tokenId: string, addressKey: string): Promise<AddressBookState | undefined>;
  ownWallet(blockchain: Blockchain, addressKey: string): Promise<boolean>;
  vaspExists(vaspId: string): Promise<boolean>;
  sanctioned(blockchain: Blockchain, address: string): Promise<boolean>;
}

const BECH32 = /^(bc|tb|bcrt)1/i;

/**
 * One spelling per address for comparisons (uniqueness, own wallets): EVM addresses lower-case (EIP-55 is only a
 * checksum), bech32 lower-case (the format is case-insensitive); base58 and EOS names are case-sensitive, as given.
 */
export function addressKey(blockchain: Blockchain, address: string): string {
  return caseInsensitive(blockchain, address) ? address.toLowerCase() : address;
}

/** EVM hex and bech32 are the same address in any case; base58 and EOS account names are not. */
export function caseInsensitive(blockchain: Blockchain, address: string): boolean {
  const family = familyOf(blockchain);
  return family === 'evm' || (family === 'btc' && BECH32.test(address));
}

/** The address as stored and shown: EVM with its EIP-55 checksum, bech32 lower-case, others as entered. */
export function storedAddress(blockchain: Blockchain, address: string): string {
  const family = familyOf(blockchain);
  if (family === 'evm') return canonicalAddress(blockchain, address);
  if (family === 'btc' && BECH32.test(address)) return address.toLowerCase();
  return address;
}

/** Only EOS-type chains carry a memo with a transfer; elsewhere one would be silently lost. */
export function carriesMemo(blockchain: Blockchain): boolean {
  return familyOf(blockchain) === 'eosio';
}

/** The address and memo against the token's network: format and checksum (code 3 on create). */
export function addressIssues(tokenId: string | undefined, address: string | undefined, memo: string | undefined) {
  const issues: RuleIssue[] = [];
  const token = tokenId === undefined ? undefined : tokenById(tokenId);
  if (tokenId !== undefined && !token) issues.push({ path: 'tokenId', key: 'validation.token.unknown' });
  if (!token) return { issues, blockchain: undefined };
  const blockchain = token.blockchain;
  if (address !== undefined && !isValidAddress(blockchain, address)) {
    issues.push({ path: 'address', key: 'validation.address.invalid', params: { blockchain } });
  }
  if (memo && !carriesMemo(blockchain)) issues.push({ path: 'memo', key: 'validation.addressBook.memoNotSupported' });
  return { issues, blockchain };
}

/** Which receiver fields each receiver type needs, and which do not apply to it. */
const RECEIVER_FIELDS = {
  INDIVIDUAL: { needs: ['birthday'], refuses: ['incorporationDate', 'representativeNameKo', 'representativeNameEn'] },
  CORPORATION: { needs: ['incorporationDate', 'representativeNameKo', 'representativeNameEn'], refuses: ['birthday'] },
} as const;

function shapeIssues(d: DraftFields): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (d.walletType === 'VASP' && d.vaspId === undefined) {
    issues.push({ path: 'vaspId', key: 'validation.addressBook.vaspRequired' });
  }
  // A self-managed wallet belongs to no exchange: a VASP given with one is a mistake of the form, not to be dropped.
  if (d.walletType === 'PERSONAL' && d.vaspId !== undefined) {
    issues.push({ path: 'vaspId', key: 'validation.addressBook.notApplicable' });
  }
  if (d.receiverType && d.receiver) {
    const fields = RECEIVER_FIELDS[d.receiverType];
    for (const f of fields.needs) {
      if (d.receiver[f] === undefined) issues.push({ path: `receiver.${f}`, key: 'validation.required' });
    }
    for (const f of fields.refuses) {
      if (d.receiver[f] !== undefined)
        issues.push({ path: `receiver.${f}`, key: 'validation.addressBook.notApplicable' });
    }
    // The contract admits a company's punctuation in every name; a person's name is letters and spaces only.
    if (d.receiverType === 'INDIVIDUAL') {
      for (const f of ['nameKo', 'nameEn'] as const) {
        const name = d.receiver[f];
        if (name !== undefined && !PERSON_NAME_PATTERN.test(name.trim())) {
          issues.push({ path: `receiver.${f}`, key: 'validation.personName.invalid' });
        }
      }
    }
  }
  return issues;
}

export interface DraftCheck {
  issues: RuleIssue[];
  /** A live entry with the same (token, address) is still being verified: create answers 4014. */
  pairVerifying: boolean;
}

/** Every rule of a draft at once; checks that need a valid field run only when that field is valid. */
export async function checkDraft(d: DraftFields, lookups: RuleLookups): Promise<DraftCheck> {
  const { issues, blockchain } = addressIssues(d.tokenId, d.address, d.memo);
  issues.push(...shapeIssues(d));
  if (d.walletType === 'VASP' && d.vaspId !== undefined && !(await lookups.vaspExists(d.vaspId))) {
    issues.push({ path: 'vaspId', key: 'validation.addressBook.vaspRequired' });
  }
  if (d.name !== undefined && (await lookups.nameTaken(d.name))) {
    issues.push({ path: 'name', key: 'validation.addressBook.nameTaken' });
  }
  let pairVerifying = false;
  const addressValid = blockchain && d.address !== undefined && !issues.some((i) => i.path === 'address');
  if (addressValid && d.tokenId !== undefined) {
    const key = addressKey(blockchain, d.address!);
    const state = await lookups.pairState(d.tokenId, key);
    if (state) {
      pairVerifying = state === 'VERIFYING';
      issues.push({ path: 'address', key: 'validation.addressBook.duplicate' });
    }
    if (await lookups.ownWallet(blockchain, key))
      issues.push({ path: 'address', key: 'validation.addressBook.ownWallet' });
    if (await lookups.sanctioned(blockchain, d.address!)) {
      issues.push({ path: 'address', key: 'validation.addressBook.sanctioned' });
    }
  }
  return { issues, pairVerifying };
}
