import { useState } from 'react';
import { readExpiredPassword } from '../../../features/auth/auth-storage';
import { ExpiredPasswordFlow } from '../../../features/auth/ExpiredPasswordFlow';
import { loginSearch } from '../../../features/auth/login-query';
import { PATHS } from '../../paths';

export function ExpiredPasswordPage() {
  // Read once: the flow clears it when done, and the done step must stay on screen.
  const [expired] = useState(readExpiredPassword);
  return (
    <ExpiredPasswordFlow expired={expired} loginHref={(email) => `${PATHS.login}${loginSearch('login', { email })}`} />
  );
}
