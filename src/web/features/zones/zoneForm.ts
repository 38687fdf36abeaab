import { z } from 'zod';
import { numberField } from '../../../common/api/fields.js';
import { type AdminZone, type ZoneGeometry, zoneInput } from '../../../common/api/zones.js';
import { textFieldRule } from '../../ui/textFieldRule.js';

/** The zone dialog's values, as its inputs hold them (numbers as typed text; the outline is kept beside the form). */
export interface ZoneFormValues {
  name: string;
  /** The chosen provider's id as text, '' before one is chosen. */
  provider_id: string;
  goal: string;
  /** YYYY-MM-DD from the date input, or empty. */
  deadline: string;
  message: string;
  active: boolean;
}

/**
 * The JSON body of POST /api/zones and PUT /api/zones/{id}: every field of the zone, blank deadline
 * and message as null; the outline left out of an update that did not change it.
 */
export type ZonePayload = Pick<AdminZone, 'name' | 'provider_id' | 'goal' | 'deadline' | 'message' | 'active'> & { geometry?: ZoneGeometry };

/** The longest message (characters), as the API allows it. */
export const ZONE_MESSAGE_MAX = 500;

/** The zone form, checked by the API contract's own field rules, so its messages are the server's. */
export const zoneForm = z.object({
  name: textFieldRule(zoneInput.shape.name),
  provider_id: z.string().min(1, 'Choose a provider').pipe(textFieldRule(zoneInput.shape.provider_id)),
  // The API takes the goal as a JSON number; typed, it is decimal text (the one rule of reading it).
  goal: textFieldRule(numberField(zoneInput.shape.goal)),
  deadline: textFieldRule(zoneInput.shape.deadline.unwrap()),
  message: textFieldRule(zoneInput.shape.message.unwrap()),
  active: z.boolean(),
}) satisfies z.ZodType<unknown, ZoneFormValues>;
export type ZoneFormOutput = z.output<typeof zoneForm>;

export const NEW_ZONE_FORM: ZoneFormValues = { name: '', provider_id: '', goal: '', deadline: '', message: '', active: true };

/** A saved zone in the dialog's inputs. */
export function zoneToForm(zone: AdminZone): ZoneFormValues {
  return {
    name: zone.name,
    provider_id: String(zone.provider_id),
    goal: String(zone.goal),
    deadline: zone.deadline ?? '',
    message: zone.message ?? '',
    active: zone.active,
  };
}

/**
 * The body of a save: the checked form, and the outline when it is new or changed (`undefined`
 * for an update that keeps the stored one: a detailed outline is large to send again).
 */
export function zonePayload(values: ZoneFormOutput, geometry: ZoneGeometry | undefined): ZonePayload {
  return geometry ? { ...values, geometry } : { ...values };
}
