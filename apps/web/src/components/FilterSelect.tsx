import { Select, type SelectProps } from '@mantine/core';

export interface FilterSelectProps<V extends string>
  extends Omit<SelectProps, 'value' | 'onChange' | 'placeholder' | 'data' | 'clearable'> {
  value: V | null;
  /** null when cleared: the list shows every value again. */
  onChange: (value: V | null) => void;
  /** Its choices, each value a `V` (grouped or not, as `Select` takes them). */
  options: NonNullable<SelectProps['data']>;
  /** Shown while nothing is chosen: what the list shows then ("All networks"). */
  allLabel: string;
  /** The filter's name, read by screen readers. */
  label: string;
  testId: string;
}

/** A list filter that keeps one value or none. */
export function FilterSelect<V extends string>({
  value,
  onChange,
  options,
  allLabel,
  label,
  testId,
  ...rest
}: FilterSelectProps<V>) {
  return (
    <Select
      placeholder={allLabel}
      aria-label={label}
      data={options}
      value={value}
      onChange={(next) => onChange(next as V | null)}
      clearable
      data-testid={testId}
      {...rest}
    />
  );
}
