import { DatePickerInput, type DatePickerInputProps, DatesProvider, type DatesRangeValue } from '@mantine/dates';
import 'dayjs/locale/ko';
import { useAppLanguage } from '../i18n/useAppLanguage';

export type DayRange = DatesRangeValue<string>;

export interface DayRangeInputProps
  extends Omit<DatePickerInputProps<'range'>, 'type' | 'value' | 'onChange' | 'valueFormat'> {
  value: DayRange;
  onChange: (range: DayRange) => void;
  testId?: string;
}

/**
 * A range of calendar days (YYYY-MM-DD, a single day allowed), with the calendar in the app's language
 * and weeks starting on Sunday.
 */
export function DayRangeInput({ value, onChange, testId, ...rest }: DayRangeInputProps) {
  const lang = useAppLanguage();
  return (
    <DatesProvider settings={{ locale: lang, firstDayOfWeek: 0 }}>
      <DatePickerInput
        type="range"
        valueFormat="YYYY-MM-DD"
        allowSingleDateInRange
        value={value}
        onChange={(next) => onChange(next as DayRange)}
        data-testid={testId}
        {...rest}
      />
    </DatesProvider>
  );
}
