import { useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { useStoredState } from '../../platform/use-stored-state.ts';
import { applyServerErrors } from '../apply-server-errors.ts';
import type { AlertState } from '../FormAlerts.tsx';

export type AfterSave = 'list' | 'stay';

/**
 * What happens around a save: banners, and after success either back to the list after 1 s or staying
 * on the form. Create screens offer the choice (remembered in local storage); update screens always return.
 */
export function useSaveFlow(listPath: string, { offersChoice }: { offersChoice: boolean }) {
  const navigate = useNavigate();
  const [alerts, setAlerts] = useState<AlertState>({});
  const [afterSave, setAfterSave] = useStoredState<AfterSave>('afterSaveAction', 'list');
  // A redirect still pending when the user has already gone elsewhere must not pull them back.
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);
  return {
    alerts,
    clearAlerts: () => setAlerts({}),
    afterSave,
    setAfterSave,
    succeeded(message: string, reset?: () => void) {
      setAlerts({ success: message });
      if (!offersChoice || afterSave === 'list') redirect.current = setTimeout(() => navigate(listPath), 1000);
      else reset?.();
    },
    failed<T extends FieldValues>(err: unknown, fallback: string, setError?: UseFormSetError<T>) {
      if (setError) applyServerErrors(err, setError);
      setAlerts({ error: errorMessage(err, fallback) });
    },
  };
}
