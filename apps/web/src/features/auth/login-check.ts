import { type LoginInput, loginSchema } from '@duka/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';

// The sign-in form's check by its schema, in a chunk of its own (LoginPage.tsx).
export const checkLogin: Resolver<LoginInput> = zodResolver(loginSchema);
