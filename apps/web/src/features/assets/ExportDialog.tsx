import { Button, Group, Loader, Text } from '@mantine/core';
import type { DatesRangeValue } from '@mantine/dates';
import type { ActivityFilters } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayRangeInput } from '../../components/DayRangeInput';
import { DialogForm, FormModal } from '../../components/DialogForm';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormFooter } from '../../components/FormFooter';
import { CheckIcon, DownloadIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { inTimezone } from '../../lib/dates';
import { useCreateExport, useExportStatus } from './api';
import { exportFileUrl } from './export-file';

export interface ExportDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The list's other filters (wallet, network, token, type, status) apply to the file as well. */
  filters: ActivityFilters;
}

/** Today as a calendar day in Asia/Seoul, whatever the browser's zone. */
export function todayInSeoul(now: Date = new Date()): string {
  return inTimezone(now).format('YYYY-MM-DD');
}

/** The default range: the last seven calendar days in Asia/Seoul, today included. */
export function lastWeekInSeoul(now: Date = new Date()): [string, string] {
  return [inTimezone(now).subtract(6, 'day').format('YYYY-MM-DD'), todayInSeoul(now)];
}

/** Starts a CSV export for a date range, waits for the server to write it, then offers the file. */
export function ExportDialog({ opened, onClose, filters }: ExportDialogProps) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('export.title')} testId="export-dialog">
      <ExportForm filters={filters} onClose={onClose} />
    </FormModal>
  );
}

function ExportForm({ filters, onClose }: { filters: ActivityFilters; onClose: () => void }) {
  const { t } = useTranslation();
  const [weekAgo, today] = lastWeekInSeoul();
  const [range, setRange] = useState<DatesRangeValue<string>>([filters.dateFrom ?? weekAgo, filters.dateTo ?? today]);
  const [missing, setMissing] = useState(false);
  const create = useCreateExport();
  const status = useExportStatus(create.data?.id ?? null);
  const current = status.data ?? create.data;

  const submit = () => {
    const [dateFrom, dateTo] = range;
    if (!dateFrom || !dateTo) return setMissing(true);
    const { dateFrom: _from, dateTo: _to, ...rest } = filters;
    create.mutate({ ...rest, dateFrom, dateTo });
  };

  return (
    <DialogForm onSubmit={submit} intro={t('export.body')}>
      <DayRangeInput
        label={t('export.period')}
        value={range}
        onChange={(next) => {
          setRange(next);
          setMissing(false);
        }}
        maxDate={today}
        withAsterisk
        disabled={!!current}
        error={missing ? t('export.periodRequired') : null}
        testId="export-period"
      />
      <Text size="xs" c="dimmed">
        {t('export.timezoneHint')}
      </Text>
      {create.error ? (
        <ErrorAlert
          error={create.error}
          title={create.error.code === '4110' ? t('export.busyTitle') : t('export.failedTitle')}
          color={create.error.code === '4110' ? 'orange' : 'red'}
        />
      ) : null}
      {status.isError ? <ErrorAlert error={status.error} title={t('export.failedTitle')} /> : null}
      {current?.status === 'RUNNING' ? (
        <Notice color="blue" testId="export-running">
          <Group gap="sm" wrap="nowrap">
            <Loader size="xs" />
            <Text size="sm">{t('export.running')}</Text>
          </Group>
        </Notice>
      ) : null}
      {current?.status === 'FAILED' ? (
        <Notice color="red" testId="export-failed">
          <Text size="sm">{t('export.fileFailed')}</Text>
        </Notice>
      ) : null}
      {current?.status === 'READY' ? (
        <Notice color="teal" icon={CheckIcon} testId="export-ready">
          <Text size="sm">{t('export.ready', { count: current.rowCount ?? 0 })}</Text>
        </Notice>
      ) : null}
      <FormFooter
        onCancel={onClose}
        cancelLabel={t('common.close')}
        submitLabel={t('export.submit')}
        pending={create.isPending || current?.status === 'RUNNING'}
        submitDisabled={current?.status === 'FAILED'}
        submitTestId="export-submit"
        action={
          current?.status === 'READY' ? (
            <Button
              component="a"
              href={exportFileUrl(current.id)}
              download={`asset-activities_${current.dateFrom}_${current.dateTo}.csv`}
              leftSection={<DownloadIcon size={16} />}
              data-testid="export-download"
            >
              {t('export.download')}
            </Button>
          ) : null
        }
      />
    </DialogForm>
  );
}
