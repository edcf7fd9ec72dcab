import { AML_STATUSES as CONTRACT_AML_STATUSES } from '@vaultline/contracts';
import { describe, expect, it } from 'vitest';
import { AML_STATUSES, isAmlStatus } from './aml';

describe('the console’s AML statuses', () => {
  it("are the contracts' own, in their order", () => {
    expect(AML_STATUSES).toEqual(CONTRACT_AML_STATUSES);
  });
  it('tell a status from anything else', () => {
    expect(isAmlStatus('BLOCKED')).toBe(true);
    expect(isAmlStatus('blocked')).toBe(false);
    expect(isAmlStatus(null)).toBe(false);
  });
});
