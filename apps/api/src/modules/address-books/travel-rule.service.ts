// INTERFACE (implemented by the travel-rule work): what the address book asks of the travel rule.
import type { Blockchain, ReceiverInput, ReceiverType } from '@vaultline/contracts';
import type { Db } from '../../db/client.js';

/** What an outgoing inquiry is about: one exchange entry of the address book, its receiver as entered. */
export interface InquirySubject {
  organizationId: string;
  addressBookId: string;
  vaspId: string;
  blockchain: Blockchain;
  tokenId: string;
  address: string;
  memo: string | null;
  receiverType: ReceiverType;
  receiver: ReceiverInput;
  requestedBy: string;
}

export interface TravelRuleInquiries {
  /**
   * Opens a PENDING outgoing inquiry due now, in the caller's transaction `tx` (the entry's insert or re-verify);
   * the engine sends it. Returns its id.
   */
  open(subject: InquirySubject): Promise<string>;
  /** Whether the entry has an inquiry still PENDING (a second verification then answers 4021). */
  pendingFor(addressBookId: string): Promise<boolean>;
}

export function travelRuleInquiries(_tx: Db, _masterKey: string): TravelRuleInquiries {
  throw new Error('travel rule not built yet');
}
