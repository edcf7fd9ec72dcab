import { ORGANIZATION_PERMISSIONS } from '@vaultline/contracts';
import { describe, expect, it } from 'vitest';
import { KNOWN_PERMISSIONS } from './notify';

describe('KNOWN_PERMISSIONS', () => {
  it("is the contracts' list of organization permissions", () => {
    expect([...KNOWN_PERMISSIONS]).toEqual([...ORGANIZATION_PERMISSIONS]);
  });
});
