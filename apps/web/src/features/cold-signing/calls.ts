/** This feature's calls, fetched with their schemas when the first call is made (api.ts names them lazily). */
export {
  coldSigningQueueCall,
  coldSigningRequestCall,
  coldSigningReviewCall,
  coldSigningSubmitCall,
  coldWalletKeyConfirmCall,
  coldWalletKeyDeclineCall,
  coldWalletKeyImportCall,
} from '@vaultline/contracts';
