import { readOtpRegistration } from '../../../features/auth/auth-storage';
import { OtpGuide } from '../../../features/auth/OtpGuide';
import { PATHS } from '../../../lib/paths';

export function OtpGuidePage() {
  return <OtpGuide continueHref={PATHS.otpRegister} hasRegistration={readOtpRegistration() !== null} />;
}
