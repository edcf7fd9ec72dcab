/**
 * The sign-in screens' calls. Fetched with their schemas (and zod's core) when the first call is made, so the login
 * screen draws without them (api.ts names them with `lazyCall`).
 */
export {
  acceptInvitationCall,
  loginIpVerifyCall,
  memberLoginCall,
  otpRegistrationConfirmCall,
  otpRegistrationStartCall,
  ownerInvitationAcceptCall,
  passphraseRecoverCall,
  passphraseResetCall,
  passphraseVerifyCall,
  verifyInvitationCall,
} from '@vaultline/contracts';
