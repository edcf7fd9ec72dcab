import type { Messages } from './en';
import { koAccount } from './ko-account';
import { koAddressBook } from './ko-address-book';
import { koApprovals } from './ko-approvals';
import { koAssets } from './ko-assets';
import { koAuth } from './ko-auth';
import { koCommon } from './ko-common';
import { koGasFee } from './ko-gas-fee';
import { koOperator } from './ko-operator';
import { koOrganization } from './ko-organization';
import { koStaking } from './ko-staking';
import { koWallets } from './ko-wallets';
import { koWithdraw } from './ko-withdraw';

/** Korean messages; Korean is the default and the fallback language. */
export const ko: Messages = {
  ...koCommon,
  ...koAuth,
  ...koAccount,
  ...koOrganization,
  ...koOperator,
  ...koWallets,
  ...koApprovals,
  ...koAssets,
  ...koAddressBook,
  ...koWithdraw,
  ...koStaking,
  ...koGasFee,
};
