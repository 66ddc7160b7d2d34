import { type BusinessInfo, businessInfoSchema } from '@duka/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Radio, SimpleGrid, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useBusinessInfoSettings, useSaveBusinessInfo } from '../../api/settings.ts';
import { FormScreen } from '../../components/FormScreen.tsx';
import { useSaveFlow } from '../../components/form/save-flow.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { PhoneInput } from '../profile/PhoneInput.tsx';

const FIELDS: [keyof BusinessInfo, string][] = [
  ['business_name', 'Business name'],
  ['business_reg_number', 'Registration number'],
  ['business_tin', 'Tax identification number (TIN)'],
  ['business_slogan', 'Slogan'],
  ['business_email', 'Email'],
  ['business_contact', 'Contact'],
  ['business_website', 'Website'],
];

// Business information printed on receipts and invoices.
export function BusinessInfoSettingsPage() {
  const info = useBusinessInfoSettings();
  const flow = useSaveFlow('/businessinfosettings', { offersChoice: false });
  const save = useSaveBusinessInfo();
  const form = useForm({ resolver: zodResolver(businessInfoSchema) });
  useEffect(() => {
    if (info.data) form.reset(info.data);
  }, [info.data, form]);
  if (info.isPending) return <PageLoader />;

  const submit = form.handleSubmit(async (input) => {
    flow.clearAlerts();
    try {
      flow.succeeded((await save.mutateAsync({ body: input })).message);
    } catch (err) {
      flow.failed(err, 'Failed to save business info settings. Please try again.', form.setError);
    }
  });
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  return (
    <FormScreen
      title="Business Info Settings"
      trail={[{ label: 'Settings' }, { label: 'Business Info' }]}
      loadFailure={
        info.isError ? { message: 'Failed to fetch business info settings.', retry: () => info.refetch() } : undefined
      }
      alerts={flow.alerts}
      onCloseAlerts={flow.clearAlerts}
      onSubmit={submit}
      saving={save.isPending}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {FIELDS.map(([name, label]) =>
          name === 'business_contact' ? (
            <PhoneInput key={name} label={label} registration={form.register(name)} error={errors[name]?.message} />
          ) : (
            <TextInput key={name} label={label} {...form.register(name)} error={errors[name]?.message} />
          ),
        )}
      </SimpleGrid>
      <Textarea
        label="Address"
        mt="md"
        autosize
        minRows={2}
        {...form.register('business_address')}
        error={errors.business_address?.message}
      />
      <Textarea label="Legal disclaimer" mt="md" autosize minRows={2} {...form.register('business_legal_disclaimer')} />
      <Title order={4} mt="lg">
        VAT
      </Title>
      {/* Registered: prices include VAT and each sale keeps the VAT at the rate in force when it is made. */}
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
        <Controller
          control={form.control}
          name="vat_registered"
          render={({ field, fieldState }) => (
            <Radio.Group
              label="VAT registered"
              description="Prices include VAT; receipts and invoices show it"
              value={field.value ?? 'No'}
              onChange={field.onChange}
              error={fieldState.error?.message}
            >
              <Group mt={4}>
                <Radio value="Yes" label="Yes" />
                <Radio value="No" label="No" />
              </Group>
            </Radio.Group>
          )}
        />
        <TextInput
          label="VAT rate (%)"
          description="Uganda: 18"
          inputMode="decimal"
          {...form.register('vat_rate')}
          error={errors.vat_rate?.message}
        />
      </SimpleGrid>
    </FormScreen>
  );
}
