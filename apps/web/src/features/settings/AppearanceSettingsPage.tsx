import { FileInput, Image, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../api/client.ts';
import { useBranding, useSaveAppearance } from '../../api/settings.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { type AlertState, FormAlerts } from '../../components/FormAlerts.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';

const IMAGES = [
  ['logo', 'Logo'],
  ['favicon', 'Favicon'],
  ['wallpaper', 'Wallpaper'],
] as const;
type ImageKind = (typeof IMAGES)[number][0];
const INVALID = 'Invalid file type. Only PNG and JPG are allowed.';

export function AppearanceSettingsPage() {
  const branding = useBranding();
  const save = useSaveAppearance();
  const [name, setName] = useState('');
  const [files, setFiles] = useState<Partial<Record<ImageKind, File | null>>>({});
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [alerts, setAlerts] = useState<AlertState>({});
  useEffect(() => {
    if (branding.data) setName(branding.data.name);
  }, [branding.data]);
  if (branding.isPending) return <PageLoader />;

  const pick = (kind: ImageKind, file: File | null) => {
    setFiles((f) => ({ ...f, [kind]: file }));
    setErrors((e) => ({ ...e, [kind]: file && !/\.(png|jpe?g)$/i.test(file.name) ? INVALID : undefined }));
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setAlerts({});
    if (!name.trim()) {
      setErrors((e) => ({ ...e, name: 'Name is required.' }));
      return;
    }
    if (Object.values(errors).some(Boolean)) return;
    const body = new FormData();
    body.set('name', name.trim());
    for (const [kind] of IMAGES) {
      const file = files[kind];
      if (file) body.set(kind, file);
    }
    try {
      // The branding every page shows is asked again before the save is done.
      const answer = await save.mutateAsync(body);
      setAlerts({ success: answer.message || 'Settings saved successfully!' });
      setFiles({});
    } catch (err) {
      if (err instanceof ApiError) setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0]])));
      setAlerts({ error: errorMessage(err, 'Failed to save settings. Please try again.') });
    }
  };

  return (
    <>
      <PageHeader title="Appearance Settings" trail={[{ label: 'Settings' }, { label: 'Appearance' }]} />
      {branding.isError && (
        <FormAlerts
          state={{ error: 'Failed to load settings. Please try again later.' }}
          onClose={() => branding.refetch()}
        />
      )}
      <FormAlerts state={alerts} onClose={() => setAlerts({})} />
      <Paper p="lg" withBorder>
        <form onSubmit={submit} noValidate>
          <TextInput
            label="Name"
            maw={420}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            mb="md"
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {IMAGES.map(([kind, label]) => (
              <Stack key={kind} gap="xs">
                <FileInput
                  label={label}
                  accept="image/png,image/jpeg"
                  clearable
                  value={files[kind] ?? null}
                  onChange={(file) => pick(kind, file)}
                  error={errors[kind]}
                  placeholder="PNG or JPG, at most 2 MB"
                />
                <Image
                  src={branding.data?.[kind] ?? undefined}
                  fallbackSrc="/no-image.svg"
                  alt={`Current ${label.toLowerCase()}`}
                  h={80}
                  fit="contain"
                />
              </Stack>
            ))}
          </SimpleGrid>
          <FormActions saving={save.isPending} />
        </form>
      </Paper>
    </>
  );
}
