import { koAddressBook } from './ko-address-book';
import { koApprovals } from './ko-approvals';
import { koAssets } from './ko-assets';
import { koAudit } from './ko-audit';
import { koColdSigning } from './ko-cold-signing';
import { koGasFee } from './ko-gas-fee';
import { koNotifications } from './ko-notifications';
import { koOperator } from './ko-operator';
import { koStaking } from './ko-staking';
import { koWallets } from './ko-wallets';
import { koWithdraw } from './ko-withdraw';

/** Korean messages of the rest, which only dashboard screens use; fetched with the dashboard layout. */
export const messages = {
  ...koOperator,
  ...koWallets,
  ...koApprovals,
  ...koAssets,
  ...koAddressBook,
  ...koWithdraw,
  ...koStaking,
  ...koGasFee,
  ...koAudit,
  ...koNotifications,
  ...koColdSigning,
};
