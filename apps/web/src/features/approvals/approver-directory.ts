import type { ApprovalLineView, ApproverRef } from '@vaultline/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../lib/error-reader';
import { useApproverGroups, useApproverMembers } from './api';
import { approverValue, type GroupMembership } from './line-rules';

export interface ApproverOption {
  value: string;
  label: string;
}

/** The members and groups that may be named as approvers, and who is in each group. */
export interface ApproverDirectory {
  options: { group: string; items: ApproverOption[] }[];
  groups: GroupMembership;
  label: (ref: ApproverRef) => string;
}

type Named = ApprovalLineView['creation'][number];

/**
 * Loads the organization's joined members and groups for the line editor. Approvers of a saved line
 * that the lists do not include (more than 100, or no longer joined) stay selectable by name.
 */
export function useApproverDirectory(saved: readonly Named[], enabled = true) {
  const { t } = useTranslation();
  const members = useApproverMembers(enabled);
  const groups = useApproverGroups(enabled);

  const directory = useMemo<ApproverDirectory>(() => {
    const memberItems: ApproverOption[] = (members.data?.items ?? []).map((m) => ({
      value: `member:${m.id}`,
      label: m.userName ? `${m.userName} · ${m.email}` : m.email,
    }));
    const groupItems: ApproverOption[] = (groups.data?.items ?? []).map((g) => ({
      value: `group:${g.id}`,
      label: t('approvalLine.groupOption', { name: g.name, count: g.members.length }),
    }));
    for (const named of saved) {
      const value = named.kind === 'MEMBER' ? `member:${named.id}` : `group:${named.id}`;
      const list = named.kind === 'MEMBER' ? memberItems : groupItems;
      if (!list.some((o) => o.value === value)) list.push({ value, label: named.name || named.id });
    }
    const membership = new Map<string, string[]>(
      (groups.data?.items ?? []).map((g) => [g.id, g.members.map((m) => m.id)]),
    );
    const labels = new Map([...memberItems, ...groupItems].map((o) => [o.value, o.label]));
    return {
      options: [
        { group: t('approvalLine.membersGroup'), items: memberItems },
        { group: t('approvalLine.groupsGroup'), items: groupItems },
      ],
      groups: membership,
      label: (ref) => labels.get(approverValue(ref)) ?? '',
    };
  }, [members.data, groups.data, saved, t]);

  const failed = members.error ?? groups.error;
  return {
    directory,
    isPending: members.isPending || groups.isPending,
    error: failed ? toApiError(failed) : null,
  };
}
