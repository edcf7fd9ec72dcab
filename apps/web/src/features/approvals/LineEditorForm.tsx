import { Button, Center, Loader, Stack } from '@mantine/core';
import type { ApprovalLineTemplate, ApprovalLineView } from '@vaultline/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormFooter } from '../../components/FormFooter';
import type { ApiError } from '../../lib/error-reader';
import { ApprovalLineEditor } from './ApprovalLineEditor';
import { useApproverDirectory } from './approver-directory';
import { draftFromView, lineIsValid, templateFromDraft } from './line-rules';

export interface LineEditorFormProps {
  line: Pick<ApprovalLineView, 'creation' | 'steps'>;
  withCreation: boolean;
  saving: boolean;
  error: ApiError | null;
  onSave: (template: ApprovalLineTemplate) => void;
  onCancel: () => void;
}

/** The line editor with its approver lists loaded, the server's refusal, and save / cancel. */
export function LineEditorForm({ line, withCreation, saving, error, onSave, onCancel }: LineEditorFormProps) {
  const { t } = useTranslation();
  const saved = useMemo(() => [...line.creation, ...line.steps.flatMap((s) => s.approvers)], [line]);
  const { directory, isPending, error: loadError } = useApproverDirectory(saved);
  const [draft, setDraft] = useState(() => draftFromView(line));
  const [tried, setTried] = useState(false);

  if (isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  const valid = lineIsValid(draft, withCreation, directory.groups);

  return (
    <Stack gap="md">
      <ApprovalLineEditor
        value={draft}
        onChange={setDraft}
        withCreation={withCreation}
        directory={directory}
        revealAll={tried}
      />
      {loadError ? <ErrorAlert error={loadError} title={t('approvalLine.directoryFailed')} /> : null}
      <FormFooter
        error={error}
        errorTitle={t('approvalLine.saveFailed')}
        onCancel={onCancel}
        cancelTestId="line-cancel"
        action={
          <Button
            loading={saving}
            onClick={() => {
              setTried(true);
              if (valid) onSave(templateFromDraft(draft));
            }}
            data-testid="line-save"
            data-valid={valid}
          >
            {t('approvalLine.save')}
          </Button>
        }
      />
    </Stack>
  );
}
