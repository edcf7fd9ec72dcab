import { Outlet, useLocation } from 'react-router';
import { PATHS } from '../../lib/paths';
import { AccountFrame } from './AccountFrame';

/** The screens whose card is wider: the OTP screens show a QR code and steps, the password form its rules. */
const WIDE: ReadonlySet<string> = new Set([PATHS.expiredPassword, PATHS.otpRegister, PATHS.otpGuide]);

export function AccountLayout() {
  const { pathname } = useLocation();
  return (
    <AccountFrame width={WIDE.has(pathname) ? 500 : undefined}>
      <Outlet />
    </AccountFrame>
  );
}
