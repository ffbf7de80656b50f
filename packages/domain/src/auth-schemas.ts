import { z } from 'zod';
import { enumSchema } from './enums/enum-helpers';
import { Role, roleEnum } from './enums/roles';
import { ValidationCode, emailAddress, requiredText, strongPassword } from './validation';

/**
 * The payloads of the auth calls (spec 01 §7 "Authentication", plus our set-password for the
 * mailed link). Messages are validation codes; the API localises them with the field label.
 */
const c = ValidationCode;

const personId = () => z.uuid({ error: c.invalid });
/** Opaque random tokens (refresh tokens, mailed links): base64url, bounded. */
const opaqueToken = () =>
  z.string({ error: c.required }).trim().min(1, { error: c.required }).max(200, { error: c.tooLong });
/** A password as typed at sign-in: no strength rule (spec 01 §5 "Login"). */
const typedPassword = () =>
  z.string({ error: c.required }).min(1, { error: c.required }).max(200, { error: c.tooLong });

/**
 * The username is an e-mail address (spec 01 §1). Sign-in accepts any text so an operator-chosen
 * ADMIN_USERNAME that is no address still works; the login form itself asks for an e-mail.
 */
export const authenticateBodySchema = z.object({
  username: requiredText(254),
  password: typedPassword(),
  // Spec 01 §1: accepting the terms is a condition of sign-in ("a falsy value" is "required").
  acceptedTermsAndConditions: z.literal(true, { error: c.required }),
});
export type AuthenticateBody = z.infer<typeof authenticateBodySchema>;

/** Sign-in and refresh answer both tokens (DESIGN "API contract"). */
export const authTokensSchema = z.object({ token: z.string(), refreshToken: z.string() });
export type AuthTokens = z.infer<typeof authTokensSchema>;

export const refreshBodySchema = z.object({
  refreshToken: opaqueToken(),
  // The expired access token of the same session; its signature is checked, its expiry is not.
  jwtToken: z.string({ error: c.required }).min(1, { error: c.required }).max(8000, { error: c.tooLong }),
});
export type RefreshBody = z.infer<typeof refreshBodySchema>;

export const logoutBodySchema = z.object({
  userId: personId(),
  refreshToken: opaqueToken().optional(),
});
export type LogoutBody = z.infer<typeof logoutBodySchema>;

/** basic: a link to set a new password (1 hour); welcome: an invitation link (7 days). */
export const MailTemplate = { basic: 'basic', welcome: 'welcome' } as const;
export type MailTemplate = (typeof MailTemplate)[keyof typeof MailTemplate];

export const resetPasswordBodySchema = z.object({
  email: emailAddress(),
  mailTemplate: z.enum([MailTemplate.basic, MailTemplate.welcome], { error: c.invalid }).optional(),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const setPasswordBodySchema = z.object({
  token: opaqueToken(),
  password: strongPassword(),
});
export type SetPasswordBody = z.infer<typeof setPasswordBodySchema>;

export const changePasswordBodySchema = z.object({
  userId: personId(),
  password: strongPassword(),
  // Required for the own account (DESIGN "Where we deliberately go past the spec").
  currentPassword: typedPassword().optional(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const changeUsernameBodySchema = z.object({
  userId: personId(),
  username: emailAddress(),
});
export type ChangeUsernameBody = z.infer<typeof changeUsernameBodySchema>;

/** The stored roles an admin can toggle (spec 01 §6). */
export const toggleableRoles = [Role.Admin, Role.CentralExecutiveCommittee] as const;
export type ToggleableRole = (typeof toggleableRoles)[number];

export const toggleRoleBodySchema = z.object({
  userId: personId(),
  roleName: z.enum(toggleableRoles, { error: c.invalid }),
});
export type ToggleRoleBody = z.infer<typeof toggleRoleBodySchema>;

export const personIdParamsSchema = z.object({ id: personId() });

/** GET auth/{id}/role and the toggle-role answer: the person's stored and derived role names. */
export const roleNamesSchema = z.array(enumSchema(roleEnum));

/** password_tokens.purpose: what a mailed single-use link is for. */
export const PasswordTokenPurpose = { reset: 1, invitation: 2 } as const;
export type PasswordTokenPurpose = (typeof PasswordTokenPurpose)[keyof typeof PasswordTokenPurpose];
