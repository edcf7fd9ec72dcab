import type { Me } from '@vaultline/contracts';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../features/session/SessionProvider';
import { AccountButton } from './AccountButton';

export function displayName(me: Pick<Me, 'userName' | 'firstName' | 'lastName' | 'email'>): string {
  return me.userName || [me.firstName, me.lastName].filter(Boolean).join(' ') || me.email;
}

const loadMenu = () => import('./AccountMenuPopup');
const AccountMenuPopup = lazy(() => loadMenu().then((m) => ({ default: m.AccountMenuPopup })));

/**
 * The header's account menu: who is signed in, the settings and signing out. The menu itself (its popover and
 * positioning) is fetched when a pointer comes over the button; the first click opens it, in place of the button
 * (the same button, now its target).
 */
export function AccountMenu({ settingsPath, logoutPath }: { settingsPath: string; logoutPath: string }) {
  const { me } = useSession();
  const name = displayName(me);
  const [clicked, setClicked] = useState(false);
  const placeholder = (
    <AccountButton
      name={name}
      email={me.email}
      aria-haspopup="menu"
      aria-expanded={false}
      // A pointer on its way warms the menu's code; only a click swaps the button (a swap between a press and its
      // release would lose the click).
      onPointerEnter={() => void loadMenu()}
      onClick={() => setClicked(true)}
    />
  );
  if (!clicked) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <AccountMenuPopup name={name} me={me} settingsPath={settingsPath} logoutPath={logoutPath} />
    </Suspense>
  );
}
