import { forgotPasswordSchema, loginSchema, PERMISSION_KEYS, resendOtpSchema, verifyOtpSchema } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext, requireActor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import type { AppServices } from '../../services.ts';
import * as auth from './auth.service.ts';

// Sign-in and the shell's calls.
export const authRoutes: FastifyPluginAsyncZod<AppServices> = async (
  app,
  { db, mail, secrets, authRateLimit, timeZone },
) => {
  const limited = { access: 'public' as const, rateLimit: { max: authRateLimit, timeWindow: '1 minute' } };

  app.post('/login', { config: limited, schema: { body: loginSchema } }, async (request) => {
    const result = await auth.login(db, secrets, request.body, requestContext(request));
    if (result.kind === 'refused') {
      if (result.mailQueued) void mail.kick();
      throw new AppError('unauthenticated', result.message);
    }
    if (result.kind === 'slowed') throw new AppError('too_many', result.message);
    if (result.kind === 'otp') {
      void mail.kick();
      return { success: true, message: '2FA required.', data: { user: { id: result.userId } } };
    }
    return {
      success: true,
      message: 'Login successful.',
      data: { token: result.token, must_change_password: result.mustChangePassword },
    };
  });

  app.post('/verifyotp', { config: limited, schema: { body: verifyOtpSchema } }, async (request) => {
    const { otp, user_id } = request.body;
    const result = await auth.verifyOtp(db, user_id, otp, requestContext(request));
    return {
      success: true,
      message: 'OTP verified successfully.',
      data: { token: result.token, must_change_password: result.mustChangePassword },
    };
  });

  app.post('/getotp', { config: limited, schema: { body: resendOtpSchema } }, async (request) => {
    await auth.resendOtp(db, secrets, request.body.user_id, requestContext(request));
    void mail.kick();
    return { success: true, message: 'New OTP sent successfully!' };
  });

  app.post('/forgotpassword', { config: limited, schema: { body: forgotPasswordSchema } }, async (request) => {
    await auth.forgotPassword(db, secrets, request.body.email, requestContext(request));
    void mail.kick();
    return {
      success: true,
      message: 'If this e-mail belongs to an account, a temporary password has been sent to it.',
    };
  });

  const shell = { access: 'signedIn' as const, allowedBeforePasswordChange: true };

  app.get('/loggedinuser', { config: shell }, async (request) => {
    const actor = requireActor(request);
    return {
      success: true,
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
  });

  app.post('/logout', { config: shell }, async (request) => {
    await auth.logout(db, requireActor(request), requestContext(request));
    return { success: true, message: 'Logged out successfully.' };
  });

  app.post(
    '/accessmenus',
    { config: shell, schema: { body: z.object({ menuArray: z.array(z.string().max(100)).max(500) }) } },
    async (request) => {
      const { keys } = requireActor(request);
      const hasAccess = request.body.menuArray.filter((key) => PERMISSION_KEYS.has(key) && keys.has(key));
      return { success: true, hasAccess };
    },
  );

  app.get('/session', { config: { ...shell, keepsSessionIdle: true } }, async (request) => {
    const { expiresAt } = requireActor(request);
    const remaining = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 60_000));
    return { success: true, remaining_time_in_minutes: remaining };
  });
};
