import { type PaymentConfig, PaymentConfigSchema } from '@shop/domain';
import { request } from '~/lib/api-client';

/** Which card processor the shop uses, and its public key (GET payments/config/). */
export async function getPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  return PaymentConfigSchema.parse(await request<unknown>('payments/config/', { signal }));
}
