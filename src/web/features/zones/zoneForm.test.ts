import { describe, expect, it } from 'vitest';
import { ZONE_GOAL_MESSAGE } from '../../../common/api/zones.js';
import { NEW_ZONE_FORM, zoneForm, zonePayload } from './zoneForm.js';

const filled = { ...NEW_ZONE_FORM, name: ' Bredasdorp ', provider_id: '3', goal: '120' };
const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [20, -34.6],
      [20.1, -34.6],
      [20.1, -34.5],
      [20, -34.6],
    ] as [number, number][],
  ],
};

/** The form's message for one field, or undefined when it passes. */
const problemOf = (values: typeof filled, field: string) => {
  const result = zoneForm.safeParse(values);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
};

describe('the zone form', () => {
  it('turns the typed values into the API body, blank deadline and message as null', () => {
    const values = zoneForm.parse(filled);
    expect(zonePayload(values, square)).toEqual({
      name: 'Bredasdorp',
      provider_id: 3,
      goal: 120,
      deadline: null,
      message: null,
      active: true,
      geometry: square,
    });
  });

  it('leaves the outline out of an update that keeps the stored one', () => {
    expect(zonePayload(zoneForm.parse(filled), undefined)).not.toHaveProperty('geometry');
  });

  it('keeps a deadline and a trimmed message', () => {
    expect(zoneForm.parse({ ...filled, deadline: '2027-03-31', message: ' help bring fibre ' })).toMatchObject({
      deadline: '2027-03-31',
      message: 'help bring fibre',
    });
  });

  it('asks for a provider before one is chosen', () => {
    expect(problemOf({ ...filled, provider_id: '' }, 'provider_id')).toBe('Choose a provider');
  });

  it("refuses a goal that is blank, not whole or out of range with the API's message", () => {
    for (const goal of ['', '12.5', '0', '1000001', 'ten']) expect(problemOf({ ...filled, goal }, 'goal')).toBe(ZONE_GOAL_MESSAGE);
  });

  it('refuses a message over 500 characters', () => {
    expect(problemOf({ ...filled, message: 'x'.repeat(501) }, 'message')).toBe('Message must be at most 500 characters');
  });
});
