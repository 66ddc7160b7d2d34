import { API } from 'virtual:contract-addresses';
import { formatDay } from '@duka/shared';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { useRecord } from '../../api/lists.ts';
import { FormAlerts } from '../../components/FormAlerts.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { RecordTable } from '../../components/RecordTable.tsx';
import { PdfActions, ShowFrame } from '../../components/ShowFrame.tsx';

export function UserShowPage() {
  const { id } = useParams();
  const user = useRecord(API.user.show, id);
  if (user.isPending) return <PageLoader />;
  if (user.isError) return <FormAlerts state={{ error: errorMessage(user.error) }} onClose={() => user.refetch()} />;
  const u = user.data;
  const rows: [string, string][] = [
    ['User number', u.user_number],
    ['Name', u.name],
    ['Gender', u.gender],
    ['NIN', u.nin],
    ['Contact', u.phone_number],
    ['Email', u.email],
    ['Role', u.role ?? 'N/A'],
    ['Date', formatDay(u.created_at)],
  ];
  return (
    <ShowFrame
      title="User Details"
      trail={[{ label: 'Users', to: '/userlist' }, { label: 'View' }]}
      actions={(onError) => <PdfActions endpoint={API.user.pdf} id={u.id} name={`user_${u.id}`} onError={onError} />}
      maw={720}
    >
      <RecordTable rows={rows} />
    </ShowFrame>
  );
}
