import type { Endpoint } from '@duka/shared';
import { Button, Group, Menu, Paper } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../api/client.ts';
import { datedName, downloadFile } from '../api/download.ts';
import { FormAlerts } from './FormAlerts.tsx';
import { type Crumb, PageHeader } from './PageHeader.tsx';

// The frame of a read-only record screen (a stock batch, a user, an audit entry): its header, the message of a failed
// export, Back and the screen's actions, then the record.

interface ShowFrameProps {
  title: string;
  trail: Crumb[];
  /** The actions beside Back, given the way to show an action's failure above the record. */
  actions?: (onError: (message: string) => void) => ReactNode;
  /** Shown above the record, e.g. why it failed to load. */
  notice?: ReactNode;
  maw?: number;
  children: ReactNode;
}

export function ShowFrame({ title, trail, actions, notice, maw, children }: ShowFrameProps) {
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  return (
    <>
      <PageHeader title={title} trail={trail} />
      {notice}
      <FormAlerts state={{ error }} onClose={() => setError(undefined)} />
      <Paper p="lg" withBorder maw={maw}>
        <Group justify="space-between" mb="md">
          <Button variant="default" onClick={() => navigate(-1)}>
            Back
          </Button>
          {actions?.(setError)}
        </Group>
        {children}
      </Paper>
    </>
  );
}

/** An Actions menu whose one item downloads the record's PDF (its endpoint, for record `id`), named `name` dated
 * today when the server does not name it. */
export function PdfActions({
  endpoint,
  id,
  name,
  onError,
}: {
  endpoint: Endpoint;
  id: number | string;
  name: string;
  onError: (message: string) => void;
}) {
  const exportPdf = () =>
    downloadFile(endpoint, { params: { id } } as never, datedName(name, 'pdf')).catch((e) =>
      onError(errorMessage(e, 'The export failed. Please try again.')),
    );
  return (
    <Menu>
      <Menu.Target>
        <Button variant="light">Actions</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={exportPdf}>Export PDF</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
