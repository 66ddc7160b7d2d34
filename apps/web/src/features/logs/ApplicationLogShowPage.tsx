import { API } from 'virtual:contract-addresses';
import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { useRecord } from '../../api/lists.ts';
import { FormAlerts } from '../../components/FormAlerts.tsx';
import { ExportMenu } from '../../components/list/ExportMenu.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { RecordTable } from '../../components/RecordTable.tsx';
import { ShowFrame } from '../../components/ShowFrame.tsx';

/** Details with `from: {…}` in red and `to: {…}` in green, the rest as it is. */
export function ChangeDetails({ text }: { text: string }) {
  const parts = text.split(/(from: \{.*?\}(?= to: \{)|to: \{.*\}$)/);
  return (
    <Text component="span" size="sm" style={{ wordBreak: 'break-word' }}>
      {parts.map((part, i) =>
        part.startsWith('from: {') ? (
          <Text key={i} component="span" c="red" data-change="from">
            {part}
          </Text>
        ) : part.startsWith('to: {') ? (
          <Text key={i} component="span" c="green" data-change="to">
            {part}
          </Text>
        ) : (
          part
        ),
      )}
    </Text>
  );
}

export function ApplicationLogShowPage() {
  const { id } = useParams();
  const log = useRecord(API.log.show, id);
  if (log.isPending) return <PageLoader />;
  if (log.isError) return <FormAlerts state={{ error: errorMessage(log.error) }} onClose={() => log.refetch()} />;
  const l = log.data;
  const rows: [string, React.ReactNode][] = [
    ['Type', l.type],
    ['Activity', l.activity],
    ['Details', <ChangeDetails key="d" text={l.details} />],
    ['Browser', l.browser],
    ['Platform', l.platform],
    ['IP', l.ip],
    ['User', l.user?.name ?? 'N/A'],
    ['Date', l.formatted_created_at],
  ];
  return (
    <ShowFrame
      title="Application Log"
      trail={[{ label: 'Audit Logs', to: '/applicationloglist' }, { label: 'View' }]}
      actions={(onError) => (
        <ExportMenu endpoints={API.log} params={{ id: l.id }} name={`applicationlogs_${l.id}`} onError={onError} />
      )}
    >
      <RecordTable rows={rows} labelWidth={160} />
    </ShowFrame>
  );
}
