import { ENVIRONMENTS } from '@duka/shared';
import { Group, Radio } from '@mantine/core';

const LABELS: Record<string, string> = { DEVELOPMENT: 'Development', TEST: 'Test', PRODUCTION: 'Production' };

export function EnvironmentChoice({
  value,
  onChange,
  error,
}: {
  value?: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  return (
    <Radio.Group label="Environment" value={value ?? ''} onChange={onChange} error={error} mt="md">
      <Group mt={4}>
        {ENVIRONMENTS.map((e) => (
          <Radio key={e} value={e} label={LABELS[e]} />
        ))}
      </Group>
    </Radio.Group>
  );
}
