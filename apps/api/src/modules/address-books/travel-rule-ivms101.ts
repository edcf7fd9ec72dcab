// IVMS101 (101.2023) records of a travel-rule inquiry, built and read with the `ivms101` package's types and schema.
// Pure: no database, no network.
import type { ReceiverInput, ReceiverType } from '@vaultline/contracts';
import {
  type IVMS101,
  IVMS101_2023Schema,
  type LegalPerson,
  type NaturalPerson,
  PayloadVersionCode,
  type Person,
} from 'ivms101';

/**
 * IVMS101 asks a place of birth beside the date; the address book collects only the date (spec section 3), so
 * the place says that it was not collected rather than inventing one.
 */
export const PLACE_OF_BIRTH_NOT_COLLECTED = 'not collected';

/** A natural person by name: the Korean name as the local (primary-script) name, the English one as the latin. */
export function naturalPerson(nameKo: string | undefined, nameEn: string | undefined): NaturalPerson {
  const latin = nameEn ?? nameKo ?? '';
  return {
    name: {
      nameIdentifier: [{ primaryIdentifier: latin, naturalPersonNameIdentifierType: 'LEGL' }],
      ...(nameKo ? { localNameIdentifier: [{ primaryIdentifier: nameKo, nameIdentifierType: 'LEGL' }] } : {}),
    },
  };
}

export function legalPerson(nameKo: string | undefined, nameEn: string, customerIdentification?: string): LegalPerson {
  return {
    name: {
      nameIdentifier: [{ legalPersonName: nameEn, legalPersonNameIdentifierType: 'LEGL' }],
      ...(nameKo ? { localNameIdentifier: [{ legalPersonName: nameKo, legalPersonNameIdentifierType: 'LEGL' }] } : {}),
    },
    ...(customerIdentification ? { customerIdentification } : {}),
  };
}

/** The originator: the organization, a legal person, known to us (its VASP) by its id. */
export function originatorPerson(org: { id: string; name: string }): Person {
  return { legalPerson: legalPerson(undefined, org.name, org.id) };
}

/** A VASP's own identity (originating or beneficiary VASP): a legal person by name. */
export function vaspPerson(name: string): Person {
  return { legalPerson: legalPerson(undefined, name) };
}

/** The beneficiary as the address-book entry describes the receiver. */
export function beneficiaryPerson(receiverType: ReceiverType, receiver: ReceiverInput): Person {
  if (receiverType === 'CORPORATION') return { legalPerson: legalPerson(receiver.nameKo, receiver.nameEn) };
  const person = naturalPerson(receiver.nameKo, receiver.nameEn);
  if (receiver.birthday) {
    person.dateAndPlaceOfBirth = { dateOfBirth: receiver.birthday, placeOfBirth: PLACE_OF_BIRTH_NOT_COLLECTED };
  }
  return { naturalPerson: person };
}

/** The IVMS101 message of an inquiry about `address`: who sends (the organization) and who should receive. */
export function inquiryMessage(parts: {
  originator: Person;
  beneficiary: Person;
  address: string;
  originatingVasp?: Person;
  beneficiaryVasp?: Person;
}): IVMS101 {
  return validateIvms101({
    originator: { originatorPerson: [parts.originator] },
    beneficiary: { beneficiaryPerson: [parts.beneficiary], accountNumber: [parts.address] },
    ...(parts.originatingVasp ? { originatingVASP: parts.originatingVasp } : {}),
    ...(parts.beneficiaryVasp ? { beneficiaryVASP: parts.beneficiaryVasp } : {}),
    payloadMetadata: { payloadVersion: PayloadVersionCode.V2023 },
  });
}

export class Ivms101Error extends Error {
  override name = 'Ivms101Error';
}

/**
 * Checks a message against the package's IVMS101.2023 schema and returns it as given: the schema leaves out the
 * local-script names (`localNameIdentifier`, the Korean names) its types have, and parsing would drop them. The
 * package applies the originator-only constraints (C1, C4: an originator must carry an address, a customer number,
 * a national id or a birth date) to every person; IVMS101 states them for the originator, so they are not held
 * against a beneficiary or a VASP.
 */
export function validateIvms101(message: unknown): IVMS101 {
  const parsed = IVMS101_2023Schema.safeParse(message);
  if (parsed.success) return message as IVMS101;
  const issues = parsed.error.issues.filter((i) => !(/^C[14] /.test(i.message) && i.path[0] !== 'originator'));
  if (issues.length > 0) {
    throw new Ivms101Error(issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  // Only the inapplicable constraints failed: the message is valid IVMS101 as the standard states it.
  return message as IVMS101;
}

/** What a beneficiary VASP compares with its customer: the receiver's kind, names and dates. */
export interface BeneficiaryFacts {
  kind: 'natural' | 'legal';
  names: string[];
  dateOfBirth: string | null;
  dateOfRegistration: string | null;
  representativeNames: string[];
  accountNumbers: string[];
}

/** The entries of a name list the schema did not check (local, phonetic): only well-formed ones count. */
const entries = (list: unknown): Record<string, unknown>[] =>
  Array.isArray(list) ? list.filter((n): n is Record<string, unknown> => typeof n === 'object' && n !== null) : [];

const personName = (n: Record<string, unknown>) =>
  [n.primaryIdentifier, n.secondaryIdentifier].filter((p): p is string => typeof p === 'string' && p !== '').join(' ');

/** The names of a natural person in every script given (latin, local, phonetic). */
export function naturalNames(person: NaturalPerson): string[] {
  const { name } = person;
  return [
    ...entries(name.nameIdentifier),
    ...entries(name.localNameIdentifier),
    ...entries(name.phoneticNameIdentifier),
  ]
    .map(personName)
    .filter(Boolean);
}

function legalNames(person: LegalPerson): string[] {
  const { name } = person;
  return [
    ...entries(name.nameIdentifier),
    ...entries(name.localNameIdentifier),
    ...entries(name.phoneticNameIdentifier),
  ]
    .map((n) => n.legalPersonName)
    .filter((n): n is string => typeof n === 'string' && n !== '');
}

/** The first beneficiary of a valid message, with the legal-person extension; null when it names none. */
export function beneficiaryFacts(
  message: IVMS101,
  legalExtension?: { dateOfRegistration?: string; representative?: Record<string, unknown> },
): BeneficiaryFacts | null {
  const person = message.beneficiary.beneficiaryPerson[0];
  const accountNumbers = (message.beneficiary as { accountNumber?: string[] }).accountNumber ?? [];
  if (person?.naturalPerson) {
    return {
      kind: 'natural',
      names: naturalNames(person.naturalPerson),
      dateOfBirth: person.naturalPerson.dateAndPlaceOfBirth?.dateOfBirth ?? null,
      dateOfRegistration: null,
      representativeNames: [],
      accountNumbers,
    };
  }
  if (person?.legalPerson) {
    const representative = legalExtension?.representative as NaturalPerson | undefined;
    return {
      kind: 'legal',
      names: legalNames(person.legalPerson),
      dateOfBirth: null,
      dateOfRegistration: legalExtension?.dateOfRegistration ?? null,
      representativeNames: representative?.name?.nameIdentifier ? naturalNames(representative) : [],
      accountNumbers,
    };
  }
  return null;
}
