/**
 * This feature's calls. Fetched with their schemas (and zod's core) when the first call is made, so the screens draw
 * without them (api.ts and live.ts name them with `lazyCall`).
 */
export {
  actionableCountCall,
  creationLineGetCall,
  creationLineUpdateCall,
  groupListCall,
  memberListCall,
  requestDetailCall,
  requestListCall,
  walletCreationApproveCall,
  walletCreationCancelCall,
  walletCreationRejectCall,
  walletLineCreateCall,
  walletLineGetCall,
  walletLineUpdateCall,
  withdrawalApproveCall,
  withdrawalCancelCall,
  withdrawalRejectCall,
} from '@vaultline/contracts';
