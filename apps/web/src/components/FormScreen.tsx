import { Paper } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { FormActions } from './FormActions.tsx';
import { type AlertState, FormAlerts } from './FormAlerts.tsx';
import { type Crumb, PageHeader } from './PageHeader.tsx';

// The frame of a screen that is one form over values the server already holds (profile, settings): its header, why
// the values failed to load (with a retry), the save's banners, then the form with its buttons.

interface FormScreenProps {
  title: string;
  trail: Crumb[];
  /** Set when the values failed to load: the message, and closing it loads them again. */
  loadFailure?: { message: string; retry: () => void };
  alerts: AlertState;
  onCloseAlerts: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  children: ReactNode;
}

export function FormScreen(props: FormScreenProps) {
  const { loadFailure } = props;
  return (
    <>
      <PageHeader title={props.title} trail={props.trail} />
      {loadFailure && <FormAlerts state={{ error: loadFailure.message }} onClose={loadFailure.retry} />}
      <FormAlerts state={props.alerts} onClose={props.onCloseAlerts} />
      <Paper p="lg" withBorder>
        <form onSubmit={props.onSubmit} noValidate>
          {props.children}
          <FormActions saving={props.saving} />
        </form>
      </Paper>
    </>
  );
}
