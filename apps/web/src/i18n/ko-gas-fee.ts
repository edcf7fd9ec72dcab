import type { Messages } from './en';
import type { enGasFee } from './en-gas-fee';

/** Korean texts of the gas-fee wallets card; the same keys as `enGasFee`. */
export const koGasFee: Pick<Messages, keyof typeof enGasFee> = {
  gasFee: {
    title: '가스비 지갑',
    description: '수탁사가 조직의 네트워크 비용을 이 지갑에서 지불합니다. 네트워크마다 하나씩 있습니다.',
    copyAddress: '가스비 지갑 주소 복사',
    low: '부족',
    lowWaterMark: '최소 {{amount}} {{symbol}} 이상을 유지해 주세요.',
  },
};
