import { API, PERMISSION_KEYS } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext, requireActor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import * as auth from './auth.service.ts';

// Sign-in and the shell's calls.
export const authRoutes: FastifyPluginAsyncZod<AppServices> = async (
  app,
  { db, mail, secrets, authRateLimit, timeZone },
) => {
  const endpoints = API.auth;
  const limited = { config: { rateLimit: { max: authRateLimit, timeWindow: '1 minute' } } };

  route(
    app,
    endpoints.login,
    async (request) => {
      const result = await auth.login(db, secrets, request.body, requestContext(request));
      if (result.kind === 'refused') {
        if (result.mailQueued) void mail.kick();
        throw new AppError('unauthenticated', result.message);
      }
      if (result.kind === 'slowed') throw new AppError('too_many', result.message);
      if (result.kind === 'otp') {
        void mail.kick();
        return { success: true as const, message: '2FA required.', data: { user: { id: result.userId } } };
      }
      return {
        success: true as const,
        message: 'Login successful.',
        data: { token: result.token, must_change_password: result.mustChangePassword },
      };
    },
    limited,
  );

  route(
    app,
    endpoints.verifyOtp,
    async (request) => {
      const { otp, user_id } = request.body;
      const result = await auth.verifyOtp(db, user_id, otp, requestContext(request));
      return {
        success: true as const,
        message: 'OTP verified successfully.',
        data: { token: result.token, must_change_password: result.mustChangePassword },
      };
    },
    limited,
  );

  route(
    app,
    endpoints.resendOtp,
    async (request) => {
      await auth.resendOtp(db, secrets, request.body.user_id, requestContext(request));
      void mail.kick();
      return { success: true as const, message: 'New OTP sent successfully!' };
    },
    limited,
  );

  route(
    app,
    endpoints.forgotPassword,
    async (request) => {
      await auth.forgotPassword(db, secrets, request.body.email, requestContext(request));
      void mail.kick();
      return {
        success: true as const,
        message: 'If this e-mail belongs to an account, a temporary password has been sent to it.',
      };
    },
    limited,
  );

  const shell = { config: { allowedBeforePasswordChange: true } };

  route(
    app,
    endpoints.signedInUser,
    async (request) => {
      const actor = requireActor(request);
      return {
        success: true as const,
        data: {
          user: {
            id: actor.userId,
            name: actor.name,
            email: actor.email,
            role_name: actor.roleName,
            is_admin: actor.isAdmin,
            must_change_password: actor.mustChangePassword,
          },
          // The shop's business time zone, so the screens format days as the server counts them.
          time_zone: timeZone,
        },
      };
    },
    shell,
  );

  route(
    app,
    endpoints.logout,
    async (request) => {
      await auth.logout(db, requireActor(request), requestContext(request));
      return { success: true as const, message: 'Logged out successfully.' };
    },
    shell,
  );

  route(
    app,
    endpoints.accessMenus,
    async (request) => {
      const { keys } = requireActor(request);
      const hasAccess = request.body.menuArray.filter((key) => PERMISSION_KEYS.has(key) && keys.has(key));
      return { success: true as const, hasAccess };
    },
    shell,
  );

  route(
    app,
    endpoints.session,
    async (request) => {
      const { expiresAt } = requireActor(request);
      const remaining = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 60_000));
      return { success: true as const, remaining_time_in_minutes: remaining };
    },
    { config: { ...shell.config, keepsSessionIdle: true } },
  );
};
