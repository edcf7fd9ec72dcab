/**
 * This feature's calls. Fetched with their schemas (and zod's core) when the first call is made, so the screens draw
 * without them (api.ts names them with `lazyCall`).
 */
export {
  amlStatusListCall,
  coldWalletImportWorkflow,
  devnetDepositCall,
  devnetStatusCall,
  operatorOrganizationGetCall,
  operatorOrganizationListCall,
  organizationCreationWorkflow,
  organizationUpdateWorkflow,
  ownerInvitationResendCall,
  ownerInvitationWorkflow,
  updateAmlStatusWorkflowCreateCall,
  updateCustodyFeeWorkflowCreateCall,
  updateCustodyPolicyWorkflowCreateCall,
  updateDetailWorkflowCreateCall,
  workflowListCall,
} from '@vaultline/contracts';
