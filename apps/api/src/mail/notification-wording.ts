import { fromBaseUnits, type NotificationKindName, tokenById } from '@vaultline/contracts';
import type { MailLang } from './templates.js';

/** What a notification's mail says, in the member's language, and where its button leads (an app path). */
export interface NoticeWording {
  subject: string;
  paragraphs: string[];
  action: { label: string; path: string };
}

const REQUEST_TYPES: Record<MailLang, Record<string, string>> = {
  EN: { WALLET_CREATION: 'wallet creation', WITHDRAWAL: 'withdrawal', STAKING: 'staking' },
  KO: { WALLET_CREATION: '지갑 생성', WITHDRAWAL: '출금', STAKING: '스테이킹' },
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** An amount of base units as the token's own units and symbol (the amount as it is when the token is unknown). */
function amountOf(data: Record<string, unknown>): string {
  const token = tokenById(text(data.tokenId));
  const amount = text(data.amount);
  if (!token || !/^\d+$/.test(amount)) return amount;
  return `${fromBaseUnits(BigInt(amount), token.decimals)} ${token.symbol}`;
}

/** The words of each kind of notice: request events lead to the request, a deposit to the assets, an IP to account. */
export function noticeWording(
  kind: NotificationKindName,
  lang: MailLang,
  subjectId: string,
  data: Record<string, unknown>,
): NoticeWording {
  const type = REQUEST_TYPES[lang][text(data.type)] ?? text(data.type);
  const request = {
    label: lang === 'KO' ? '요청 보기' : 'Open the request',
    path: `/dashboard/approvals?request=${subjectId}`,
  };
  const en = lang === 'EN';
  switch (kind) {
    case 'APPROVAL_NEEDED':
      return {
        subject: en ? `A ${type} request waits for your approval` : `${type} 요청이 승인을 기다립니다`,
        paragraphs: [
          en
            ? `A ${type} request in your organization waits for your decision.`
            : `조직의 ${type} 요청이 회원님의 결정을 기다리고 있습니다.`,
          en
            ? 'Approving or rejecting it asks for your authenticator code.'
            : '승인하거나 반려하려면 인증 앱의 코드가 필요합니다.',
        ],
        action: request,
      };
    case 'REQUEST_DECIDED': {
      const approved = data.status === 'APPROVED';
      return {
        subject: en
          ? `Your ${type} request was ${approved ? 'approved' : 'rejected'}`
          : `${type} 요청이 ${approved ? '승인' : '반려'}되었습니다`,
        paragraphs: [
          en
            ? `Your ${type} request was ${approved ? 'approved by its approval line and handed to the custody engine' : 'rejected'}.`
            : `회원님의 ${type} 요청이 ${approved ? '승인 라인에서 승인되어 실행을 시작합니다' : '반려되었습니다'}.`,
        ],
        action: request,
      };
    }
    case 'REQUEST_COMPLETED':
      return {
        subject: en ? `Your ${type} request is complete` : `${type} 요청이 완료되었습니다`,
        paragraphs: [en ? `Your ${type} request was executed.` : `회원님의 ${type} 요청이 실행되었습니다.`],
        action: request,
      };
    case 'REQUEST_FAILED':
      return {
        subject: en ? `Your ${type} request failed` : `${type} 요청이 실패했습니다`,
        paragraphs: [
          en
            ? `Your ${type} request could not be executed. The request shows why.`
            : `회원님의 ${type} 요청을 실행하지 못했습니다. 요청 상세에서 이유를 확인해 주세요.`,
        ],
        action: request,
      };
    case 'DEPOSIT_RECEIVED':
      return {
        subject: en ? `Deposit received: ${amountOf(data)}` : `입금 확인: ${amountOf(data)}`,
        paragraphs: [
          en
            ? `A deposit of ${amountOf(data)} to the wallet ${text(data.walletName)} was confirmed on the chain.`
            : `${text(data.walletName)} 지갑으로 ${amountOf(data)} 입금이 확정되었습니다.`,
          `${en ? 'Transaction' : '트랜잭션'}: ${text(data.txHash)}`,
        ],
        action: { label: en ? 'Open assets' : '자산 보기', path: '/dashboard/assets' },
      };
    case 'NEW_IP_SIGN_IN':
      return {
        subject: en ? 'Your account was opened from a new IP address' : '새 IP 주소에서 계정에 로그인했습니다',
        paragraphs: [
          en
            ? `A new IP address, ${text(data.ip)}, was verified for your account and can now be used to sign in.`
            : `새 IP 주소(${text(data.ip)})가 회원님의 계정에 인증되어 이제 로그인에 사용할 수 있습니다.`,
          en
            ? "If this wasn't you, change your password right away and tell your organization's administrator."
            : '본인이 아니라면 즉시 비밀번호를 변경하고 조직 관리자에게 알려 주세요.',
        ],
        action: { label: en ? 'Open account settings' : '계정 설정 열기', path: '/dashboard/operation/account' },
      };
  }
}
