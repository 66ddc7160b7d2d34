import { DateField, type DateFieldProps } from './DateField.tsx';

/** A month (YYYY-MM), typed, pasted or picked from a year's months; `maxDate` is the last month that may be picked. */
export const MonthInput = (props: DateFieldProps) => <DateField kind="month" {...props} />;
