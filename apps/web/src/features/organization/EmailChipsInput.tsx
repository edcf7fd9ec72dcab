import { Pill, TagsInput } from '@mantine/core';
import { emailSchema } from '@vaultline/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { schemaError } from '../../lib/form-validation';

/** Enter, Space and comma each turn what was typed into a chip (pasted lists split the same way). */
export const EMAIL_SPLIT_CHARS = [' ', ','];

export interface EmailChipsInputProps {
  value: string[];
  onChange: (emails: string[]) => void;
  /** A message about the whole list (e.g. the server refused one of them). */
  error?: string | null;
  /** Chips to mark as refused (already invited, another organization's). */
  flagged?: readonly string[];
  label: string;
  description?: string;
  placeholder?: string;
}

/**
 * Email addresses as chips. Each chip is checked with the contracts' email rule; an invalid one is
 * refused and stays in the field to be corrected, and a repeated one is refused with a message.
 */
export function EmailChipsInput({
  value,
  onChange,
  error,
  flagged = [],
  label,
  description,
  placeholder,
}: EmailChipsInputProps) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const [search, setSearch] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // The refused text to put back once the input has cleared itself after a split.
  const restore = useRef<string | null>(null);
  const isFlagged = (email: string) => flagged.some((f) => f.toLowerCase() === email.toLowerCase());

  const handleChange = (next: string[]) => {
    const added = next.filter((email) => !value.includes(email));
    const refused = added.filter((email) => schemaError(emailSchema, email, lang) !== null);
    onChange(next.filter((email) => !refused.includes(email)));
    if (refused.length === 0) {
      setProblem(null);
      return;
    }
    setProblem(t('invite.invalidEmail', { value: refused.join(', ') }));
    const text = refused.join(' ');
    restore.current = text;
    setSearch(text);
    queueMicrotask(() => {
      restore.current = null;
    });
  };

  const handleSearch = (next: string) => {
    if (next === '' && restore.current !== null) {
      setSearch(restore.current);
      restore.current = null;
      return;
    }
    if (next !== '') setProblem(null);
    setSearch(next);
  };

  return (
    <TagsInput
      label={label}
      description={description}
      placeholder={value.length === 0 ? placeholder : undefined}
      value={value}
      onChange={handleChange}
      searchValue={search}
      onSearchChange={handleSearch}
      splitChars={EMAIL_SPLIT_CHARS}
      onDuplicate={(email) => setProblem(t('invite.duplicateEmail', { email }))}
      error={problem ?? error ?? undefined}
      clearable
      withAsterisk
      size="md"
      data-testid="invite-emails"
      renderPill={({ option, value: chip, onRemove, disabled }) => {
        const email = chip ?? String(option.value);
        return (
          <Pill
            key={email}
            withRemoveButton={!disabled}
            onRemove={onRemove}
            data-testid="email-chip"
            data-flagged={isFlagged(email) || undefined}
            bg={isFlagged(email) ? 'red.1' : 'indigo.0'}
            c={isFlagged(email) ? 'red.8' : 'indigo.9'}
            removeButtonProps={{ 'aria-label': t('invite.removeEmail', { email }) }}
          >
            {email}
          </Pill>
        );
      }}
    />
  );
}
