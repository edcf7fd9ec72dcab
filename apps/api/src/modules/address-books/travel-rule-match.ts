// How a beneficiary VASP decides an inquiry about one of its customers: the rules Vaultline answers with for its own
// organizations and the local counterparty VASP answers with for its exchange customers. Pure.
import type { TrpRejectionReason } from '@vaultline/contracts';
import type { BeneficiaryFacts } from './travel-rule-ivms101.js';

/** A customer as a beneficiary VASP keeps it. */
export interface CustomerRecord {
  kind: 'INDIVIDUAL' | 'CORPORATION';
  nameKo: string;
  nameEn: string;
  birthday?: string | null;
  incorporationDate?: string | null;
  representativeNameKo?: string | null;
  representativeNameEn?: string | null;
}

/**
 * Names compare without case, spacing or Unicode composition: `HONG Gil-dong` and `hong gildong` are one name, as a
 * Korean name is written with or without spaces. Punctuation stays significant apart from the hyphen.
 */
export function sameName(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[\s-]+/g, '');
  return norm(a) !== '' && norm(a) === norm(b);
}

/** Every name the inquiry gives must be one of the record's names, in either script; at least one is needed. */
function namesMatch(given: string[], known: (string | null | undefined)[]): boolean {
  const names = known.filter((n): n is string => !!n);
  return given.length > 0 && given.every((g) => names.some((n) => sameName(g, n)));
}

/** null: approved; otherwise the reason to reject with. */
export function matchCustomer(record: CustomerRecord, facts: BeneficiaryFacts): TrpRejectionReason | null {
  if (record.kind === 'INDIVIDUAL') {
    // An inquiry about a corporation where the customer is a person: the receiver type itself is wrong.
    if (facts.kind !== 'natural') return 'INCORPORATION_DATE_MISMATCH';
    if (!namesMatch(facts.names, [record.nameKo, record.nameEn])) return 'NAME_MISMATCH';
    if (record.birthday && facts.dateOfBirth !== record.birthday) return 'DATE_OF_BIRTH_MISMATCH';
    return null;
  }
  if (facts.kind !== 'legal') return 'INCORPORATION_DATE_MISMATCH';
  if (!namesMatch(facts.names, [record.nameKo, record.nameEn])) return 'COMPANY_NAME_MISMATCH';
  const representative = [record.representativeNameKo, record.representativeNameEn];
  if (representative.some(Boolean) && !namesMatch(facts.representativeNames, representative)) {
    return 'REPRESENTATIVE_MISMATCH';
  }
  if (record.incorporationDate && facts.dateOfRegistration !== record.incorporationDate) {
    return 'INCORPORATION_DATE_MISMATCH';
  }
  return null;
}
