import { enAccount } from './en-account';
import { enAddressBook } from './en-address-book';
import { enApprovals } from './en-approvals';
import { enAssets } from './en-assets';
import { enAuth } from './en-auth';
import { enCommon } from './en-common';
import { enGasFee } from './en-gas-fee';
import { enOperator } from './en-operator';
import { enOrganization } from './en-organization';
import { enStaking } from './en-staking';
import { enWallets } from './en-wallets';
import { enWithdraw } from './en-withdraw';

/** English messages. Their shape is the key set every language must provide (see `Messages`). */
export const en = {
  ...enCommon,
  ...enAuth,
  ...enAccount,
  ...enOrganization,
  ...enOperator,
  ...enWallets,
  ...enApprovals,
  ...enAssets,
  ...enAddressBook,
  ...enWithdraw,
  ...enStaking,
  ...enGasFee,
} as const;

/** Every leaf is a string; the literal English texts only fix the key set. */
type Widen<T> = { readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Messages = Widen<typeof en>;
