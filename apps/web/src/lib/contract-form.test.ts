import { emailSchema, updateNameCall } from '@vaultline/contracts';
import { describe, expect, it } from 'vitest';
import { contractResolver } from './contract-form';
import { required } from './form-validation';

describe('contractResolver', () => {
  it("translates each field's first contract issue, in the language asked", () => {
    const resolve = (lang: 'en' | 'ko') => contractResolver(updateNameCall.body.shape, lang);
    const values = { userName: 'Minsu Kim', firstName: 'Minsu1', lastName: '' };
    expect(resolve('en')(values)).toEqual({
      firstName:
        'Names can contain only English or Korean letters, without numbers, punctuation or special characters.',
      lastName: 'This field is required.',
    });
    expect(Object.keys(resolve('ko')(values))).toEqual(['firstName', 'lastName']);
    expect(resolve('en')({ userName: 'Minsu Kim', firstName: 'Minsu', lastName: 'Kim' })).toEqual({});
  });

  it('checks presence before a schema, and runs rules that depend on other fields', () => {
    const resolve = contractResolver<{ email: string; reason: string; confirm: string }>(
      {
        email: required(emailSchema, { trim: true }),
        reason: required(),
        confirm: (value, values) => (value === values.reason ? null : 'differs'),
      },
      'en',
    );
    expect(resolve({ email: '  ', reason: '', confirm: 'x' })).toEqual({
      email: 'This field is required.',
      reason: 'This field is required.',
      confirm: 'differs',
    });
    expect(resolve({ email: 'kim@example.com', reason: 'audit', confirm: 'audit' })).toEqual({});
  });
});
