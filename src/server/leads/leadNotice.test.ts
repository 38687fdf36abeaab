import { describe, expect, it } from 'vitest';
import { type LeadNotice, leadNoticeMail } from './leadNotice.js';

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
  requestCount: 1,
  requestedAt: '2026-11-22T08:00:00.000Z',
};

describe('leadNoticeMail', () => {
  it('is a lead_notice mail to the given address', () => {
    expect(leadNoticeMail(notice, 'leads@isp.example')).toMatchObject({ kind: 'lead_notice', to: 'leads@isp.example', replyTo: null });
  });

  it('escapes visitor text in the HTML and keeps it as typed in the plain text', () => {
    const mail = leadNoticeMail(notice, 'leads@isp.example');
    expect(mail.html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; more');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('<script>alert("x")</script> & more');
  });

  it('keeps the subject on one line', () => {
    expect(leadNoticeMail(notice, 'leads@isp.example').subject).toBe('New contact request from Eve Bcc: victim@example.com (General Inquiry)');
  });

  it('shows coordinates alone when no address was searched, and says what is missing', () => {
    const { text } = leadNoticeMail(notice, 'leads@isp.example');
    expect(text).toMatch(/^Searched location: +-33\.90000, 18\.40000$/m);
    expect(text).toMatch(/^Email: +not given$/m);
    expect(text).toMatch(/^Received: +2026-11-22 08:00:00 UTC$/m);
    expect(text).not.toContain('Asked again');
  });

  it('says the location is not known without a search', () => {
    expect(leadNoticeMail({ ...notice, search: null }, 'x@y.example').text).toMatch(/^Searched location: +not known$/m);
  });

  it('tells the provider a visitor asked again, when, how often, and with which latest message', () => {
    const again = { ...notice, name: 'Thandi <b>', email: 'thandi@example.com', requestCount: 3, requestedAt: '2026-11-22T15:30:00.000Z' };
    const mail = leadNoticeMail(again, 'sales@fibre.example');
    expect(mail.subject).toBe('Asked again: contact request from Thandi <b> (General Inquiry)');
    expect(mail.replyTo).toBe('thandi@example.com');
    expect(mail.text).toMatch(/^Thandi <b> asked again through the coverage map/);
    expect(mail.text).toMatch(/^Asked again: +2026-11-22 15:30:00 UTC \(request 3\)$/m);
    expect(mail.text).toMatch(/^Received: +2026-11-22 08:00:00 UTC$/m);
    expect(mail.text).toContain('Latest message:');
    expect(mail.html).toContain('<p>Thandi &#60;b&#62; asked again');
  });
});
