import { describe, expect, it } from 'vitest';
import { ContactQuerySchema, NewsletterSubscriptionSchema, fieldErrors } from './schemas';

describe('ContactQuerySchema', () => {
  it('accepts a full query and lower-cases the e-mail', () => {
    const parsed = ContactQuerySchema.parse({
      email: ' Buyer@Example.CO.UK ',
      full_name: 'Sam Patel',
      subject: 'Pallet wrap quote',
      message: '20 rolls a month',
    });
    expect(parsed.email).toBe('buyer@example.co.uk');
  });

  it('gives the spec message for each missing field', () => {
    const result = ContactQuerySchema.safeParse({ email: '', full_name: ' ', subject: '', message: '' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      email: ['Email is required'],
      full_name: ['Full name is required'],
      subject: ['Subject is required'],
      message: ['Message is required'],
    });
  });

  it('says when the e-mail is not address-like', () => {
    const result = NewsletterSubscriptionSchema.safeParse({ email: 'not-an-email' });
    expect(fieldErrors(result.error!)).toEqual({ email: ['Invalid email format'] });
  });

  it('says Email is required when the field is absent', () => {
    const result = NewsletterSubscriptionSchema.safeParse({});
    expect(fieldErrors(result.error!)).toEqual({ email: ['Email is required'] });
  });
});
