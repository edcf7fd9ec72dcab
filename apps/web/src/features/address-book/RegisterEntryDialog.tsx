import {
  Button,
  Group,
  Loader,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ADDRESS_BOOK_WALLET_TYPES,
  type AddressBookEntry,
  type AddressBookWalletType,
  blockchainLabel,
  RECEIVER_TYPES,
  type ReceiverType,
  tokenById,
  validationMessage,
} from '@vaultline/contracts';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChainAvatar } from '../../components/chain-ui';
import { FormModal } from '../../components/DialogForm';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InfoIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { notifySuccess } from '../../components/notify';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { useContractForm } from '../../lib/contract-form';
import { type ApiError, toApiError } from '../../lib/error-reader';
import { issueText, tokenOptions } from './address-book-ui';
import {
  useAddressCheck,
  useCreateEntry,
  useDuplicateCheck,
  useNameCheck,
  useValidateDraft,
  useVaspDirectory,
} from './api';
import {
  EMPTY_REGISTER_VALUES,
  fieldError,
  fieldOfIssuePath,
  needsMemo,
  REGISTER_STEPS,
  type ReceiverField,
  type RegisterStep,
  type RegisterValues,
  type RuleTexts,
  receiverFieldsFor,
  stepFields,
  stepOfField,
  toAddressBookInput,
} from './register-steps';

export interface RegisterEntryDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The entry the server registered (a self-managed one registered, an exchange one verifying). */
  onRegistered: (entry: AddressBookEntry) => void;
}

const DEBOUNCE_MS = 400;

/** Register an address in four steps: address, wallet type, receiver, review. */
export function RegisterEntryDialog(props: RegisterEntryDialogProps) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={props.opened}
      onClose={props.onClose}
      title={t('addressBook.registerDialog.title')}
      size={760}
      testId="register-entry-dialog"
    >
      <RegisterForm {...props} />
    </FormModal>
  );
}

/** The code of an error's body issues (4000 on create), each a field path without its `body.` and a key. */
function bodyIssues(error: ApiError | null): { path: string; key: string; message: string }[] {
  const data = error?.data;
  if (typeof data !== 'object' || data === null || !('issues' in data)) return [];
  const issues = (data as { issues: unknown }).issues;
  if (!Array.isArray(issues)) return [];
  return issues
    .filter((i): i is { path: string; key: string; message: string } => typeof i?.path === 'string')
    .map((i) => ({
      ...i,
      path: i.path.replace(/^body\./, ''),
      key: String(i.key ?? ''),
      message: String(i.message ?? ''),
    }));
}

/** Codes of the create call that belong to the address the user typed. */
const ADDRESS_CODES = ['3', '4014', '4021'];

function RegisterForm({ onClose, onRegistered }: RegisterEntryDialogProps) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const texts: RuleTexts = {
    tokenRequired: t('addressBook.registerDialog.tokenRequired'),
    vaspRequired: t('addressBook.registerDialog.vaspRequired'),
    dateInFuture: t('addressBook.registerDialog.dateInFuture'),
  };
  const [active, setActive] = useState(0);
  const step: RegisterStep = REGISTER_STEPS[active] ?? 'destination';
  const form = useContractForm<RegisterValues>({
    initialValues: EMPTY_REGISTER_VALUES,
    rules: Object.fromEntries(
      (Object.keys(EMPTY_REGISTER_VALUES) as (keyof RegisterValues)[]).map((field) => [
        field,
        (_: unknown, values: RegisterValues) => fieldError(field, values, lang, texts),
      ]),
    ),
    validateInputOnBlur: true,
  });
  const values = form.values;
  const create = useCreateEntry();
  const validateDraft = useValidateDraft();
  const [draftProblems, setDraftProblems] = useState<string[]>([]);
  const vasps = useVaspDirectory(true);
  const vasp = vasps.data?.items.find((v) => v.id === values.vaspId) ?? null;

  // ── Step 1: the address and the name, checked by the server as they are typed ──────────────────
  const token = values.tokenId ? tokenById(values.tokenId) : undefined;
  const network = token ? blockchainLabel(token.blockchain, lang) : '';
  const memoAsked = needsMemo(values.tokenId);
  const addressTyped = values.address.trim();
  const memoTyped = memoAsked ? values.memo.trim() : '';
  const nameTyped = values.name.trim();
  const addressLocal =
    fieldError('address', values, lang, texts) ?? (memoAsked ? fieldError('memo', values, lang, texts) : null);
  const nameLocal = fieldError('name', values, lang, texts);
  const [checkedAddress] = useDebouncedValue(
    values.tokenId && !addressLocal ? `${addressTyped}\n${memoTyped}` : '',
    DEBOUNCE_MS,
  );
  const [debAddress = '', debMemo = ''] = checkedAddress.split('\n');
  const [checkedName] = useDebouncedValue(nameLocal ? '' : nameTyped, DEBOUNCE_MS);
  const addressCheck = useAddressCheck(values.tokenId, debAddress, debMemo || undefined);
  const addressIssues = addressCheck.data && !addressCheck.data.valid ? addressCheck.data.issues : [];
  const addressIssue =
    addressIssues.find((i) => i.path !== 'memo') ??
    (addressCheck.data && !addressCheck.data.valid ? addressIssues[0] : undefined);
  const memoIssue = addressIssues.find((i) => i.path === 'memo');
  const addressOk = !!addressCheck.data?.valid;
  const duplicateCheck = useDuplicateCheck(values.tokenId, debAddress, addressOk);
  const duplicate = !!duplicateCheck.data?.duplicate;
  const nameCheck = useNameCheck(checkedName);
  const nameTaken = !!nameCheck.data?.exists;

  const addressSettled =
    !!values.tokenId &&
    !addressLocal &&
    checkedAddress === `${addressTyped}\n${memoTyped}` &&
    !addressCheck.isFetching &&
    (addressCheck.isError || (!!addressCheck.data && (!addressOk || !duplicateCheck.isFetching)));
  const nameSettled = !nameLocal && checkedName === nameTyped && !nameCheck.isFetching;
  const checking =
    step === 'destination' && (!addressSettled || !nameSettled) && !addressLocal && !nameLocal && !!values.tokenId;

  const serverAddressError =
    addressSettled && addressIssue && addressIssue.path !== 'memo'
      ? issueText(addressIssue, lang, values.tokenId)
      : addressSettled && duplicate
        ? validationMessage('validation.addressBook.duplicate', lang)
        : null;
  const serverMemoError = addressSettled && memoIssue ? issueText(memoIssue, lang, values.tokenId) : null;
  const serverNameError = nameSettled && nameTaken ? validationMessage('validation.addressBook.nameTaken', lang) : null;
  const destinationBlocked = !!(serverAddressError || serverMemoError || serverNameError);

  const setValue = <K extends keyof RegisterValues>(field: K, value: RegisterValues[K]) => {
    form.setFieldValue(field, value as never);
    if (create.error) create.reset();
    setDraftProblems([]);
  };

  // ── Moving between steps ──────────────────────────────────────────────────────────────────────
  const stepValid = (which: RegisterStep) => {
    let ok = true;
    for (const field of stepFields(which, form.getValues())) {
      if (form.validateField(field).hasError) ok = false;
    }
    return ok;
  };

  /** The server's verdict on the whole draft: problems go to their fields (and step), others above the buttons. */
  const checkDraft = () =>
    validateDraft.mutate(toAddressBookInput(form.getValues()), {
      onSuccess: (answer) => {
        if (answer.valid) return setActive(3);
        const shown = new Set(
          stepFields('destination', values).concat(stepFields('wallet', values), stepFields('receiver', values)),
        );
        const loose: string[] = [];
        let first: RegisterStep | null = null;
        for (const issue of answer.issues) {
          const field = fieldOfIssuePath(issue.path);
          const message = issueText(issue, lang, values.tokenId);
          if (field && shown.has(field)) {
            form.setFieldError(field, message);
            const at = stepOfField(field);
            if (!first || REGISTER_STEPS.indexOf(at) < REGISTER_STEPS.indexOf(first)) first = at;
          } else loose.push(message);
        }
        setDraftProblems(loose);
        if (first) setActive(REGISTER_STEPS.indexOf(first));
      },
      // The check could not be made: the register call checks the same rules, so the review goes ahead.
      onError: () => setActive(3),
    });

  const next = () => {
    if (!stepValid(step)) return;
    if (step === 'destination' && (checking || destinationBlocked)) return;
    if (step === 'receiver') return checkDraft();
    setActive((a) => Math.min(a + 1, REGISTER_STEPS.length - 1));
  };

  const back = () => setActive((a) => Math.max(a - 1, 0));

  const submit = () =>
    create.mutate(toAddressBookInput(form.getValues()), {
      onSuccess: (entry) => {
        notifySuccess(
          entry.state === 'VERIFYING'
            ? t('addressBook.registerDialog.verifying', { name: entry.name, vasp: entry.vasp?.name ?? '' })
            : t('addressBook.registerDialog.registered', { name: entry.name }),
        );
        onRegistered(entry);
      },
      onError: (error) => {
        const issues = bodyIssues(error);
        const fields = issues.map((i) => [fieldOfIssuePath(i.path), i] as const).filter(([f]) => f);
        for (const [field, issue] of fields) form.setFieldError(field!, issueText(issue, lang, values.tokenId));
        if (ADDRESS_CODES.includes(error.code)) form.setFieldError('address', error.messageIn(lang));
        const firstField = ADDRESS_CODES.includes(error.code) ? 'address' : fields[0]?.[0];
        if (firstField) setActive(REGISTER_STEPS.indexOf(stepOfField(firstField)));
      },
    });

  const createError = create.error && !ADDRESS_CODES.includes(create.error.code) ? create.error : null;

  const stepLabel = (s: RegisterStep) => ({
    label: t(`addressBook.registerDialog.steps.${s}`),
    description: t(`addressBook.registerDialog.steps.${s}Hint`),
  });

  return (
    <Stack gap="lg">
      <Stepper
        active={active}
        onStepClick={(index) => index < active && setActive(index)}
        allowNextStepsSelect={false}
        wrap={false}
        size="sm"
        data-testid="register-stepper"
        data-step={step}
      >
        <Stepper.Step {...stepLabel('destination')} data-testid="step-destination">
          <Stack gap="md" mt="md">
            <Select
              label={t('addressBook.registerDialog.token')}
              placeholder={t('addressBook.registerDialog.tokenPlaceholder')}
              withAsterisk
              searchable
              data={tokenOptions(lang)}
              value={values.tokenId}
              onChange={(value) => {
                setValue('tokenId', value);
                form.clearFieldError('tokenId');
              }}
              leftSection={token ? <ChainAvatar chain={token.blockchain} size={22} /> : null}
              renderOption={({ option }) => {
                const info = tokenById(option.value);
                return (
                  <Group gap="sm" wrap="nowrap">
                    {info ? <ChainAvatar chain={info.blockchain} size={22} /> : null}
                    <Text size="sm">{option.label}</Text>
                    {info ? (
                      <Text size="xs" c="dimmed" truncate="end">
                        {info.name}
                      </Text>
                    ) : null}
                  </Group>
                );
              }}
              maxDropdownHeight={300}
              nothingFoundMessage={t('addressBook.registerDialog.noToken')}
              error={form.errors.tokenId}
              data-testid="register-token"
            />
            <TextInput
              label={t('addressBook.registerDialog.address')}
              placeholder={
                token
                  ? t('addressBook.registerDialog.addressPlaceholder', { network })
                  : t('addressBook.registerDialog.addressPlaceholderNoToken')
              }
              withAsterisk
              disabled={!token}
              {...form.getInputProps('address')}
              onChange={(event) => setValue('address', event.currentTarget.value)}
              error={form.errors.address ?? serverAddressError}
              rightSection={
                values.tokenId && addressTyped && !addressSettled && !addressLocal ? <Loader size={14} /> : null
              }
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              description={
                addressSettled && addressOk && !duplicate ? (
                  <Text span size="xs" c="teal.7" fw={600} data-testid="register-address-ok">
                    {t('addressBook.registerDialog.addressValid', { network })}
                  </Text>
                ) : addressSettled && addressCheck.isError ? (
                  <Text span size="xs" c="orange.8">
                    {t('addressBook.registerDialog.checkFailed')}
                  </Text>
                ) : undefined
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              data-testid="register-address"
            />
            {memoAsked ? (
              <TextInput
                label={t('addressBook.registerDialog.memo')}
                description={t('addressBook.registerDialog.memoHint')}
                {...form.getInputProps('memo')}
                onChange={(event) => setValue('memo', event.currentTarget.value)}
                error={form.errors.memo ?? serverMemoError}
                data-testid="register-memo"
              />
            ) : null}
            <TextInput
              label={t('addressBook.registerDialog.name')}
              placeholder={t('addressBook.registerDialog.namePlaceholder')}
              withAsterisk
              {...form.getInputProps('name')}
              onChange={(event) => setValue('name', event.currentTarget.value)}
              error={form.errors.name ?? serverNameError}
              rightSection={nameTyped && !nameSettled && !nameLocal ? <Loader size={14} /> : null}
              description={
                nameSettled && nameCheck.data && !nameTaken ? (
                  <Text span size="xs" c="teal.7" fw={600} data-testid="register-name-ok">
                    {t('addressBook.registerDialog.nameAvailable')}
                  </Text>
                ) : (
                  t('addressBook.registerDialog.nameHint')
                )
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              data-testid="register-name"
            />
          </Stack>
        </Stepper.Step>

        <Stepper.Step {...stepLabel('wallet')} data-testid="step-wallet">
          <Stack gap="md" mt="md">
            <Radio.Group
              label={t('addressBook.columns.walletType')}
              value={values.walletType}
              onChange={(value) => {
                setValue('walletType', value as AddressBookWalletType);
                form.clearFieldError('vaspId');
              }}
              data-testid="register-wallet-type"
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
                {ADDRESS_BOOK_WALLET_TYPES.map((type) => (
                  <Radio.Card key={type} value={type} radius="md" p="md" data-testid={`wallet-type-${type}`}>
                    <Group wrap="nowrap" align="flex-start" gap="sm">
                      <Radio.Indicator />
                      <Stack gap={4}>
                        <Text fw={700} size="sm">
                          {t(`addressBook.walletTypes.${type}`)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t(`addressBook.walletTypeHints.${type}`)}
                        </Text>
                      </Stack>
                    </Group>
                  </Radio.Card>
                ))}
              </SimpleGrid>
            </Radio.Group>
            {values.walletType === 'VASP' ? (
              <Select
                label={t('addressBook.registerDialog.vasp')}
                placeholder={t('addressBook.registerDialog.vaspPlaceholder')}
                withAsterisk
                data={(vasps.data?.items ?? []).map((v) => ({ value: v.id, label: v.name }))}
                value={values.vaspId}
                onChange={(value) => {
                  setValue('vaspId', value);
                  form.clearFieldError('vaspId');
                }}
                rightSection={vasps.isFetching ? <Loader size={14} /> : undefined}
                nothingFoundMessage={t('addressBook.registerDialog.vaspEmpty')}
                error={form.errors.vaspId}
                data-testid="register-vasp"
              />
            ) : null}
            {vasps.isError && values.walletType === 'VASP' ? (
              <ErrorAlert error={toApiError(vasps.error)} title={t('addressBook.registerDialog.vaspEmpty')} />
            ) : null}
          </Stack>
        </Stepper.Step>

        <Stepper.Step {...stepLabel('receiver')} data-testid="step-receiver">
          <Stack gap="md" mt="md">
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {t('addressBook.registerDialog.receiverType')}
              </Text>
              <SegmentedControl
                fullWidth
                value={values.receiverType}
                onChange={(value) => setValue('receiverType', value as ReceiverType)}
                data={RECEIVER_TYPES.map((type) => ({ value: type, label: t(`addressBook.receiverTypes.${type}`) }))}
                data-testid="register-receiver-type"
              />
            </Stack>
            <Notice color="blue" icon={InfoIcon} py={8}>
              <Text size="xs">
                {values.walletType === 'VASP'
                  ? t('addressBook.registerDialog.vaspFieldsNote', { vasp: vasp?.name ?? '' })
                  : t('addressBook.registerDialog.personalFieldsNote')}
              </Text>
            </Notice>
            <ReceiverFields values={values} form={form} setValue={setValue} />
          </Stack>
        </Stepper.Step>

        <Stepper.Step {...stepLabel('review')} data-testid="step-review">
          <Stack gap="md" mt="md" data-testid="register-review">
            <Text size="sm" c="dimmed">
              {t('addressBook.registerDialog.reviewIntro')}
            </Text>
            <ReviewFacts values={values} vaspName={vasp?.name ?? null} />
            <Notice color={values.walletType === 'VASP' ? 'yellow' : 'teal'} icon={InfoIcon} py={8}>
              <Text size="sm">
                {values.walletType === 'VASP'
                  ? t('addressBook.registerDialog.reviewVasp', { vasp: vasp?.name ?? '' })
                  : t('addressBook.registerDialog.reviewPersonal')}
              </Text>
            </Notice>
          </Stack>
        </Stepper.Step>
      </Stepper>

      {draftProblems.length > 0 ? (
        <Notice color="red" title={t('addressBook.registerDialog.draftProblemsTitle')} testId="register-draft-problems">
          <Stack gap={2}>
            {draftProblems.map((p) => (
              <Text key={p} size="sm">
                {p}
              </Text>
            ))}
          </Stack>
        </Notice>
      ) : null}
      {createError ? <ErrorAlert error={createError} title={t('addressBook.registerDialog.failedTitle')} /> : null}

      <Group justify="space-between">
        <Button variant="default" onClick={onClose} data-testid="register-cancel">
          {t('common.cancel')}
        </Button>
        <Group gap="sm">
          {active > 0 ? (
            <Button variant="default" onClick={back} data-testid="register-back">
              {t('addressBook.registerDialog.back')}
            </Button>
          ) : null}
          {step === 'review' ? (
            <Button onClick={submit} loading={create.isPending} data-testid="register-submit">
              {t('addressBook.registerDialog.submit')}
            </Button>
          ) : (
            <Button
              onClick={next}
              loading={checking || validateDraft.isPending}
              disabled={step === 'destination' && destinationBlocked}
              data-testid="register-next"
            >
              {t('addressBook.registerDialog.next')}
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}

type RegisterForm = ReturnType<typeof useContractForm<RegisterValues>>;

const FIELD_LABELS: Record<
  ReceiverField,
  { individual: string; corporation?: string; placeholder: string; corpPlaceholder?: string }
> = {
  nameKo: { individual: 'nameKo', corporation: 'companyKo', placeholder: 'nameKo', corpPlaceholder: 'companyKo' },
  nameEn: { individual: 'nameEn', corporation: 'companyEn', placeholder: 'nameEn', corpPlaceholder: 'companyEn' },
  representativeNameKo: { individual: 'representativeNameKo', placeholder: 'representativeNameKo' },
  representativeNameEn: { individual: 'representativeNameEn', placeholder: 'representativeNameEn' },
  birthday: { individual: 'birthday', placeholder: 'date' },
  incorporationDate: { individual: 'incorporationDate', placeholder: 'date' },
  receiverAddress: { individual: 'receiverAddress', placeholder: 'receiverAddress' },
  phone: { individual: 'phone', placeholder: 'phone' },
};

/** The receiver's fields the wallet and receiver types ask, two to a row. */
function ReceiverFields({
  values,
  form,
  setValue,
}: {
  values: RegisterValues;
  form: RegisterForm;
  setValue: <K extends keyof RegisterValues>(field: K, value: RegisterValues[K]) => void;
}) {
  const { t } = useTranslation();
  const corporation = values.receiverType === 'CORPORATION';
  const needs = receiverFieldsFor(values.walletType, values.receiverType);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" data-testid="register-receiver-fields">
      {needs.map(({ field, required }) => {
        const names = FIELD_LABELS[field];
        const labelKey = (corporation && names.corporation) || names.individual;
        const placeholderKey = (corporation && names.corpPlaceholder) || names.placeholder;
        const date = field === 'birthday' || field === 'incorporationDate';
        return (
          <TextInput
            key={field}
            label={
              required ? (
                t(`addressBook.fields.${labelKey}` as 'addressBook.fields.nameKo')
              ) : (
                <>
                  {t(`addressBook.fields.${labelKey}` as 'addressBook.fields.nameKo')}{' '}
                  <Text span size="xs" c="dimmed">
                    ({t('addressBook.registerDialog.optional')})
                  </Text>
                </>
              )
            }
            placeholder={t(`addressBook.placeholders.${placeholderKey}` as 'addressBook.placeholders.nameKo')}
            description={date ? t('addressBook.dateHint') : undefined}
            withAsterisk={required}
            maxLength={date ? 10 : undefined}
            inputMode={date ? 'numeric' : field === 'phone' ? 'tel' : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps(field)}
            onChange={(event) => setValue(field, event.currentTarget.value)}
            data-testid={`register-${field}`}
          />
        );
      })}
    </SimpleGrid>
  );
}

/** The entry as it will be sent: only the fields the chosen types asked. */
function ReviewFacts({ values, vaspName }: { values: RegisterValues; vaspName: string | null }) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const token = values.tokenId ? tokenById(values.tokenId) : undefined;
  const input = useMemo(() => toAddressBookInput(values), [values]);
  const corporation = values.receiverType === 'CORPORATION';
  const receiver = input.receiver;
  const facts: [string, ReactNode, string][] = [
    [
      t('addressBook.detail.token'),
      token ? `${token.symbol} · ${blockchainLabel(token.blockchain, lang)}` : (values.tokenId ?? ''),
      'token',
    ],
    [t('addressBook.detail.address'), <AddressText key="a" value={input.address} />, 'address'],
    ...(input.memo ? ([[t('addressBook.detail.memo'), input.memo, 'memo']] as [string, ReactNode, string][]) : []),
    [t('addressBook.registerDialog.name'), input.name, 'name'],
    [t('addressBook.detail.walletType'), t(`addressBook.walletTypes.${values.walletType}`), 'walletType'],
    ...(values.walletType === 'VASP'
      ? ([[t('addressBook.detail.vasp'), vaspName ?? '', 'vasp']] as [string, ReactNode, string][])
      : []),
    [t('addressBook.detail.receiverType'), t(`addressBook.receiverTypes.${values.receiverType}`), 'receiverType'],
    [t(corporation ? 'addressBook.fields.companyKo' : 'addressBook.fields.nameKo'), receiver.nameKo, 'nameKo'],
    [t(corporation ? 'addressBook.fields.companyEn' : 'addressBook.fields.nameEn'), receiver.nameEn, 'nameEn'],
  ];
  const extra: [keyof typeof receiver, 'addressBook.fields.nameKo'][] = [
    ['representativeNameKo', 'addressBook.fields.representativeNameKo' as 'addressBook.fields.nameKo'],
    ['representativeNameEn', 'addressBook.fields.representativeNameEn' as 'addressBook.fields.nameKo'],
    ['birthday', 'addressBook.fields.birthday' as 'addressBook.fields.nameKo'],
    ['incorporationDate', 'addressBook.fields.incorporationDate' as 'addressBook.fields.nameKo'],
    ['address', 'addressBook.fields.receiverAddress' as 'addressBook.fields.nameKo'],
    ['phone', 'addressBook.fields.phone' as 'addressBook.fields.nameKo'],
  ];
  for (const [key, label] of extra) {
    const value = receiver[key];
    if (value) facts.push([t(label), value, `receiver-${key}`]);
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      {facts.map(([label, value, id]) => (
        <Stack key={id} gap={2} data-testid={`review-${id}`}>
          <Text size="xs" c="dimmed" fw={600}>
            {label}
          </Text>
          {typeof value === 'string' ? <Text size="sm">{value}</Text> : value}
        </Stack>
      ))}
    </SimpleGrid>
  );
}

function AddressText({ value }: { value: string }) {
  return (
    <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
      {value}
    </Text>
  );
}
