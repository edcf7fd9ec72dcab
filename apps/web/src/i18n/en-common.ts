/** English texts shared by every screen: the app frame, navigation, errors, durations, accessible names. */
export const enCommon = {
  app: {
    name: 'Vaultline',
    tagline: 'Digital asset custody for organizations',
    loading: 'Loading…',
    version: 'Version {{version}}',
    testEnvironment: 'Test environment',
  },
  pagination: {
    label: 'Pages',
    previous: 'Previous page',
    next: 'Next page',
    first: 'First page',
    last: 'Last page',
  },
  language: {
    label: 'Language',
    en: 'English',
    ko: '한국어',
  },
  nav: {
    main: 'Main navigation',
    toggle: 'Toggle navigation',
    assets: 'Assets',
    wallets: 'Wallets',
    approvals: 'Approvals',
    withdraw: 'Withdraw',
    tokens: 'Tokens',
    staking: 'Staking',
    operation: 'Operation',
    organization: 'Organization',
    account: 'Account',
  },
  accountMenu: {
    label: 'Account menu',
    settings: 'Account settings',
    signOut: 'Sign out',
    signedInAs: 'Signed in as',
  },
  dashboard: {
    assets: {
      title: 'Assets',
      emptyTitle: 'No holdings to show yet',
      emptyBody: "Your organization's balances by coin and token will appear here once its wallets hold assets.",
    },
    wallets: {
      title: 'Wallets',
      emptyTitle: 'No wallets to show yet',
      emptyBody: 'Wallets you can access will be listed here with their network, address and balances.',
      selectedChain: 'Network: {{label}}',
      selectedId: 'Wallet ID: {{id}}',
      unknownChain: 'Unknown network ({{value}})',
    },
    approvals: {
      title: 'Approvals',
      emptyTitle: 'No approvals waiting',
      emptyBody: 'Requests waiting for your approval and the history of approvals and requests will appear here.',
    },
    withdraw: {
      title: 'Withdraw',
      emptyTitle: 'Withdrawals are not available yet',
      emptyBody: 'The withdrawal form, which sends assets only to registered address book entries, will appear here.',
    },
    tokens: {
      title: 'Tokens',
      emptyTitle: 'No tokens added yet',
      emptyBody: 'Tokens added to your organization will be listed here with their network and contract address.',
    },
    staking: {
      title: 'Staking',
      emptyTitle: 'No staking positions yet',
      emptyBody: 'An overview of staked assets and the stake, unstake and claim actions will appear here.',
    },
    organization: {
      title: 'Organization',
      emptyTitle: 'Organization management is not available yet',
      emptyBody: "Your organization's members, groups, wallets and address books will be managed here.",
    },
  },
  error: {
    title: 'Something went wrong',
    notFoundTitle: 'Page not found',
    body: "The page you were looking for doesn't exist or couldn't be loaded.",
    backToLogin: 'Back to sign in',
    unknown: 'An unknown error occurred.',
    /** A 429 whose answer says how long to wait; {{wait}} is a duration such as '4 minutes 10 seconds'. */
    tooManyRequestsWait: 'Too many requests. Please try again in {{wait}}.',
    /** The support line under an error message: the catalogue code, never the message itself. */
    codeDetails: 'Error code {{code}}',
  },
  duration: {
    hours_one: '{{count}} hour',
    hours_other: '{{count}} hours',
    minutes_one: '{{count}} minute',
    minutes_other: '{{count}} minutes',
    seconds_one: '{{count}} second',
    seconds_other: '{{count}} seconds',
  },
  a11y: {
    close: 'Close',
    closeNotification: 'Close notification',
    togglePassword: 'Show or hide password',
  },
} as const;
