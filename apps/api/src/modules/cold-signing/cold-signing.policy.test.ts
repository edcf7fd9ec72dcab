import { OPERATOR_ROLES } from '@vaultline/contracts';
import { describe, expect, it } from 'vitest';
import { maySignCold } from './cold-signing.policy.js';

describe('maySignCold', () => {
  it('admits SIGNER operators alone by default', () => {
    expect(OPERATOR_ROLES.filter((role) => maySignCold(role, false))).toEqual(['SIGNER']);
  });
  it('admits ADMINISTRATOR operators too where the policy says so, and nobody without a role', () => {
    expect(OPERATOR_ROLES.filter((role) => maySignCold(role, true))).toEqual(['ADMINISTRATOR', 'SIGNER']);
    expect(maySignCold(null, true)).toBe(false);
    expect(maySignCold(undefined, true)).toBe(false);
  });
});
