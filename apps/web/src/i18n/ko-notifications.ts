import type { Messages } from './en';
import type { enNotifications } from './en-notifications';

/** Korean texts of the notification bell and the notification settings; the same keys as `enNotifications`. */
export const koNotifications: Pick<Messages, keyof typeof enNotifications> = {
  notifications: {
    bell: '알림',
    bellUnread: '알림, 읽지 않음 {{count}}개',
    title: '알림',
    markAllRead: '모두 읽음으로 표시',
    empty: '새 알림이 없습니다. 승인을 기다리는 요청, 내 요청의 결정, 입금이 생기면 여기에서 알려 드립니다.',
    loadFailed: '알림을 불러오지 못했습니다',
    unread: '읽지 않음',
    requestTypes: {
      WALLET_CREATION: '지갑 생성',
      WITHDRAWAL: '출금',
      STAKING: '스테이킹',
    },
    kinds: {
      APPROVAL_NEEDED: '{{type}} 요청이 승인을 기다립니다',
      REQUEST_DECIDED_APPROVED: '{{type}} 요청이 승인되었습니다',
      REQUEST_DECIDED_REJECTED: '{{type}} 요청이 반려되었습니다',
      REQUEST_COMPLETED: '{{type}} 요청이 완료되었습니다',
      REQUEST_FAILED: '{{type}} 요청이 실패했습니다',
      DEPOSIT_RECEIVED: '{{wallet}}에 {{amount}} 입금',
      NEW_IP_SIGN_IN: '새 로그인 IP 주소 인증: {{ip}}',
    },
    settings: {
      title: '알림',
      description: '앱과 이메일로 받을 알림을 고르세요. 이메일은 계정 주소로 발송됩니다.',
      kind: '알림',
      inApp: '앱',
      email: '이메일',
      save: '알림 설정 저장',
      saved: '알림 설정을 저장했습니다.',
      saveFailed: '알림 설정을 저장하지 못했습니다',
      labels: {
        APPROVAL_NEEDED: '내 승인을 기다리는 요청',
        REQUEST_DECIDED: '내 요청의 승인 또는 반려',
        REQUEST_COMPLETED: '내 요청의 실행 완료',
        REQUEST_FAILED: '내 요청의 실패',
        DEPOSIT_RECEIVED: '내 지갑으로의 입금',
        NEW_IP_SIGN_IN: '내 계정의 새 로그인 IP 주소',
      },
    },
  },
};
