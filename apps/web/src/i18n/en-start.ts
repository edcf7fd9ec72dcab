import { enAccount } from './en-account';
import { enAuth } from './en-auth';
import { enCommon } from './en-common';
import { enOrganization } from './en-organization';

/** English messages of the sign-in screens and the app frame (common texts, sign-in, account settings, organization roles and permissions). */
export const messages = {
  ...enCommon,
  ...enAuth,
  ...enAccount,
  ...enOrganization,
};
