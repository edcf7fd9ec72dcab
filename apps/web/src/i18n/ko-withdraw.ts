import type { Messages } from './en';
import type { enWithdraw } from './en-withdraw';

/** Korean texts of the withdrawal form and its preview; the same keys as `enWithdraw`. */
export const koWithdraw: Pick<Messages, keyof typeof enWithdraw> = {
  withdraw: {
    description: '지갑의 자산을 주소록에 등록된 주소로 보냅니다. 요청은 지갑의 결재선을 거칩니다.',
    wallet: '지갑',
    walletPlaceholder: '지갑을 선택하세요',
    noWallets: '지갑이 없습니다',
    token: '토큰',
    tokenPlaceholder: '토큰을 선택하세요',
    tokenBalance: '출금 가능 {{amount}}',
    destination: '받는 주소',
    destinationHint: '이 토큰으로 등록된 주소록 주소로만 보낼 수 있습니다.',
    destinationPlaceholder: '등록된 주소를 선택하세요',
    noDestination: '이 토큰으로 등록된 주소가 아직 없습니다.',
    openAddressBook: '주소록 열기',
    amount: '수량',
    max: '최대',
    memo: '전송 메모',
    memoHint: '거래소가 입금 메모를 요구하면 입력하세요. 비워 두면 주소록의 메모를 씁니다.',
    submit: '출금 요청',
    submitExempt: '바로 출금',
    created: '출금을 요청했습니다.',
    failed: '출금을 요청하지 못했습니다',
    errors: {
      wallet: '지갑을 선택해 주세요.',
      token: '토큰을 선택해 주세요.',
      destination: '받는 주소를 선택해 주세요.',
    },
    preview: {
      title: '요청 전 확인',
      choose: '지갑과 토큰을 고르면 출금 가능 수량과 승인할 사람이 표시됩니다.',
      failed: '미리보기를 불러오지 못했습니다',
      withdrawable: '출금 가능',
      held: '잔액 {{balance}}, 진행 중인 출금에 묶인 수량 {{locked}}, 스테이킹 {{staked}}.',
      max: '최대 출금 수량',
      feeReserve: '수수료 예치 ({{symbol}})',
      feeEstimate: '현재 네트워크 수수료 (예상)',
      feeHint: '출금이 끝날 때까지 묶어 둡니다. 실제 네트워크 수수료는 보통 이보다 적습니다.',
      feeShort: '수수료가 부족합니다: {{reserve}}이(가) 필요하지만 출금 가능한 수량은 {{available}}입니다.',
      approvalTitle: '승인할 사람',
      exempt: '소유자 또는 이 지갑의 관리자이므로 승인 없이 바로 실행됩니다.',
      noSteps: '이 지갑의 결재선에는 승인 단계가 없어 바로 실행됩니다.',
      cannotRequest:
        '이 지갑에서 출금을 요청할 수 없습니다. 지갑 관리자에게 결재선의 요청자로 추가해 달라고 요청하세요.',
      required_one: '{{of}}명 중 {{count}}명 승인 필요',
      required_other: '{{of}}명 중 {{count}}명 승인 필요',
    },
  },
};
