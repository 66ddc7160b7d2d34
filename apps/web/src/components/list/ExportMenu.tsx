import { Button, Menu } from '@mantine/core';
import { errorMessage } from '../../api/client.ts';
import { datedName, downloadFile } from '../../api/download.ts';

/** Export (XLSX, CSV): `paths` give each format's endpoint with the list's current filters. */
export function ExportMenu({
  paths,
  name,
  onError,
}: {
  paths: { xlsx: string; csv: string };
  name: string;
  onError: (message: string) => void;
}) {
  const download = (format: 'xlsx' | 'csv') =>
    downloadFile(paths[format], datedName(name, format)).catch((err) =>
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
