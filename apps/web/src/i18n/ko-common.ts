import type { Messages } from './en';
import type { enCommon } from './en-common';

/** Korean texts shared by every screen: the app frame, navigation, errors, durations, accessible names. */
export const koCommon: Pick<Messages, keyof typeof enCommon> = {
  app: {
    name: 'Vaultline',
    tagline: '기업을 위한 디지털 자산 커스터디',
    loading: '불러오는 중…',
    version: '버전 {{version}}',
    testEnvironment: '테스트 환경',
  },
  pagination: {
    label: '페이지',
    previous: '이전 페이지',
    next: '다음 페이지',
    first: '첫 페이지',
    last: '마지막 페이지',
  },
  language: {
    label: '언어',
    en: 'English',
    ko: '한국어',
  },
  nav: {
    main: '주 메뉴',
    toggle: '메뉴 열기/닫기',
    assets: '자산',
    wallets: '지갑',
    approvals: '승인',
    withdraw: '출금',
    tokens: '토큰',
    staking: '스테이킹',
    operation: '운영',
    organization: '조직 관리',
    account: '계정',
  },
  accountMenu: {
    label: '계정 메뉴',
    settings: '계정 설정',
    signOut: '로그아웃',
    signedInAs: '로그인 계정',
  },
  dashboard: {
    assets: {
      title: '자산',
      emptyTitle: '표시할 자산이 아직 없습니다',
      emptyBody: '조직의 지갑에 자산이 들어오면 코인과 토큰별 잔고가 여기에 표시됩니다.',
    },
    wallets: {
      title: '지갑',
      emptyTitle: '표시할 지갑이 아직 없습니다',
      emptyBody: '접근할 수 있는 지갑이 네트워크, 주소, 잔고와 함께 여기에 표시됩니다.',
      selectedChain: '네트워크: {{label}}',
      selectedId: '지갑 ID: {{id}}',
      unknownChain: '알 수 없는 네트워크 ({{value}})',
    },
    approvals: {
      title: '승인',
      emptyTitle: '대기 중인 승인이 없습니다',
      emptyBody: '내 승인을 기다리는 요청과 승인·요청 내역이 여기에 표시됩니다.',
    },
    withdraw: {
      title: '출금',
      emptyTitle: '출금 기능은 아직 제공되지 않습니다',
      emptyBody: '등록된 주소록으로만 자산을 보낼 수 있는 출금 양식이 여기에 표시됩니다.',
    },
    tokens: {
      title: '토큰',
      emptyTitle: '추가된 토큰이 아직 없습니다',
      emptyBody: '조직에 추가한 토큰이 네트워크, 컨트랙트 주소와 함께 여기에 표시됩니다.',
    },
    staking: {
      title: '스테이킹',
      emptyTitle: '스테이킹 내역이 아직 없습니다',
      emptyBody: '스테이킹 현황과 스테이킹, 언스테이킹, 보상 수령 기능이 여기에 표시됩니다.',
    },
    organization: {
      title: '조직 관리',
      emptyTitle: '조직 관리 기능은 아직 제공되지 않습니다',
      emptyBody: '조직의 구성원, 그룹, 지갑, 주소록을 여기에서 관리하게 됩니다.',
    },
  },
  error: {
    title: '문제가 발생했습니다',
    notFoundTitle: '페이지를 찾을 수 없습니다',
    body: '요청하신 페이지가 없거나 불러올 수 없습니다.',
    backToLogin: '로그인으로 돌아가기',
    unknown: '알 수 없는 오류가 발생했습니다.',
    tooManyRequestsWait: '요청이 너무 많습니다. {{wait}} 후에 다시 시도해 주세요.',
    codeDetails: '오류 코드 {{code}}',
  },
  duration: {
    hours_one: '{{count}}시간',
    hours_other: '{{count}}시간',
    minutes_one: '{{count}}분',
    minutes_other: '{{count}}분',
    seconds_one: '{{count}}초',
    seconds_other: '{{count}}초',
  },
  a11y: {
    close: '닫기',
    closeNotification: '알림 닫기',
    togglePassword: '비밀번호 표시 또는 숨기기',
  },
};
