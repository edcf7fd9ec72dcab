import { TextInput, type TextInputProps } from '@mantine/core';
import { SearchIcon } from './icons';

export interface SearchInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'leftSection'> {
  value: string;
  onChange: (value: string) => void;
  /** Read by screen readers; defaults to the placeholder. */
  label?: string;
  testId?: string;
}

/** A list's free-text search box with the magnifier in front. */
export function SearchInput({ value, onChange, placeholder, label, testId, ...rest }: SearchInputProps) {
  return (
    <TextInput
      leftSection={<SearchIcon size={16} />}
      placeholder={placeholder}
      aria-label={label ?? placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data-testid={testId}
      {...rest}
    />
  );
}
