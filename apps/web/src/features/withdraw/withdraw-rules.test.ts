import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/error-reader';
import { samplePreview } from './testing';
import { amountError, canWithdrawAny, isSendable, serverFieldErrors } from './withdraw-rules';

const preview = samplePreview;

const btc = preview({ token: { tokenId: 'BITCOIN_TESTNET.BTC', symbol: 'BTC', decimals: 8 }, minimum: '0.00000294' });

describe('withdrawal amount rules', () => {
  it("checks as the server does, in its order and words: numbers, decimals, above zero, minimum, what's left", () => {
    expect(amountError('', preview(), 'en')).toBe('This field is required.');
    expect(amountError('1,5', preview(), 'en')).toBe('Enter numbers.');
    expect(amountError('abc', preview(), 'ko')).toBe('숫자를 입력해 주세요.');
    expect(amountError('0.123456789', btc, 'en')).toBe('Decimal 8 digit is the maximum you can enter.');
    expect(amountError('0', preview(), 'en')).toBe('Enter an amount greater than 0.');
    expect(amountError('0.00000001', btc, 'en')).toBe('The amount must be at least 0.00000294 BTC.');
    expect(amountError('0.00000001', btc, 'ko')).toBe('최소 0.00000294 BTC 이상 입력해 주세요.');
    expect(amountError('2.5', preview(), 'en')).toBe('Insufficient balance. You can enter up to 2.499 ETH.');
    expect(amountError(' 2.499 ', preview(), 'en')).toBeNull();
    expect(isSendable('1.5', preview())).toBe(true);
    expect(isSendable('3', preview())).toBe(false);
  });

  it('says when nothing can be withdrawn: no balance left after the fee, or less than the minimum', () => {
    expect(canWithdrawAny(preview())).toBe(true);
    expect(canWithdrawAny(preview({ maxAmount: '0' }))).toBe(false);
    expect(canWithdrawAny({ ...btc, maxAmount: '0.000001' })).toBe(false);
  });

  it("puts the server's refusal of a field at that field, translated in the language shown", () => {
    const error = new ApiError({
      code: '4000',
      status: 400,
      message: 'invalid',
      rawMessage: 'invalid',
      data: {
        reason: 'validation',
        issues: [
          {
            path: 'body.amount',
            message: 'The amount must be at least 0.00000294 BTC.',
            key: 'validation.amount.belowMinimum',
            params: { amount: '0.00000294', symbol: 'BTC' },
          },
          { path: 'body.memo', message: 'Memo refused' },
        ],
      },
    });
    expect(serverFieldErrors(error, 'ko')).toEqual({
      amount: '최소 0.00000294 BTC 이상 입력해 주세요.',
      memo: 'Memo refused',
    });
    expect(serverFieldErrors(new ApiError({ code: '4', status: 400, message: '', rawMessage: '' }), 'en')).toEqual({});
  });
});
