import { enAddressBook } from './en-address-book';
import { enApprovals } from './en-approvals';
import { enAssets } from './en-assets';
import { enAudit } from './en-audit';
import { enColdSigning } from './en-cold-signing';
import { enGasFee } from './en-gas-fee';
import { enNotifications } from './en-notifications';
import { enOperator } from './en-operator';
import { enStaking } from './en-staking';
import { enWallets } from './en-wallets';
import { enWithdraw } from './en-withdraw';

/** English messages of the rest, which only dashboard screens use; fetched with the dashboard layout. */
export const messages = {
  ...enOperator,
  ...enWallets,
  ...enApprovals,
  ...enAssets,
  ...enAddressBook,
  ...enWithdraw,
  ...enStaking,
  ...enGasFee,
  ...enAudit,
  ...enNotifications,
  ...enColdSigning,
};
