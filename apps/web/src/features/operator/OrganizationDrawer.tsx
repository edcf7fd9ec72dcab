import { Badge, Button, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailDrawer } from '../../components/DetailDrawer';
import { ChainIcon, EditIcon, MailIcon, RefreshIcon, ShieldIcon } from '../../components/icons';
import { notifyError, notifySuccess } from '../../components/notify';
import { PageEmptyState } from '../../components/PageEmptyState';
import { formatDate, formatDateTime } from '../../lib/dates';
import { useOperatorOrganization, useResendOwnerInvitation } from './api';
import { AmlBadge, formatFee, OwnerStatusBadge } from './badges';
import { ColdWalletDialog } from './ColdWalletDialog';
import { ProposalDialog, type ProposalKind } from './ProposalDialog';
import { WorkflowCards } from './WorkflowTable';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500} component="div" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </Stack>
  );
}

export interface OrganizationDrawerProps {
  organizationId: string | null;
  onClose: () => void;
  /** Whether the operator's role may start workflows (operatorCan(role, 'createWorkflow')). */
  canPropose: boolean;
}

/** One organization: its facts, the owner, the changes the operator may propose, and its workflows. */
export function OrganizationDrawer({ organizationId, onClose, canPropose }: OrganizationDrawerProps) {
  const { t } = useTranslation();
  const detail = useOperatorOrganization(organizationId);
  const resend = useResendOwnerInvitation();
  const [proposal, setProposal] = useState<ProposalKind | null>(null);
  const [coldWallet, setColdWallet] = useState(false);
  // An owner invitation already waiting for approval is not proposed twice.
  const ownerPending = !!detail.data?.workflows.some(
    (w) => w.type === 'OWNER_INVITATION' && w.status === 'IN_PROGRESS',
  );

  return (
    <DetailDrawer
      opened={organizationId !== null}
      onClose={onClose}
      size={640}
      padding="xl"
      title={t('operator.detail.title')}
      testId="organization-drawer"
      detail={detail}
      errorTitle={t('operator.loadFailed')}
    >
      {(org) => (
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Title order={2} fz={22} data-testid="drawer-organization-name">
                {org.name}
              </Title>
              <Text size="sm" c="dimmed">
                {t('operator.detail.created', { date: formatDate(org.createdAt) })}
              </Text>
            </Stack>
            <AmlBadge status={org.amlStatus} />
          </Group>
          <Paper withBorder radius="md" p="md">
            <SimpleGrid cols={2} spacing="md" verticalSpacing="md">
              <Fact label={t('operator.fields.businessRegistrationNumber')}>{org.businessRegistrationNumber}</Fact>
              <Fact label={t('operator.fields.representativeName')}>{org.representativeName}</Fact>
              <Fact label={t('operator.fields.custodyFeeBps')}>{formatFee(org.custodyFeeBps)}</Fact>
              <Fact label={t('operator.detail.amlCheckedAt')}>
                {org.amlCheckedAt ? formatDateTime(org.amlCheckedAt) : t('operator.detail.neverChecked')}
              </Fact>
              <Fact label={t('operator.columns.owner')}>
                <Stack gap={4} align="flex-start">
                  <span data-testid="drawer-owner-email">{org.ownerEmail ?? t('operator.detail.noOwner')}</span>
                  <OwnerStatusBadge status={org.ownerStatus} />
                </Stack>
              </Fact>
              <Fact label={t('operator.detail.members')}>{org.memberCount}</Fact>
              <Fact label={t('operator.custody.newWallets')}>
                <span data-testid="drawer-custody">
                  {org.newWalletCustody === 'COLD'
                    ? t('operator.custody.coldWith', { count: org.coldSignersRequired })
                    : t('operator.custody.HOT')}
                </span>
              </Fact>
            </SimpleGrid>
          </Paper>

          {canPropose ? (
            <Stack gap="xs">
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.6}>
                {t('operator.detail.actions')}
              </Text>
              <Group gap="xs">
                {org.ownerStatus === 'NONE' && ownerPending ? (
                  <Badge variant="light" color="blue" radius="sm" tt="none" size="lg" data-testid="owner-pending">
                    {t('operator.detail.ownerPending')}
                  </Badge>
                ) : null}
                {org.ownerStatus === 'NONE' && !ownerPending ? (
                  <Button
                    size="xs"
                    leftSection={<MailIcon size={14} />}
                    onClick={() => setProposal('owner')}
                    data-testid="propose-owner"
                  >
                    {t('operator.detail.inviteOwner')}
                  </Button>
                ) : null}
                {org.ownerStatus === 'INVITED' ? (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<RefreshIcon size={14} />}
                    loading={resend.isPending}
                    data-testid="resend-owner"
                    onClick={() =>
                      resend.mutate(org.id, {
                        onSuccess: (answer) =>
                          notifySuccess(t('operator.detail.resent', { date: formatDateTime(answer.expiresAt) })),
                        onError: (error) => notifyError(t('operator.detail.resendOwner'), error),
                      })
                    }
                  >
                    {t('operator.detail.resendOwner')}
                  </Button>
                ) : null}
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<EditIcon size={14} />}
                  onClick={() => setProposal('details')}
                  data-testid="propose-details"
                >
                  {t('operator.detail.proposeDetails')}
                </Button>
                <Button size="xs" variant="default" onClick={() => setProposal('fee')} data-testid="propose-fee">
                  {t('operator.detail.proposeFee')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<ShieldIcon size={14} />}
                  onClick={() => setProposal('aml')}
                  data-testid="propose-aml"
                >
                  {t('operator.detail.proposeAml')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setProposal('custody')}
                  data-testid="propose-custody"
                >
                  {t('operator.detail.proposeCustody')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<ChainIcon size={14} />}
                  onClick={() => setColdWallet(true)}
                  data-testid="propose-cold-wallet"
                >
                  {t('coldWallet.propose')}
                </Button>
              </Group>
            </Stack>
          ) : null}

          <Divider />
          <Stack gap="sm">
            <Text fw={700}>{t('operator.detail.workflows')}</Text>
            {org.workflows.length === 0 ? (
              <PageEmptyState
                title={t('operator.workflowsEmptyTitle')}
                description={t('operator.detail.noWorkflows')}
              />
            ) : (
              <WorkflowCards workflows={org.workflows} />
            )}
          </Stack>
          <ProposalDialog kind={proposal} organization={org} onClose={() => setProposal(null)} />
          <ColdWalletDialog organization={org} opened={coldWallet} onClose={() => setColdWallet(false)} />
        </Stack>
      )}
    </DetailDrawer>
  );
}
