import type { Messages } from './en';
import type { enAccount } from './en-account';

/** Korean texts of the signed-in session and the account settings; the same keys as `enAccount`. */
export const koAccount: Pick<Messages, keyof typeof enAccount> = {
  session: {
    loading: '계정 정보를 불러오는 중…',
    errorTitle: '계정 정보를 불러오지 못했습니다',
    retry: '다시 시도',
    signOut: '로그아웃',
    keepAliveTitle: '곧 로그아웃됩니다',
    keepAliveBody:
      '안전을 위해 남은 시간이 0이 되면 자동으로 로그아웃됩니다. 로그인 상태를 유지하려면 인증 앱의 코드를 입력하세요.',
    remaining: '남은 시간',
    stay: '로그인 유지',
    extendFailedTitle: '로그인을 연장하지 못했습니다',
    extended: '로그인 상태가 연장되었습니다.',
  },
  settings: {
    title: '계정 설정',
    description: '프로필, 사용 언어, 비밀번호를 관리합니다.',
    savedTitle: '저장되었습니다',
    failedTitle: '저장하지 못했습니다',
    profile: {
      title: '프로필',
      email: '이메일',
      organization: '조직',
      operatorRole: '운영자 역할',
      noOrganization: '소속 조직 없음',
    },
    names: {
      title: '이름',
      description: '영문 또는 한글만 입력할 수 있으며 숫자와 기호는 사용할 수 없습니다.',
      userName: '사용자 이름',
      firstName: '이름',
      lastName: '성',
      submit: '이름 저장',
      saved: '이름이 변경되었습니다.',
    },
    language: {
      title: '사용 언어',
      description: '화면과 수신하는 이메일에 사용됩니다.',
      submit: '언어 저장',
      saved: '사용 언어가 변경되었습니다.',
    },
    password: {
      title: '비밀번호',
      description: '인증 앱의 코드로 변경을 확인합니다.',
      expiresAt: '비밀번호 만료일: {{date}}',
      submit: '비밀번호 변경',
      saved: '비밀번호가 변경되었습니다.',
    },
  },
};
