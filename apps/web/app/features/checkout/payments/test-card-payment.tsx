import type { CardFieldsProps, CardPayment } from './card-payment';
import { confirmCardPayment, createTestCardElement, TestCardFields } from './test-processor';

/** The checkout's card payment through the shop's built-in `test` processor. */
export function createTestCardPayment(): CardPayment {
  const card = createTestCardElement();

  function Fields(_props: CardFieldsProps) {
    return <TestCardFields element={card} />;
  }

  return {
    provider: 'test',
    Fields,
    async confirm(clientSecret, billing) {
      const { paymentIntent, error } = await confirmCardPayment(clientSecret, {
        card,
        billing_details: {
          name: billing.name,
          address: {
            line1: billing.address.line1,
            city: billing.address.city,
            postal_code: billing.address.postal_code,
            country: billing.address.country,
          },
        },
      });
      if (error) return { error: error.message || null };
      if (paymentIntent?.status === 'succeeded') return { transactionId: paymentIntent.id };
      return { error: null };
    },
  };
}
