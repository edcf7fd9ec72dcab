import { useState } from 'react';
import { useNavigate } from 'react-router';
import { readOtpRegistration } from '../../../features/auth/auth-storage';
import { OtpRegistration } from '../../../features/auth/OtpRegistration';
import { PATHS, safeRedirect } from '../../../lib/paths';

export function OtpRegisterPage() {
  const navigate = useNavigate();
  const [registration] = useState(readOtpRegistration);
  return (
    <OtpRegistration
      registration={registration}
      guideHref={PATHS.otpGuide}
      loginHref={PATHS.login}
      onSignedIn={(redirect) => navigate(safeRedirect(redirect, PATHS.dashboard), { replace: true })}
    />
  );
}
