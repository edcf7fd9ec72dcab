import { Box, Group, Text, VisuallyHidden } from '@mantine/core';
import { PASSWORD_REQUIREMENTS, type PasswordRequirement, passwordRules } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { CheckIcon, DotIcon } from './icons';

/** The requirements of section 5 a password meets, in the contracts' order. */
export function metRequirements(password: string): Record<PasswordRequirement, boolean> {
  const result = passwordRules(password);
  // 'equals-email' / 'equals-current' are only reported once every requirement is met.
  const missing: readonly PasswordRequirement[] = Array.isArray(result) ? result : [];
  return Object.fromEntries(PASSWORD_REQUIREMENTS.map((r) => [r, !missing.includes(r)])) as Record<
    PasswordRequirement,
    boolean
  >;
}

/** A live list of the password rules, each ticked as soon as the typed password meets it. */
export function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation();
  const met = metRequirements(password);
  return (
    <Box
      component="ul"
      data-testid="password-checklist"
      aria-label={t('password.checklistLabel')}
      aria-live="polite"
      m={0}
      p={0}
      // A grid of two columns on the list itself: its items stay its children (a list holds only list items).
      style={{ listStyle: 'none', display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 6 }}
    >
      {PASSWORD_REQUIREMENTS.map((rule) => {
        const ok = met[rule];
        return (
          <Group
            key={rule}
            component="li"
            gap={6}
            wrap="nowrap"
            data-rule={rule}
            data-met={ok ? 'true' : 'false'}
            c={ok ? 'teal.7' : 'gray.6'}
            style={{ transition: 'color 150ms ease' }}
          >
            {ok ? <CheckIcon size={15} strokeWidth={2.4} /> : <DotIcon size={13} />}
            <Text size="xs" fw={ok ? 600 : 500} c="inherit">
              {t(`password.rules.${rule}`)}
              <VisuallyHidden>{`: ${ok ? t('password.met') : t('password.notMet')}`}</VisuallyHidden>
            </Text>
          </Group>
        );
      })}
    </Box>
  );
}
