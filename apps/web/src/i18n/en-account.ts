/** English texts of the signed-in session (keep-alive) and the account settings. */
export const enAccount = {
  session: {
    loading: 'Loading your account…',
    errorTitle: 'Your account could not be loaded',
    retry: 'Try again',
    signOut: 'Sign out',
    keepAliveTitle: 'Your session is about to end',
    keepAliveBody:
      'For your security you will be signed out when the timer reaches zero. Enter a code from your authenticator app to stay signed in.',
    remaining: 'Time remaining',
    stay: 'Stay signed in',
    extendFailedTitle: 'The session could not be extended',
    extended: 'You will stay signed in.',
  },
  settings: {
    title: 'Account settings',
    description: 'Manage your profile, language and password.',
    savedTitle: 'Saved',
    failedTitle: 'Could not save',
    profile: {
      title: 'Profile',
      email: 'Email',
      organization: 'Organization',
      operatorRole: 'Operator role',
      noOrganization: 'No organization',
    },
    names: {
      title: 'Name',
      description: 'English or Korean letters only, without numbers or symbols.',
      userName: 'User name',
      firstName: 'First name',
      lastName: 'Last name',
      submit: 'Save name',
      saved: 'Your name has been updated.',
    },
    language: {
      title: 'Language',
      description: 'Used for these screens and for the emails you receive.',
      submit: 'Save language',
      saved: 'Your language has been updated.',
    },
    password: {
      title: 'Password',
      description: 'Confirm the change with a code from your authenticator app.',
      expiresAt: 'Your password expires on {{date}}.',
      submit: 'Change password',
      saved: 'Your password has been changed.',
    },
  },
} as const;
