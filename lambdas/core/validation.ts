// Input schemas shared by resolvers: bounded strings, coordinates inside Australia's reach,
// LGA codes as ABS writes them. Every resolver parses its arguments with one of these.
import { z } from 'zod';
import { validationError } from './errors';

export const lgaCode = z.string().regex(/^\d{5}$/, 'Invalid LGA');
export const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .email('Invalid email address');
export const boundedText = (max: number) => z.string().trim().max(max);
export const requiredText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long (maximum ${max} characters)`);

/** Parse arguments or throw a ValidationError carrying the first problem's message. */
export function parseArgs<T extends z.ZodTypeAny>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error.issues[0]?.message ?? 'Invalid input');
  return result.data;
}
