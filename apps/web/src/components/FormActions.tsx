import { Button, Group } from '@mantine/core';
import { useNavigate } from 'react-router';

/** Back (history back) and Save, disabled while saving. */
export function FormActions({ saving, saveLabel = 'Save' }: { saving: boolean; saveLabel?: string }) {
  const navigate = useNavigate();
  return (
    <Group mt="lg">
      <Button variant="default" onClick={() => navigate(-1)}>
        Back
      </Button>
      <Button type="submit" loading={saving} disabled={saving}>
        {saveLabel}
      </Button>
    </Group>
  );
}
