import type { AddressBookEntry } from '@vaultline/contracts';

type EntryState = Pick<AddressBookEntry, 'state' | 'walletType' | 'verification'>;

/** A registered exchange entry whose last approval has run out: it must be verified again before a withdrawal. */
export function isExpired(entry: EntryState, now: Date = new Date()): boolean {
  const v = entry.verification;
  return (
    entry.walletType === 'VASP' &&
    entry.state === 'REGISTERED' &&
    v?.status === 'APPROVED' &&
    !!v.expiresAt &&
    new Date(v.expiresAt) <= now
  );
}

/** Re-verification is for exchange entries that failed, or whose approval expired; never while one is pending. */
export function canVerifyAgain(entry: EntryState, now: Date = new Date()): boolean {
  if (entry.walletType !== 'VASP' || entry.verification?.status === 'PENDING') return false;
  return entry.state === 'FAILED' || isExpired(entry, now);
}

/** Any entry that is not deleted yet and not waiting for the travel rule may be deleted. */
export function canDelete(entry: EntryState): boolean {
  return entry.state !== 'DELETED' && entry.state !== 'VERIFYING';
}
