// The call definitions (and so zod's schemas) the request renderers send, fetched with the first of them: the
// approvals screen draws without them (lazyCall in lib/api-client.ts).
export {
  addressBookGetCall,
  claimApproveCall,
  claimCancelCall,
  claimRejectCall,
  stakeApproveCall,
  stakeCancelCall,
  stakeRejectCall,
} from '@vaultline/contracts';
