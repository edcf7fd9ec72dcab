import { useState } from 'react';
import { readExpiredPassword } from '../../../features/auth/auth-storage';
import { ExpiredPasswordFlow } from '../../../features/auth/ExpiredPasswordFlow';
import { loginLinkState } from '../../../features/auth/login-query';
import { PATHS } from '../../../lib/paths';

export function ExpiredPasswordPage() {
  // Read once: the flow clears it when done, and the done step must stay on screen.
  const [expired] = useState(readExpiredPassword);
  return (
    <ExpiredPasswordFlow expired={expired} loginLink={(email) => ({ to: PATHS.login, state: loginLinkState(email) })} />
  );
}
