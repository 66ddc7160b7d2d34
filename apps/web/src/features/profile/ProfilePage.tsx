import { profileUpdateSchema } from '@duka/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../api/client.ts';
import { usePersonalDetails, useUpdateProfile } from '../../api/profile.ts';
import { applyServerErrors } from '../../components/apply-server-errors.ts';
import { type AlertState, FormAlerts } from '../../components/FormAlerts.tsx';
import { FormScreen } from '../../components/FormScreen.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { PhoneInput } from './PhoneInput.tsx';

// My Personal Details: name, phone and e-mail are editable; gender, NIN and role are shown locked. A new e-mail
// address takes the current password, so the field for it appears only then.
export function ProfilePage() {
  const details = usePersonalDetails();
  const update = useUpdateProfile(details.data?.id);
  const [alerts, setAlerts] = useState<AlertState>({});
  const form = useForm({ resolver: zodResolver(profileUpdateSchema), mode: 'onTouched' });

  useEffect(() => {
    if (details.data) {
      const { name, email, phone_number } = details.data;
      form.reset({ name, email, phone_number });
    }
  }, [details.data, form]);

  if (details.isPending) return <PageLoader />;
  if (details.isError)
    return <FormAlerts state={{ error: errorMessage(details.error) }} onClose={() => details.refetch()} />;

  const emailChanges =
    (form.watch('email') ?? details.data.email).trim().toLowerCase() !== details.data.email.toLowerCase();
  const submit = form.handleSubmit(async ({ name, email, phone_number, current_password }) => {
    setAlerts({});
    try {
      const answer = await update.mutateAsync({
        name,
        email,
        phone_number,
        ...(emailChanges && { current_password: current_password ?? '' }),
      });
      setAlerts({ success: answer.message || 'Personal details updated successfully!' });
    } catch (err) {
      applyServerErrors(err, form.setError);
      setAlerts({ error: errorMessage(err, 'Failed to personal details. Please try again.') });
    }
  });
  const { errors } = form.formState;

  return (
    <FormScreen
      title="My Personal Details"
      trail={[{ label: 'Profile' }]}
      alerts={alerts}
      onCloseAlerts={() => setAlerts({})}
      onSubmit={submit}
      saving={update.isPending}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Name" {...form.register('name')} error={errors.name?.message} />
        <PhoneInput
          label="Phone number"
          maxLength={18}
          registration={form.register('phone_number')}
          error={errors.phone_number?.message}
        />
        <TextInput label="Email" type="email" {...form.register('email')} error={errors.email?.message} />
        {emailChanges && (
          <PasswordInput
            label="Current password"
            description="Needed to change your e-mail address"
            autoComplete="current-password"
            {...form.register('current_password')}
            error={errors.current_password?.message}
          />
        )}
        <TextInput label="Gender" value={details.data.gender} disabled readOnly />
        <TextInput label="NIN" value={details.data.nin} disabled readOnly />
        <TextInput label="Role" value={details.data.role} disabled readOnly />
      </SimpleGrid>
    </FormScreen>
  );
}
