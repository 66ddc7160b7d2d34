import { API } from 'virtual:contract-addresses';
import { type CreatedUser, type UserShown, userCreateSchema, userUpdateSchema } from '@duka/shared';
import { Code, Stack, Text } from '@mantine/core';
import { openDialog } from '../../components/dialogs.ts';
import { RecordFieldsPage, type RecordFormSpec, type SaveAnswer } from '../../components/form/record-form.tsx';
import { UserFields } from './UserForm.tsx';

// Users on the form kit. A new user gets a temporary password, shown this once in a dialog before the after-save step.

// A user's role counts among the role's users.
const base = { label: 'User', listLabel: 'Users', list: '/userlist', refreshes: ['role'] };

/** The temporary password must be changed at first sign-in and is never shown again. */
function showTemporaryPassword(answer: SaveAnswer, done: () => void) {
  const { temporary_password: password, email, mailed } = answer.data as CreatedUser;
  void openDialog({
    title: 'User created',
    closeOnClickOutside: false,
    children: (
      <Stack>
        <Text size="sm">
          {mailed
            ? `This temporary password has been e-mailed to ${email}.`
            : `No mail server is configured, so nothing was e-mailed: hand ${email} this temporary password in person.`}{' '}
          It must be changed at first sign-in and is not shown again:
        </Text>
        <Code block fz="lg" data-testid="temporary-password">
          {password}
        </Code>
      </Stack>
    ),
    onClose: done,
  });
}

const CREATE: RecordFormSpec<typeof userCreateSchema> = {
  ...base,
  schema: userCreateSchema,
  save: API.user.store,
  environment: true,
  empty: { name: '', nin: '', phone_number: '', email: '' },
  confirm: showTemporaryPassword,
};

const UPDATE: RecordFormSpec<typeof userUpdateSchema, UserShown> = {
  ...base,
  schema: userUpdateSchema,
  save: API.user.update,
  show: API.user.show,
  toValues: ({ name, gender, nin, phone_number, email, role_id }) => ({
    name,
    gender: gender as 'Female' | 'Male',
    nin,
    phone_number,
    email,
    role_id,
  }),
};

export function UserCreatePage() {
  return <RecordFieldsPage spec={CREATE} fields={UserFields} />;
}

export function UserUpdatePage() {
  return <RecordFieldsPage spec={UPDATE} fields={UserFields} />;
}
