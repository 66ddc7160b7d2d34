import { type Permission, PUBLIC_PERMISSIONS } from '@duka/shared';
import { Checkbox, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useAssignedMenus, useAssignMenus } from '../../api/roles.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { FormAlerts } from '../../components/FormAlerts.tsx';
import { useSaveFlow } from '../../components/form/save-flow.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';

const GROUPS = Object.entries(
  PUBLIC_PERMISSIONS.reduce<Record<string, Permission[]>>((groups, p) => {
    groups[p.category] ??= [];
    groups[p.category]?.push(p);
    return groups;
  }, {}),
);

// Assign Permissions: the public keys grouped by category; Select All stays in step with the boxes.
export function RolePermissionPage() {
  const { id } = useParams();
  const assigned = useAssignedMenus(id);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const flow = useSaveFlow('/rolelist', { offersChoice: false });
  const save = useAssignMenus();
  useEffect(() => {
    if (assigned.data) setSelected(new Set(assigned.data.assignedMenuNames));
  }, [assigned.data]);
  if (assigned.isPending) return <PageLoader />;
  if (assigned.isError) {
    return (
      <FormAlerts
        state={{ error: assigned.error.message || 'Failed to load role details.' }}
        onClose={() => assigned.refetch()}
      />
    );
  }

  const allSelected = PUBLIC_PERMISSIONS.every((p) => selected.has(p.key));
  const toggle = (key: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    flow.clearAlerts();
    try {
      flow.succeeded((await save.mutateAsync({ params: { id }, body: { selectedMenus: [...selected] } })).message);
    } catch (err) {
      flow.failed(err, 'Failed to assign permissions.');
    }
  };

  return (
    <>
      <PageHeader
        title={`Assign Permissions to ${assigned.data.role.name}`}
        trail={[{ label: 'Roles', to: '/rolelist' }, { label: 'Permissions' }]}
      />
      <FormAlerts state={flow.alerts} onClose={flow.clearAlerts} />
      <Paper p="lg" withBorder>
        <form onSubmit={submit}>
          <Checkbox
            label="Select All"
            checked={allSelected}
            indeterminate={!allSelected && selected.size > 0}
            onChange={() => setSelected(allSelected ? new Set() : new Set(PUBLIC_PERMISSIONS.map((p) => p.key)))}
            mb="md"
          />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {GROUPS.map(([category, permissions]) => (
              <Stack key={category} gap={6}>
                <Title order={5}>{category}</Title>
                {permissions.map((p) => (
                  <Checkbox key={p.key} label={p.name} checked={selected.has(p.key)} onChange={() => toggle(p.key)} />
                ))}
              </Stack>
            ))}
          </SimpleGrid>
          <FormActions saving={save.isPending} />
        </form>
      </Paper>
    </>
  );
}
