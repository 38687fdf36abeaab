import { describe, expect, it } from 'vitest';
import { LINK_ACTION_TEXTS, OUTCOME_TEXTS, outcomeFromSearch, outcomePath } from './waitlistOutcome.js';

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

  it('reads back each outcome from the address it is shown at', () => {
    expect(outcomePath('already_confirmed')).toBe('/waitlist?outcome=already_confirmed');
    expect(outcomeFromSearch(new URL(outcomePath('unsubscribed'), 'https://map.example').search)).toBe('unsubscribed');
  });

  it('names what the button of each link does', () => {
    expect(LINK_ACTION_TEXTS.confirm.button).toBe('Confirm my place on the waitlist');
    expect(LINK_ACTION_TEXTS.unsubscribe.button).toBe('Unsubscribe');
  });
});
