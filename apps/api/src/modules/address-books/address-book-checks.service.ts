import { type MessageLanguage, tokenById, type ValidationAnswer } from '@vaultline/contracts';
import type { AuthContext } from '../auth/session.service.js';
import { orgOf } from '../organization/organization.service.js';
import { addressIssues, addressKey, checkDraft, type RuleLookups } from './address-book.rules.js';
import { mergeIssues, parseDraft, validationAnswer } from './issues.js';

/**
 * The register form's checks, field by field as it is typed (the four validate calls): the same rules the create
 * call enforces, answered as issues instead of refusals. They read, never write.
 */
export function addressBookChecks(lookupsOf: (organizationId: string) => RuleLookups) {
  return {
    /** Every rule of a draft at once; the draft may be incomplete or malformed, the answer never echoes it. */
    async context(auth: AuthContext, draft: Record<string, unknown>, lang: MessageLanguage): Promise<ValidationAnswer> {
      const { fields, issues } = parseDraft(draft);
      const check = await checkDraft(fields, lookupsOf(orgOf(auth)));
      return validationAnswer(mergeIssues(issues, check.issues), lang);
    },

    async nameExists(auth: AuthContext, name: string) {
      return { exists: await lookupsOf(orgOf(auth)).nameTaken(name) };
    },

    async address(
      _auth: AuthContext,
      input: { tokenId: string; address: string; memo?: string | undefined },
      lang: MessageLanguage,
    ): Promise<ValidationAnswer> {
      const address = input.address.trim();
      if (address === '') {
        const rest = addressIssues(input.tokenId, undefined, input.memo).issues;
        return validationAnswer([{ path: 'address', key: 'validation.required' }, ...rest], lang);
      }
      return validationAnswer(addressIssues(input.tokenId, address, input.memo).issues, lang);
    },

    /** A pair no live entry holds, or one that cannot exist (an unknown token), is not a duplicate. */
    async duplicate(auth: AuthContext, input: { tokenId: string; address: string }) {
      const token = tokenById(input.tokenId);
      const address = input.address.trim();
      if (!token || address === '') return { duplicate: false };
      const state = await lookupsOf(orgOf(auth)).pairState(input.tokenId, addressKey(token.blockchain, address));
      return { duplicate: state !== undefined };
    },
  };
}
