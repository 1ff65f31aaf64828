import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 6;

export const loginInputSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(64),
  password: z.string().min(1, 'Password is required').max(256),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** The signed-in user as the browser sees it: never the password hash or session data. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  is_admin: z.boolean(),
  created_at: z.string(),
  join_date: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const meResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const USERNAME_MAX_LENGTH = 32;

export const ACCOUNT_MESSAGES = {
  usernameRequired: 'Username is required',
  passwordsDontMatch: "Passwords don't match",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  usernameTooLong: `Username must be at most ${USERNAME_MAX_LENGTH} characters`,
  usernameCharacters: 'Usernames may use letters, digits, spaces, _ and -.',
  usernameNeedsLetterOrDigit: 'Usernames need at least one letter or digit.',
  usernameTaken: 'Username already taken',
  wrongCurrentPassword: 'Your current password is not correct',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Ask an admin for a new one.',
  adminResetFromShell:
    "Reset links are for members only. An admin's password is reset from the shell: npm run admin -- reset-password <name>",
} as const;

const newPassword = z.string().min(PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.passwordTooShort).max(256);
const confirmation = z.string().max(256);
/** The refinement every form that sets a password shares: typed the same twice. */
const typedTwice = {
  message: ACCOUNT_MESSAGES.passwordsDontMatch,
  path: ['confirm_password'],
};

/** `POST /api/auth/register` (spec §5, Registration): the username is stored trimmed, in the case typed. */
export const registerInputSchema = z
  .object({
    username: z
      .string()
      .trim()
      .min(1, ACCOUNT_MESSAGES.usernameRequired)
      .max(USERNAME_MAX_LENGTH, ACCOUNT_MESSAGES.usernameTooLong),
    password: newPassword,
    confirm_password: confirmation,
  })
  .refine((input) => input.password === input.confirm_password, typedTwice);
export type RegisterInput = z.input<typeof registerInputSchema>;

/** `POST /api/auth/password`: a signed-in user changes their own password (the Account tab). */
export const changePasswordInputSchema = z
  .object({
    current_password: z.string().min(1, 'Current password is required').max(256),
    new_password: newPassword,
    confirm_password: confirmation,
  })
  .refine((input) => input.new_password === input.confirm_password, typedTwice);
export type ChangePasswordInput = z.input<typeof changePasswordInputSchema>;

/** `POST /api/auth/password/first`: the first password of an account made by Discord sign-in. */
export const firstPasswordInputSchema = z
  .object({ new_password: newPassword, confirm_password: confirmation })
  .refine((input) => input.new_password === input.confirm_password, typedTwice);
export type FirstPasswordInput = z.input<typeof firstPasswordInputSchema>;

/** `POST /api/auth/password-reset`: a new password set through a one-time link an admin made. */
export const passwordResetInputSchema = z
  .object({ token: z.string().min(1).max(128), password: newPassword, confirm_password: confirmation })
  .refine((input) => input.password === input.confirm_password, typedTwice);
export type PasswordResetInput = z.input<typeof passwordResetInputSchema>;
