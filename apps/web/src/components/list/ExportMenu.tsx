import type { Endpoint } from '@duka/shared';
import { Button, Menu } from '@mantine/core';
import { errorMessage } from '../../api/client.ts';
import { datedName, downloadFile } from '../../api/download.ts';

/** Export (XLSX, CSV): each format's endpoint, called with the list's current search and filters (`query`), or with a
 * record's id (`params`). */
export function ExportMenu({
  endpoints,
  query,
  params,
  name,
  onError,
}: {
  endpoints: { xlsx: Endpoint; csv: Endpoint };
  query?: Record<string, unknown>;
  params?: Record<string, unknown>;
  name: string;
  onError: (message: string) => void;
}) {
  const download = (format: 'xlsx' | 'csv') =>
    downloadFile(endpoints[format], { query, params } as never, datedName(name, format)).catch((err) =>
      onError(errorMessage(err, 'The export failed. Please try again.')),
    );
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="light">Export</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => download('xlsx')}>XLSX</Menu.Item>
        <Menu.Item onClick={() => download('csv')}>CSV</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
