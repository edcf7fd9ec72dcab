import { Outlet } from 'react-router';
import { AccountFrame } from './AccountFrame';

export function AccountLayout() {
  return (
    <AccountFrame>
      <Outlet />
    </AccountFrame>
  );
}
