import { DateField, type DateFieldProps } from './DateField.tsx';

/** A day (YYYY-MM-DD), typed, pasted or picked from a calendar whose weeks start on Monday with their numbers. */
export const DayInput = (props: DateFieldProps) => <DateField kind="day" {...props} />;
