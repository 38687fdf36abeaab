import { z } from 'zod';

/**
 * A form input's text, then the API contract's rule for the field (which reads numbers from text),
 * so a form shows the server's very messages. The rules take any value, so taking text is safe;
 * the cast only narrows their input type to string.
 */
export const textFieldRule = <T extends z.ZodType>(rule: T) => z.string().pipe(rule as unknown as z.ZodType<z.output<T>, string>);
