import { describe, expect, it } from 'vitest';
import { type LeadNotice, leadEmail } from './leadNotice.js';

const notice: LeadNotice = {
  id: 7,
  leadType: 'contact_request',
  name: 'Eve\r\nBcc: victim@example.com',
  email: null,
  phone: '021 555 0100',
  message: '<script>alert("x")</script> & more',
  provider: null,
  search: { address: null, lat: -33.9, lng: 18.4 },
  createdAt: '2026-11-22T08:00:00.000Z',
};

describe('leadEmail', () => {
  it('escapes visitor text in the HTML and keeps it as typed in the plain text', () => {
    const mail = leadEmail(notice, 'leads@isp.example');
    expect(mail.html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; more');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('<script>alert("x")</script> & more');
  });

  it('keeps the subject on one line', () => {
    expect(leadEmail(notice, 'leads@isp.example').subject).toBe('New contact request from Eve Bcc: victim@example.com (General Inquiry)');
  });

  it('shows coordinates alone when no address was searched, and says what is missing', () => {
    const { text, replyTo } = leadEmail(notice, 'leads@isp.example');
    expect(text).toMatch(/^Searched location: +-33\.90000, 18\.40000$/m);
    expect(text).toMatch(/^Email: +not given$/m);
    expect(text).toMatch(/^Received: +2026-11-22 08:00:00 UTC$/m);
    expect(replyTo).toBeUndefined();
  });

  it('says the location is not known without a search', () => {
    expect(leadEmail({ ...notice, search: null }, 'x@y.example').text).toMatch(/^Searched location: +not known$/m);
  });
});
