import { lazy, Suspense } from 'react';
import { useSession } from '../../../features/session/SessionProvider';

// Members and operators never see each other's screen, so each is a chunk of its own: a member does not download
// the operator console, nor an operator the organization management.
const ManagementPage = lazy(() => import('./OrganizationManagementPage').then((m) => ({ default: m.ManagementPage })));
const ConsolePage = lazy(() => import('./OperatorConsolePage').then((m) => ({ default: m.ConsolePage })));

/** Organization management for members; the operator console for the provider's operators. */
export function OrganizationPage() {
  const { me } = useSession();
  return (
    <Suspense fallback={null}>
      {me.kind === 'OPERATOR' ? <ConsolePage role={me.operatorRole} /> : <ManagementPage />}
    </Suspense>
  );
}
