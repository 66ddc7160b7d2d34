import { Group, Radio } from '@mantine/core';
import type { AfterSave } from './save-flow.ts';

export function AfterSaveChoice({ value, onChange }: { value: AfterSave; onChange: (v: AfterSave) => void }) {
  return (
    <Radio.Group label="After Save Action" value={value} onChange={(v) => onChange(v as AfterSave)} mt="md">
      <Group mt={4}>
        <Radio value="list" label="Save and go to list" />
        <Radio value="stay" label="Save and stay" />
      </Group>
    </Radio.Group>
  );
}
