import { type Blockchain, nativeToken, tokenById } from '@vaultline/contracts';
import { formatTokenAmount } from '../../lib/amounts';

/** '1.5 ETH' of a base-unit amount of a catalogue token; an unknown token in base units under its id's symbol. */
export function tokenAmount(tokenId: string, amount: string): string {
  const token = tokenById(tokenId) ?? { symbol: tokenId.split('.')[1] ?? tokenId, decimals: 0 };
  return formatTokenAmount(amount, token);
}

/** The most a transaction may cost, in its network's coin. */
export function feeAmount(blockchain: Blockchain, fee: string): string {
  const coin = nativeToken(blockchain);
  return tokenAmount(coin.tokenId, fee);
}
