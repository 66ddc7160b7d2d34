import { DateField, type DateFieldProps } from './DateField.tsx';
import { addDays, isoWeekNumber, readTypedDay } from './day-text.ts';

/**
 * A week, held as its Monday (YYYY-MM-DD): any day typed, pasted or picked stands for the week that holds it, as the
 * server's weekly periods take it. The week's number and days are written under the field.
 */
export function WeekInput(props: DateFieldProps) {
  // The field may hold its `invalidValue` rather than a day.
  const monday = readTypedDay(props.value);
  const description = monday ? `Week ${isoWeekNumber(monday)}: ${monday} to ${addDays(monday, 6)}` : undefined;
  return (
    <DateField
      kind="week"
      description={description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      {...props}
    />
  );
}
