import { describe, expect, it } from 'vitest';
import { OUTCOME_TEXTS, outcomeFromSearch } from './waitlistOutcome.js';

describe('the /waitlist page’s outcome', () => {
  it('reads each outcome the server redirects with', () => {
    expect(outcomeFromSearch('?outcome=confirmed')).toBe('confirmed');
    expect(outcomeFromSearch('?outcome=already_confirmed')).toBe('already_confirmed');
    expect(outcomeFromSearch('?outcome=unsubscribed')).toBe('unsubscribed');
    expect(outcomeFromSearch('?outcome=invalid')).toBe('invalid');
  });

  it('takes a missing or unknown outcome as a link that is not valid', () => {
    expect(outcomeFromSearch('')).toBe('invalid');
    expect(outcomeFromSearch('?outcome=CONFIRMED')).toBe('invalid');
    expect(outcomeFromSearch('?outcome=toString')).toBe('invalid');
  });

  it('says it in plain words', () => {
    expect(OUTCOME_TEXTS.confirmed.text).toBe("You're on the list: we'll e-mail you when service is available at your address.");
    expect(OUTCOME_TEXTS.unsubscribed.text).toBe("You have been unsubscribed: we won't e-mail you again.");
    expect(OUTCOME_TEXTS.invalid.text).toBe('This link is not valid any more: it may have expired. Check your address again on the map to join.');
  });
});
