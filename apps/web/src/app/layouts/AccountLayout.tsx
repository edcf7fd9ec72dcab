import { Outlet, useMatches } from 'react-router';
import { AccountFrame } from './AccountFrame';

/** A route's `handle: { cardWidth }` widens the card (the OTP screens show a QR code and steps). */
function useCardWidth(): number | undefined {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { cardWidth?: number } | undefined;
  return handle?.cardWidth;
}

export function AccountLayout() {
  return (
    <AccountFrame width={useCardWidth()}>
      <Outlet />
    </AccountFrame>
  );
}
