import { z } from 'zod';

/** Every JSON body the API sends: `{ success, message?, data? }` (docs/api.md, Conventions). */
export interface ApiEnvelope<T> {
  success: boolean;
  message?: string;
  data?: T;
}

/** Zod schema of a successful envelope around `data`, for response validation and OpenAPI. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string().optional(), data });
}

/** The envelope of any failure: the message is meant for people and is safe to show. */
export const errorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** A success envelope that carries only a message. */
export const messageEnvelope = z.object({ success: z.literal(true), message: z.string() });
