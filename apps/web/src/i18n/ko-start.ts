import { koAccount } from './ko-account';
import { koAuth } from './ko-auth';
import { koCommon } from './ko-common';
import { koOrganization } from './ko-organization';

/** Korean messages of the sign-in screens and the app frame (common texts, sign-in, account settings, organization roles and permissions). */
export const messages = {
  ...koCommon,
  ...koAuth,
  ...koAccount,
  ...koOrganization,
};
