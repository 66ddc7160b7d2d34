import { API } from 'virtual:contract-addresses';
import { useCall, useCallWrite } from './queries.ts';

// A new shop's first steps, for the Administrator's home screen.

/** Which steps are done and whether the list shows; asked while `enabled` (the Administrator's). */
export const useFirstSteps = (enabled: boolean) =>
  useCall(API.firstSteps.show, {}, { enabled, select: (answer) => answer.data });

/** Hides the list for good. */
export const useDismissFirstSteps = () => useCallWrite(API.firstSteps.dismiss, ['firstSteps']);
