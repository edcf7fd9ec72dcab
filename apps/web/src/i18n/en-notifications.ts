/** English texts of the notification bell and the notification settings. */
export const enNotifications = {
  notifications: {
    bell: 'Notifications',
    bellUnread: 'Notifications, {{count}} unread',
    title: 'Notifications',
    markAllRead: 'Mark all as read',
    empty: 'Nothing new. You will be told here when a request waits for you, when yours is decided, and of deposits.',
    loadFailed: 'Notifications could not be loaded',
    unread: 'Unread',
    requestTypes: {
      WALLET_CREATION: 'wallet creation',
      WITHDRAWAL: 'withdrawal',
      STAKING: 'staking',
    },
    kinds: {
      APPROVAL_NEEDED: 'A {{type}} request waits for your approval',
      REQUEST_DECIDED_APPROVED: 'Your {{type}} request was approved',
      REQUEST_DECIDED_REJECTED: 'Your {{type}} request was rejected',
      REQUEST_COMPLETED: 'Your {{type}} request is complete',
      REQUEST_FAILED: 'Your {{type}} request failed',
      DEPOSIT_RECEIVED: '{{amount}} received in {{wallet}}',
      NEW_IP_SIGN_IN: 'New sign-in address verified: {{ip}}',
    },
    settings: {
      title: 'Notifications',
      description: 'Choose what you are told about in the app and by email. Email goes to your account address.',
      kind: 'Notification',
      inApp: 'In the app',
      email: 'Email',
      save: 'Save notifications',
      saved: 'Your notification settings were saved.',
      saveFailed: 'The notification settings could not be saved',
      labels: {
        APPROVAL_NEEDED: 'A request waits for my approval',
        REQUEST_DECIDED: 'My request was approved or rejected',
        REQUEST_COMPLETED: 'My request was executed',
        REQUEST_FAILED: 'My request failed',
        DEPOSIT_RECEIVED: 'A deposit to my wallets',
        NEW_IP_SIGN_IN: 'A new sign-in address on my account',
      },
    },
  },
};
